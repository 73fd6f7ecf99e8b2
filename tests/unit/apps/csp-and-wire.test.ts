/** The sandbox's CSP from declared metadata, the HTML it goes into, the key that would allow a block, and the wire's rows. */
import { describe, expect, it } from "vitest";
import { appToolsOf } from "@/lib/apps/catalog";
import { cspKeyFor, cspOf, cspProblems, policyFor, prepareHtml, violationOf } from "@/lib/apps/csp";
import { WireLog } from "@/lib/apps/wire";

describe("the app's Content-Security-Policy", () => {
  it("without declared domains is the spec's restrictive default: no connections, no frames, base-uri self", () => {
    const p = policyFor({});
    expect(p).toContain("default-src 'none'");
    expect(p).toContain("connect-src 'none'");
    expect(p).toContain("frame-src 'none'");
    expect(p).toContain("base-uri 'self'");
    expect(p).toContain("object-src 'none'");
  });

  it("adds exactly the declared origins to their directives (resourceDomains to scripts, styles, images, fonts, media)", () => {
    const p = policyFor(
      cspOf({ connectDomains: ["https://api.example.com"], resourceDomains: ["https://cdn.example.com"] }),
    );
    expect(p).toContain("connect-src https://api.example.com");
    for (const d of ["script-src", "style-src", "img-src", "font-src", "media-src"])
      expect(p).toMatch(new RegExp(`${d} [^;]*https://cdn\\.example\\.com`));
    expect(p).toContain("frame-src 'none'");
  });

  it("drops entries that are not origins rather than pass them into the policy (a quote or a space would widen it)", () => {
    const csp = cspOf({
      connectDomains: ["https://ok.example.com", "'unsafe-eval'", "https://a.com https://b.com", 42],
    });
    expect(csp.connectDomains).toEqual(["https://ok.example.com"]);
    expect(cspProblems({ connectDomains: ["'unsafe-eval'"], frames: [] })).toEqual([
      `connectDomains: "'unsafe-eval'" is not an origin such as https://api.example.com`,
      'unknown key "frames" (the keys are connectDomains, resourceDomains, frameDomains, baseUriDomains)',
    ]);
  });

  it("goes into the HTML first (after the doctype), before any of the app's markup, with the reporter", () => {
    const html = prepareHtml(
      "<!DOCTYPE html><html><head><script>app()</script></head></html>",
      `default-src 'none'; x "y"`,
    );
    expect(
      html.startsWith(
        '<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="default-src \'none\'; x &quot;y&quot;">',
      ),
    ).toBe(true);
    expect(html.indexOf("securitypolicyviolation")).toBeLessThan(html.indexOf("app()"));
  });

  it("names the key that would allow a blocked request", () => {
    expect(cspKeyFor("connect-src")).toBe("connectDomains");
    expect(cspKeyFor("script-src-elem")).toBe("resourceDomains");
    expect(cspKeyFor("frame-src")).toBe("frameDomains");
    expect(cspKeyFor("base-uri")).toBe("baseUriDomains");
    expect(cspKeyFor("object-src")).toBeUndefined();
    expect(violationOf({ blockedURI: "https://api.example.com/data?x=1", directive: "connect-src" })).toEqual({
      blockedURI: "https://api.example.com/data?x=1",
      domain: "https://api.example.com",
      directive: "connect-src",
      key: "connectDomains",
    });
  });

  it("no _meta.ui.csp key can allow eval or inline code, so a blocked eval or inline script names none and says it is code", () => {
    for (const blockedURI of ["eval", "inline", "wasm-eval"])
      for (const directive of ["script-src", "script-src-elem", "script-src-attr", "style-src-attr"])
        expect(violationOf({ blockedURI, directive }), `${blockedURI} under ${directive}`).toEqual({
          blockedURI,
          domain: blockedURI,
          directive,
          code: blockedURI === "inline" ? "inline" : "eval",
        });
    // A script file from another origin is still allowed by declaring its origin.
    expect(violationOf({ blockedURI: "https://cdn.example.com/a.js", directive: "script-src-elem" })?.key).toBe(
      "resourceDomains",
    );
  });
});

describe("which tools are apps", () => {
  it("takes _meta.ui.resourceUri, else the deprecated flat key, only for ui:// URIs, with the listed MIME type", () => {
    const apps = appToolsOf(
      [
        { name: "a", _meta: { ui: { resourceUri: "ui://s/a.html" } } },
        { name: "b", _meta: { "ui/resourceUri": "ui://s/b.html" } },
        { name: "c", _meta: { ui: { resourceUri: "https://example.com/c.html" } } },
        { name: "d" },
      ],
      [{ uri: "ui://s/a.html", mimeType: "text/html;profile=mcp-app" }],
    );
    expect(apps.map((a) => [a.tool, a.uriKey, a.mimeType ?? null, a.listed])).toEqual([
      ["a", "ui.resourceUri", "text/html;profile=mcp-app", true],
      ["b", "ui/resourceUri", null, false],
    ]);
  });
});

describe("the Apps wire", () => {
  it("pairs a response with the request that crossed the other way, with its latency and meaning", () => {
    let t = 0;
    const log = new WireLog(() => t);
    log.record("app→host", { jsonrpc: "2.0", id: 1, method: "ui/initialize", params: {} });
    t = 12;
    log.record("host→app", { jsonrpc: "2.0", id: 1, result: {} });
    log.record("host→app", { jsonrpc: "2.0", method: "ui/notifications/tool-input", params: {} });
    const rows = log.all();
    expect(rows.map((r) => [r.direction, r.kind, r.method, r.id ?? null, r.latencyMs ?? null])).toEqual([
      ["app→host", "request", "ui/initialize", 1, null],
      ["host→app", "response", "ui/initialize", 1, 12],
      ["host→app", "notification", "ui/notifications/tool-input", null, null],
    ]);
    expect(rows[0].explain).toMatch(/^The app's handshake/);
    expect(rows[2].explain).toMatch(/after it initialized/);
  });
});

describe("the Apps wire's bounds", () => {
  it("keeps the last WIRE_MAX_ROWS rows of an app that posts without end, numbering them on", async () => {
    const { WIRE_MAX_ROWS } = await import("@/lib/apps/wire");
    const log = new WireLog(() => 0);
    for (let i = 0; i < WIRE_MAX_ROWS + 10; i++)
      log.record("app→host", { jsonrpc: "2.0", method: "notifications/message", params: { i } });
    const rows = log.all();
    expect(rows).toHaveLength(WIRE_MAX_ROWS);
    expect([rows[0].seq, rows.at(-1)!.seq, log.dropped]).toEqual([11, WIRE_MAX_ROWS + 10, 10]);
  });
});
