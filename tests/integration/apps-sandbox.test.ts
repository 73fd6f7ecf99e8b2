/** The app sandbox's own listener: a second origin that serves the proxy page and one-time app documents, nothing else. */
import { execFileSync } from "node:child_process";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { policyFor } from "@/lib/apps/csp";
import { startAppsSandbox } from "@/lib/node/apps/sandbox-server";
import { TS_FIXTURES_ENV, tsFixtureFile } from "@/tests/helpers/ts-fixtures";

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

function call(
  port: number,
  path: string,
  options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: { host: options.host ?? `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

const PLAYGROUND = "http://127.0.0.1:3999";
const csp = (a: Answer) => String(a.headers["content-security-policy"] ?? "");

beforeEach(() => vi.stubEnv("PORT", "3999"));
afterEach(() => vi.unstubAllEnvs());

/** What the proxy page POSTs: the app's HTML and declared CSP, from its own origin. */
async function store(port: number, origin: string, body: object): Promise<Answer> {
  return call(port, "/app", {
    method: "POST",
    headers: { origin, "content-type": "application/json", "sec-fetch-site": "same-origin" },
    body: JSON.stringify(body),
  });
}

describe("the Apps sandbox listener", () => {
  it("is started once per process on its own loopback port and serves the proxy page to the playground's origin", async () => {
    const a = await startAppsSandbox();
    const b = await startAppsSandbox();
    expect(b).toBe(a);
    expect(a.origin).toBe(`http://127.0.0.1:${a.port}`);
    const page = await call(a.port, `/sandbox.html?host=${encodeURIComponent(PLAYGROUND)}`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("ui/notifications/sandbox-proxy-ready");
  });

  it("answers nothing else, and nothing to a name that is not loopback (DNS rebinding)", async () => {
    const { port } = await startAppsSandbox();
    expect((await call(port, "/")).status).toBe(404);
    expect((await call(port, `/sandbox.html?host=${PLAYGROUND}`, { host: "evil.example:80" })).status).toBe(421);
  });
});

describe("the sandbox proxy page is the playground's only", () => {
  it("can be framed by the playground's origin only (frame-ancestors) and frames its own origin only (frame-src)", async () => {
    const { port } = await startAppsSandbox();
    const page = await call(port, `/sandbox.html?host=${encodeURIComponent(PLAYGROUND)}`);
    expect(csp(page)).toContain(`frame-ancestors ${PLAYGROUND};`);
    expect(csp(page)).toContain("frame-src 'self';");
    expect(csp(page)).toContain("default-src 'none'");
  });

  it("refuses a host that is not the playground's origin: another page cannot frame it as its host", async () => {
    const { port } = await startAppsSandbox();
    for (const host of ["", "http://evil.example", "http://127.0.0.1:4000", "null", `${PLAYGROUND}/x`]) {
      const page = await call(port, `/sandbox.html?host=${encodeURIComponent(host)}`);
      expect({ host, status: page.status, body: page.body }).toEqual({
        host,
        status: 400,
        body: "bad request: the app sandbox is framed by the playground only (?host= names its origin)\n",
      });
    }
  });

  it("fixes its inner frame's sandbox attribute: the host's sandbox value is not read", async () => {
    const { port } = await startAppsSandbox();
    const page = await call(port, `/sandbox.html?host=${encodeURIComponent(PLAYGROUND)}`);
    expect(page.body).toContain('inner.setAttribute("sandbox", "allow-scripts allow-forms")');
    expect(page.body).not.toContain("p.sandbox");
  });
});

