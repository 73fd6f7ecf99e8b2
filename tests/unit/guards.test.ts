import { beforeEach, describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import {
  checkHost,
  checkOrigin,
  checkPageHeaders,
  guardRequest,
  launchRedirect,
  pageFor,
  parseHost,
} from "@/lib/node/web/guards";
import { checkUpstreamHeaders } from "@/lib/node/bridge/headers";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { checkToken, getLaunchToken, hostedPageToken } from "@/lib/node/web/token";
import { localLaunchForEachTest } from "../helpers/env";

const TOKEN = "t".repeat(64);

function bridgeRequest(headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:3000/api/bridge/send", { method: "POST", headers, body: "{}" });
}

localLaunchForEachTest(TOKEN);

const good = { host: "127.0.0.1:3000", [TOKEN_HEADER]: TOKEN };
const withHost = (host: string) => ({ ...good, host });
const withOrigin = (origin: string) => ({ ...good, origin });
/** The status each refusal answers with. */
const STATUS = { "forbidden-host": 403, "forbidden-origin": 403, unauthorized: 401 } as const;
type Row = [rule: string, headers: Record<string, string>, refusal: keyof typeof STATUS | null];

function guardRows(rows: Row[]): void {
  for (const [rule, headers, refusal] of rows) {
    it(`bridge ${rule}`, () => {
      const result = guardRequest(bridgeRequest(headers));
      if (refusal === null) expect(result).toBeNull();
      else expect(result).toMatchObject({ ok: false, kind: refusal, status: STATUS[refusal] });
    });
  }
}

describe("hosted mode: a loopback page is the page's own origin on the same port", () => {
  beforeEach(() => vi.stubEnv("PLAYGROUND_MODE", "hosted"));
  guardRows([
    ["accepts the page's own origin", withOrigin("http://127.0.0.1:3000"), null],
    ["accepts localhost and 127.0.0.1 as the same page on the same port", withOrigin("http://localhost:3000"), null],
    [
      "accepts any port (the app is not tied to 3000)",
      { ...withHost("localhost:3100"), origin: "http://localhost:3100" },
      null,
    ],
    ["accepts the IPv6 loopback", { ...withHost("[::1]:3000"), origin: "http://[::1]:3000" }, null],
    ["refuses a loopback page on another port", withOrigin("http://127.0.0.1:8080"), "forbidden-origin"],
  ]);
  it("a page served under an allowed host name may call its own bridge", () => {
    vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "devbox.lan");
    expect(checkOrigin("http://devbox.lan:3000", "devbox.lan:3000")).toBeNull();
  });
});

describe("local mode: only this launch's own origin is the page's (issue 43: an earlier server may own the loopback origin)", () => {
  const launch = () => `${launchHostname()}:3000`;
  it("bridge accepts this launch's own origin, mcp-<random>.localhost on the port", () => {
    expect(guardRequest(bridgeRequest({ ...withHost(launch()), origin: `http://${launch()}` }))).toBeNull();
  });
  it("bridge refuses this launch's name on another port, and another launch's name", () => {
    expect(
      guardRequest(bridgeRequest({ ...withHost(launch()), origin: `http://${launchHostname()}:3001` })),
    ).toMatchObject({ kind: "forbidden-origin" });
    const earlier = `mcp-${"a".repeat(32)}.localhost:3000`;
    expect(guardRequest(bridgeRequest({ ...withHost(earlier), origin: `http://${earlier}` }))).toMatchObject({
      kind: "forbidden-host",
      message: expect.stringMatching(/earlier launch's address/),
    });
  });
  guardRows([
    [
      "refuses the port's loopback origin (an earlier server's page or worker)",
      withOrigin("http://127.0.0.1:3000"),
      "forbidden-origin",
    ],
    [
      "refuses localhost on the port",
      { ...withHost("localhost:3000"), origin: "http://localhost:3000" },
      "forbidden-origin",
    ],
    [
      "refuses the IPv6 loopback on the port",
      { ...withHost("[::1]:3000"), origin: "http://[::1]:3000" },
      "forbidden-origin",
    ],
  ]);
  it("a page under an allowed host name is not this launch's page", () => {
    vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "devbox.lan");
    expect(checkOrigin("http://devbox.lan:3000", "devbox.lan:3000")).toMatchObject({ kind: "forbidden-origin" });
  });
});

