import { describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { checkHost, checkOrigin, checkPageHeaders, guardRequest, parseHost } from "@/lib/node/bridge/guards";
import { checkUpstreamHeaders } from "@/lib/node/bridge/headers";
import { checkToken, getLaunchToken } from "@/lib/node/bridge/token";
import { localLaunchForEachTest } from "../helpers/env";

const TOKEN = "t".repeat(64);

function bridgeRequest(headers: Record<string, string>): Request {
  return new Request("http://127.0.0.1:3000/api/bridge/send", { method: "POST", headers, body: "{}" });
}

localLaunchForEachTest(TOKEN);

describe("guardRequest: Host, then Origin, then token", () => {
  const good = { host: "127.0.0.1:3000", [TOKEN_HEADER]: TOKEN };
  const rows: { rule: string; headers: Record<string, string>; kind: string | null; status?: number }[] = [
    {
      rule: "bridge accepts a loopback Host with the launch token and no Origin (the CLI, curl)",
      headers: good,
      kind: null,
    },
    { rule: "bridge accepts the page's own origin", headers: { ...good, origin: "http://127.0.0.1:3000" }, kind: null },
    {
      rule: "bridge accepts localhost and 127.0.0.1 as the same page on the same port",
      headers: { ...good, origin: "http://localhost:3000" },
      kind: null,
    },
    {
      rule: "bridge accepts any port (the app is not tied to 3000)",
      headers: { host: "localhost:3100", origin: "http://localhost:3100", [TOKEN_HEADER]: TOKEN },
      kind: null,
    },
    {
      rule: "bridge accepts the IPv6 loopback",
      headers: { host: "[::1]:3000", origin: "http://[::1]:3000", [TOKEN_HEADER]: TOKEN },
      kind: null,
    },
    {
      rule: "bridge refuses a request whose Host is not loopback (DNS rebinding)",
      headers: { ...good, host: "evil.example:3000" },
      kind: "forbidden-host",
      status: 403,
    },
    {
      rule: "bridge refuses a Host that only starts like a loopback name",
      headers: { ...good, host: "127.0.0.1.nip.io:3000" },
      kind: "forbidden-host",
      status: 403,
    },
    {
      rule: "bridge refuses a Host that ends in localhost",
      headers: { ...good, host: "localhost.evil.example" },
      kind: "forbidden-host",
      status: 403,
    },
    {
      rule: "bridge refuses a foreign Origin even with the token",
      headers: { ...good, origin: "http://evil.example" },
      kind: "forbidden-origin",
      status: 403,
    },
    {
      rule: "bridge refuses a loopback page on another port (another local app)",
      headers: { ...good, origin: "http://127.0.0.1:8080" },
      kind: "forbidden-origin",
      status: 403,
    },
    {
      rule: "bridge refuses the opaque origin null (sandboxed frames, file: pages)",
      headers: { ...good, origin: "null" },
      kind: "forbidden-origin",
      status: 403,
    },
    {
      rule: "bridge refuses a call without the token",
      headers: { host: "127.0.0.1:3000" },
      kind: "unauthorized",
      status: 401,
    },
    {
      rule: "bridge refuses a wrong token",
      headers: { ...good, [TOKEN_HEADER]: "nope" },
      kind: "unauthorized",
      status: 401,
    },
    {
      rule: "bridge checks Host before the token (a rebinding page learns nothing about the token)",
      headers: { host: "evil.example" },
      kind: "forbidden-host",
      status: 403,
    },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const result = guardRequest(bridgeRequest(row.headers));
      if (row.kind === null) expect(result).toBeNull();
      else expect(result).toMatchObject({ ok: false, kind: row.kind, status: row.status });
    });
  }

  it("refusals explain themselves and how to allow more", () => {
    expect(guardRequest(bridgeRequest({ ...good, host: "evil.example:3000" }))?.message).toMatch(
      /DNS-rebinding.*PLAYGROUND_ALLOWED_HOSTS/,
    );
    expect(guardRequest(bridgeRequest({ ...good, origin: "http://evil.example" }))?.message).toMatch(
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
  it("a page served under an allowed host name may call its own bridge", () => {
    vi.stubEnv("PLAYGROUND_ALLOWED_HOSTS", "devbox.lan");
    expect(checkOrigin("http://devbox.lan:3000", "devbox.lan:3000")).toBeNull();
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
  const rows: { rule: string; headers: Record<string, string>; ok: boolean; says?: RegExp }[] = [
    {
      rule: "Authorization, session id and protocol headers may go upstream",
      headers: {
        Authorization: "Bearer x",
        "Mcp-Session-Id": "s",
        "MCP-Protocol-Version": "2025-11-25",
        "Mcp-Method": "m",
        "Mcp-Name": "n",
        "Last-Event-ID": "1",
      },
      ok: true,
    },
    { rule: "Mcp-Param-* and X-* may go upstream", headers: { "Mcp-Param-Region": "us", "X-Trace": "1" }, ok: true },
    { rule: "Accept may be overridden to show a server's 406", headers: { Accept: "application/json" }, ok: true },
    {
      rule: "Cookie may not go upstream",
      headers: { Cookie: "a=b" },
      ok: false,
      says: /Cookie may not be sent upstream/,
    },
    { rule: "Host may not be forged", headers: { Host: "other" }, ok: false, says: /may not be sent upstream/ },
    {
      rule: "a CR/LF in a value is refused (header injection)",
      headers: { "X-A": "1\r\nX-B: 2" },
      ok: false,
      says: /carriage return/,
    },
    { rule: "a LF in a name is refused", headers: { "X-A\nB": "1" }, ok: false, says: /line feed/ },
    { rule: "a NUL in a value is refused", headers: { "X-A": "a\0b" }, ok: false, says: /NUL/ },
    {
      rule: "a name with a space is not a header name",
      headers: { "X A": "1" },
      ok: false,
      says: /not a valid HTTP header name/,
    },
    {
      rule: "the bridge token never goes upstream",
      headers: { [TOKEN_HEADER]: TOKEN },
      ok: false,
      says: /never sent upstream/,
    },
    {
      rule: "characters outside Latin-1 cannot travel in a header",
      headers: { "Mcp-Name": "世界" },
      ok: false,
      says: /Latin-1.*base64/,
    },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const result = checkUpstreamHeaders(row.headers);
      expect(result.ok).toBe(row.ok);
      if (!result.ok && row.says) expect(result.message).toMatch(row.says);
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