describe("an app document on the sandbox origin", () => {
  it("is served once, with the app's declared CSP as an HTTP header, always sandboxed and framed by the proxy in the playground only", async () => {
    const { port, origin } = await startAppsSandbox();
    const declared = { connectDomains: ["https://api.example.com"] };
    const stored = await store(port, origin, { html: "<!DOCTYPE html><p>app</p>", csp: declared, host: PLAYGROUND });
    expect(stored.status).toBe(201);
    const { path } = JSON.parse(stored.body) as { path: string };
    expect(path).toMatch(/^\/app\/[A-Za-z0-9_-]{20,}$/);
    const doc = await call(port, path);
    expect(doc.status).toBe(200);
    expect(csp(doc)).toBe(
      `${policyFor(declared)}; sandbox allow-scripts allow-forms; frame-ancestors ${origin} ${PLAYGROUND}`,
    );
    // The port shim comes first, before any of the app's markup.
    expect(doc.body).toMatch(/^<!DOCTYPE html><script>\(function\(\)\{var c=new MessageChannel\(\)/);
    expect(doc.body).toContain("playground/app-port");
    expect(doc.body.endsWith("<p>app</p>")).toBe(true);
    expect((await call(port, path)).status).toBe(404);
  });

  it("is stored only by the proxy page's own origin, for the playground's origin", async () => {
    const { port, origin } = await startAppsSandbox();
    const body = { html: "<p>x</p>", csp: {}, host: PLAYGROUND };
    for (const other of [PLAYGROUND, "null", "http://evil.example"]) {
      const refused = await store(port, other, body);
      expect({ other, status: refused.status }).toEqual({ other, status: 403 });
    }
    const noOrigin = await call(port, "/app", { method: "POST", body: JSON.stringify(body) });
    expect(noOrigin.status).toBe(403);
    const foreignHost = await store(port, origin, { ...body, host: "http://evil.example" });
    expect(foreignHost.status).toBe(400);
  });

  it("is refused past 16 MiB with 413, saying the limit", async () => {
    const { port, origin } = await startAppsSandbox();
    const big = await store(port, origin, { html: "x".repeat(16 * 1024 * 1024 + 70_000), csp: {}, host: PLAYGROUND });
    expect({ status: big.status, body: big.body }).toEqual({
      status: 413,
      body: "too large: an app document is at most 16777216 bytes\n",
    });
  });
});

describe("the Apps sandbox in hosted mode", () => {
  // The sandbox server's module: its bundle (tests/helpers/ts-fixtures.ts), else its source through tsx.
  const SANDBOX = JSON.stringify(pathToFileURL(tsFixtureFile("apps-sandbox-server")).href);
  const loader = process.env[TS_FIXTURES_ENV] ? [] : ["--import", "tsx"];
  const run = (script: string, env: Record<string, string>) =>
    execFileSync(process.execPath, [...loader, "--input-type=module", "-e", script], {
      cwd: process.cwd(),
      env: { ...process.env, PLAYGROUND_MODE: "hosted", ...env },
      encoding: "utf8",
    }).trim();

  it("refuses to start without a public origin, and says which settings it needs", () => {
    const script = `import(${SANDBOX}).then((m) => m.startAppsSandbox()).then(() => console.log("started"), (e) => console.log(e.message))`;
    expect(run(script, { PLAYGROUND_APPS_SANDBOX_ORIGIN: "" })).toBe(
      "hosted mode renders MCP Apps only when PLAYGROUND_APPS_SANDBOX_PORT and PLAYGROUND_APPS_SANDBOX_ORIGIN name an exposed port and its public origin",
    );
  });

  it("binds the address the playground binds (--host 127.0.0.1), not every address", () => {
    // 127.0.0.2 is loopback too: a listener on 0.0.0.0 accepts it, one on 127.0.0.1 refuses it.
    const script = `import net from "node:net";
      import(${SANDBOX}).then((m) => m.startAppsSandbox({ host: "127.0.0.1" })).then((s) => {
        const c = net.connect(s.port, "127.0.0.2");
        c.on("connect", () => { console.log("127.0.0.2 accepted"); process.exit(0); });
        c.on("error", (e) => { console.log("127.0.0.2 " + e.code); process.exit(0); });
      }, (e) => console.log(e.message))`;
    const env = { PLAYGROUND_APPS_SANDBOX_ORIGIN: "https://sandbox.example", HOST: "" };
    expect(run(script, env)).toBe("127.0.0.2 ECONNREFUSED");
  });

  it("binds loopback when the caller names no address: it never re-derives the server's every-address default", () => {
    const script = `import net from "node:net";
      import(${SANDBOX}).then((m) => m.startAppsSandbox()).then((s) => {
        const c = net.connect(s.port, "127.0.0.2");
        c.on("connect", () => { console.log("127.0.0.2 accepted"); process.exit(0); });
        c.on("error", (e) => { console.log("127.0.0.2 " + e.code); process.exit(0); });
      }, (e) => console.log(e.message))`;
    const env = { PLAYGROUND_APPS_SANDBOX_ORIGIN: "https://sandbox.example", HOST: "" };
    expect(run(script, env)).toBe("127.0.0.2 ECONNREFUSED");
  });
});