describe("guardRequest: Host, then Origin, then token", () => {
  const rows: Row[] = [
    ["accepts a loopback Host with the launch token and no Origin (the CLI, curl)", good, null],
    ["refuses a request whose Host is not loopback (DNS rebinding)", withHost("evil.example:3000"), "forbidden-host"],
    ["refuses a Host that only starts like a loopback name", withHost("127.0.0.1.nip.io:3000"), "forbidden-host"],
    ["refuses a Host that ends in localhost", withHost("localhost.evil.example"), "forbidden-host"],
    ["refuses a foreign Origin even with the token", withOrigin("http://evil.example"), "forbidden-origin"],
    [
      "refuses a loopback page on another port (another local app)",
      withOrigin("http://127.0.0.1:8080"),
      "forbidden-origin",
    ],
    ["refuses the opaque origin null (sandboxed frames, file: pages)", withOrigin("null"), "forbidden-origin"],
    ["refuses a call without the token", { host: "127.0.0.1:3000" }, "unauthorized"],
    ["refuses a wrong token", { ...good, [TOKEN_HEADER]: "nope" }, "unauthorized"],
    [
      "checks Host before the token (a rebinding page learns nothing about the token)",
      { host: "evil.example" },
      "forbidden-host",
    ],
  ];
  guardRows(rows);

  it("refusals explain themselves and how to allow more", () => {
    expect(guardRequest(bridgeRequest(withHost("evil.example:3000")))?.message).toMatch(
      /DNS-rebinding.*PLAYGROUND_ALLOWED_HOSTS/,
    );
    expect(guardRequest(bridgeRequest(withOrigin("http://evil.example")))?.message).toMatch(
      /PLAYGROUND_ALLOWED_ORIGINS/,
    );
    expect(guardRequest(bridgeRequest({ host: "127.0.0.1:3000" }))?.message).toMatch(
      /missing x-playground-token.*PLAYGROUND_TOKEN/,
    );
  });
});

describe("allow-lists can be extended by environment", () => {
  it("PLAYGROUND_ALLOWED_HOSTS admits a named host (with or without port)", () => {
    vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "devbox.lan, other:8080");
    expect(checkHost("devbox.lan:3000")).toBeNull();
    expect(checkHost("other:8080")).toBeNull();
    expect(checkHost("other:9090")).not.toBeNull();
  });
  it("PLAYGROUND_ALLOWED_ORIGINS admits an exact origin", () => {
    vi.stubEnv("PLAYGROUND_ALLOWED_ORIGINS", "http://tools.example:9000");
    expect(checkOrigin("http://tools.example:9000", "127.0.0.1:3000")).toBeNull();
    expect(checkOrigin("http://tools.example:9001", "127.0.0.1:3000")).not.toBeNull();
  });
});

describe("the page (and the demo MCP route) check Host and Origin but need no token", () => {
  it("page headers pass without a token", () =>
    expect(checkPageHeaders(new Headers({ host: "127.0.0.1:3000" }))).toBeNull());
  it("page refuses a foreign Host (DNS rebinding)", () =>
    expect(checkPageHeaders(new Headers({ host: "attacker.example" }))?.kind).toBe("forbidden-host"));
  it("page refuses a missing Host", () => expect(checkPageHeaders(new Headers())?.kind).toBe("forbidden-host"));
  it("local mode: the playground page is served on this launch's name only; on 127.0.0.1, localhost or [::1] it is refused and says to open the launch URL", () => {
    expect(pageFor(new Headers({ host: `${launchHostname()}:3000` }))).toEqual({ kind: "playground", hosted: false });
    for (const host of ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"]) {
      const page = pageFor(new Headers({ host }));
      expect(page).toMatchObject({ kind: "refused", refusal: { kind: "forbidden-host", status: 403 } });
      const message = page.kind === "refused" ? page.refusal.message : "";
      expect(message).toMatch(
        /answer only at the address of its launch URL.*open the launch URL the playground printed/,
      );
      expect(message).not.toContain(launchHostname());
    }
  });
  it("local mode: a page address on 127.0.0.1, localhost, [::1] or an earlier launch's name moves to this launch's origin (path and query kept); API calls and assets do not", () => {
    const to = (port: string, url: string) => `http://${launchHostname()}:${port}${url}`;
    expect(launchRedirect("GET", "/examples?x=1", "127.0.0.1:3000")).toBe(to("3000", "/examples?x=1"));
    expect(launchRedirect("HEAD", "/", "localhost:3100")).toBe(to("3100", "/"));
    expect(launchRedirect("GET", "/", "[::1]:3000")).toBe(to("3000", "/"));
    expect(launchRedirect("GET", "/", `mcp-${"b".repeat(32)}.localhost:3000`)).toBe(to("3000", "/"));
    expect(launchRedirect("GET", "/", `${launchHostname()}:3000`)).toBeNull();
    expect(launchRedirect("POST", "/", "127.0.0.1:3000")).toBeNull();
    expect(launchRedirect("GET", "/api/health", "127.0.0.1:3000")).toBeNull();
    // The authorization callback (authorization servers redirect to 127.0.0.1) moves to the launch's tab too.
    expect(launchRedirect("GET", "/api/auth/callback?code=c&state=s", "127.0.0.1:3000")).toBe(
      to("3000", "/api/auth/callback?code=c&state=s"),
    );
    expect(launchRedirect("GET", "/_next/static/x.js", "127.0.0.1:3000")).toBeNull();
    expect(launchRedirect("GET", "/", "evil.example:3000")).toBeNull();
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    expect(launchRedirect("GET", "/", "127.0.0.1:3000")).toBeNull();
  });
  it("hosted mode: the page is served on loopback names as before", () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    expect(pageFor(new Headers({ host: "127.0.0.1:3000" }))).toMatchObject({ kind: "playground", hosted: true });
  });
});

describe("parseHost", () => {
  const rows: [string, ReturnType<typeof parseHost>][] = [
    ["127.0.0.1:3000", { hostname: "127.0.0.1", port: "3000" }],
    ["LOCALHOST", { hostname: "localhost", port: undefined }],
    ["[::1]:3000", { hostname: "[::1]", port: "3000" }],
    ["a:b:c", null],
    ["user@host", null],
    ["", null],
  ];
  for (const [host, parsed] of rows)
    it(`${JSON.stringify(host)} parses as ${JSON.stringify(parsed)}`, () => expect(parseHost(host)).toEqual(parsed));
});

describe("the launch token", () => {
  it("PLAYGROUND_TOKEN sets the token for scripts", () => expect(getLaunchToken()).toBe(TOKEN));
  it("without PLAYGROUND_TOKEN the token is 32 random bytes in hex, stable for the launch", () => {
    vi.stubEnv("PLAYGROUND_TOKEN", "");
    const token = getLaunchToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(getLaunchToken()).toBe(token);
    expect(checkToken(token)).toBe(true);
  });
  it("token comparison rejects prefixes, empty and missing values", () => {
    expect(checkToken(TOKEN.slice(0, 10))).toBe(false);
    expect(checkToken("")).toBe(false);
    expect(checkToken(null)).toBe(false);
  });
});

describe("only allow-listed headers go upstream", () => {
  /** `refused`: null where the headers may go, else what the refusal says. */
  const rows: [rule: string, headers: Record<string, string>, refused: RegExp | null][] = [
    [
      "Authorization, session id and protocol headers may go upstream",
      {
        Authorization: "Bearer x",
        "Mcp-Session-Id": "s",
        "MCP-Protocol-Version": "2025-11-25",
        "Mcp-Method": "m",
        "Mcp-Name": "n",
        "Last-Event-ID": "1",
      },
      null,
    ],
    ["Mcp-Param-* and X-* may go upstream", { "Mcp-Param-Region": "us", "X-Trace": "1" }, null],
    ["Accept may be overridden to show a server's 406", { Accept: "application/json" }, null],
    ["Cookie may not go upstream", { Cookie: "a=b" }, /Cookie may not be sent upstream/],
    ["Host may not be forged", { Host: "other" }, /may not be sent upstream/],
    ["a CR/LF in a value is refused (header injection)", { "X-A": "1\r\nX-B: 2" }, /carriage return/],
    ["a LF in a name is refused", { "X-A\nB": "1" }, /line feed/],
    ["a NUL in a value is refused", { "X-A": "a\0b" }, /NUL/],
    ["a name with a space is not a header name", { "X A": "1" }, /not a valid HTTP header name/],
    ["the bridge token never goes upstream", { [TOKEN_HEADER]: TOKEN }, /never sent upstream/],
    ["characters outside Latin-1 cannot travel in a header", { "Mcp-Name": "世界" }, /Latin-1.*base64/],
  ];
  for (const [rule, headers, refused] of rows) {
    it(rule, () => {
      const result = checkUpstreamHeaders(headers);
      expect(result.ok).toBe(refused === null);
      if (!result.ok && refused) expect(result.message).toMatch(refused);
    });
  }
  it("target headers come first, per-send headers after", () => {
    expect(checkUpstreamHeaders({ "X-A": "1" }, { "X-B": "2" })).toEqual({
      ok: true,
      headers: [
        ["X-A", "1"],
        ["X-B", "2"],
      ],
    });
  });
  it("a CR/LF in a per-send value is refused like one in a target header", () => {
    expect(checkUpstreamHeaders(undefined, { "Mcp-Session-Id": "abc\r\nAuthorization: Bearer x" })).toEqual({
      ok: false,
      message: expect.stringMatching(/carriage return \(CR\) \(header injection\)/),
    });
  });
});

describe("the hosted page's credential (issue 43, low 8)", () => {
  const call = (credential: string) =>
    guardRequest(bridgeRequest({ host: "127.0.0.1:3000", [TOKEN_HEADER]: credential }));

  it("is not the token, and opens the bridge in hosted mode only", () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    const carried = hostedPageToken();
    expect(carried).not.toBe(TOKEN);
    expect(call(carried)).toBeNull();
    expect(call(TOKEN)).toBeNull(); // scripts and the CLI keep the token
    vi.stubEnv("PLAYGROUND_MODE", "");
    expect(call(carried)).toMatchObject({ kind: "unauthorized" });
  });

  it("is what a hosted page is told to carry; a local page is told none", () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    expect(pageFor(new Headers({ host: "127.0.0.1:3000" }))).toEqual({
      kind: "playground",
      hosted: true,
      credential: hostedPageToken(),
    });
    vi.stubEnv("PLAYGROUND_MODE", "");
    // A local page is served on this launch's own name only (issue 43 item 1).
    expect(pageFor(new Headers({ host: `${launchHostname()}:3000` }))).toEqual({ kind: "playground", hosted: false });
  });
});
