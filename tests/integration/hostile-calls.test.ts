/**
 * Hostile calls to the bridge routes, beyond routes.test.ts: tokens that almost match, origins and hosts
 * that almost look local, bodies that lie about their size, targets the contract does not know, and header
 * injection. Each is refused with its own kind and status, before anything is spawned or sent.
 */
import { describe, expect, it } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { livePids } from "@/lib/node/bridge/stdio";
import { appRoutesForFile, type PostResult } from "./app-routes";
import { ENVELOPE, request } from "./helpers";

const TOKEN = "hostile-calls-token-0123456789abcdef";
// Nothing in this file may have started a process.
const app = appRoutesForFile(TOKEN, () => expect(livePids()).toEqual([]));

const spawnAttempt = () => ({
  sendId: `hc-${Math.random().toString(36).slice(2)}`,
  target: { kind: "stdio", command: "/bin/sh", args: ["-c", "touch /tmp/playground-hostile-calls-should-not-exist"] },
  frame: JSON.stringify(request(1, "ping")),
});

describe("tokens", () => {
  const rows: { rule: string; token: string }[] = [
    { rule: "a wrong token of the same length is refused", token: TOKEN.replace(/.$/, "X") },
    { rule: "a prefix of the token is refused", token: TOKEN.slice(0, 10) },
    { rule: "the token with a suffix is refused", token: `${TOKEN}x` },
    { rule: "the token in another case is refused", token: TOKEN.toUpperCase() },
    { rule: "a Bearer-prefixed token is refused (the header carries the bare token)", token: `Bearer ${TOKEN}` },
  ];
  for (const row of rows) {
    it(`${row.rule} (401)`, async () => {
      const { status, json } = await app.post("/api/bridge/send", spawnAttempt(), { [TOKEN_HEADER]: row.token });
      expect(status).toBe(401);
      expect(json).toEqual({
        ok: false,
        kind: "unauthorized",
        message: `${TOKEN_HEADER} does not match this launch's token`,
      });
    });
  }

  it("the token in the URL does not count (401): it must never travel in a URL", async () => {
    const { status, json } = await app.post(`/api/bridge/send?token=${TOKEN}&${TOKEN_HEADER}=${TOKEN}`, spawnAttempt());
    expect(status).toBe(401);
    expect(json.message).toMatch(/^missing x-playground-token header/);
  });

  it("the token as a cookie does not count (401)", async () => {
    const { status } = await app.post("/api/bridge/send", spawnAttempt(), { Cookie: `${TOKEN_HEADER}=${TOKEN}` });
    expect(status).toBe(401);
  });
});

describe("origins and hosts", () => {
  const origins = [
    "null",
    "http://127.0.0.1.evil.example",
    "http://localhost.evil.example",
    "http://127.0.0.1:1",
    "file://",
    "chrome-extension://abcdef",
  ];
  const hosts = [
    "127.0.0.1.nip.io",
    "localhost.evil.example",
    "evil.example:80",
    "127.0.0.1@evil.example",
    "[::1].evil.example",
  ];
  const refused = [
    ...origins.map((value) => ({ header: "Origin", value, kind: "forbidden-origin" })),
    ...hosts.map((value) => ({ header: "Host", value, kind: "forbidden-host" })),
  ];
  for (const { header, value, kind } of refused) {
    it(`${header} ${value} is refused even with the token (403)`, async () => {
      const { status, json } = await app.post("/api/bridge/send", spawnAttempt(), {
        [TOKEN_HEADER]: TOKEN,
        [header]: value,
      });
      expect(status).toBe(403);
      expect(json).toMatchObject({ ok: false, kind });
    });
  }
});

describe("bodies", () => {
  it("a chunked body over the limit is refused without a Content-Length to trust (413)", async () => {
    const { status, json } = await app.post(
      "/api/bridge/send",
      "x".repeat(17 * 1024 * 1024),
      { [TOKEN_HEADER]: TOKEN },
      { chunked: true },
    );
    expect(status).toBe(413);
    expect(json).toMatchObject({ ok: false, kind: "too-large" });
  });

  it("a JSON body that is an array, a string or null is a bad request naming the problem (400)", async () => {
    for (const body of ["[]", '"send"', "null"]) {
      const { status, json } = await app.post("/api/bridge/send", body, { [TOKEN_HEADER]: TOKEN });
      expect(status).toBe(400);
      expect(json.message).toMatch(/^invalid request: \(body\)/);
    }
  });
});

describe("targets the contract does not know", () => {
  const rows: { rule: string; target: unknown; says: RegExp }[] = [
    { rule: "an unknown target kind", target: { kind: "ftp", url: "ftp://x" }, says: /target\.kind/ },
    { rule: "no target kind", target: { url: "http://x" }, says: /target\.kind/ },
    {
      rule: "a demo server that is not embedded",
      target: { kind: "demo", server: "../../etc/passwd", transport: "stdio" },
      says: /target\.server/,
    },
    {
      rule: "a demo transport that does not exist",
      target: { kind: "demo", server: "calendar", transport: "websocket" },
      says: /target\.transport/,
    },
    {
      rule: "a stdio command that is not a string",
      target: { kind: "stdio", command: ["sh"] },
      says: /target\.command/,
    },
    { rule: "an HTTP URL that is not a URL", target: { kind: "http", url: "not a url" }, says: /target\.url/ },
  ];
  for (const row of rows) {
    it(`${row.rule} is a bad request naming the field (400)`, async () => {
      const { status, json } = await app.post(
        "/api/bridge/send",
        { ...spawnAttempt(), target: row.target },
        { [TOKEN_HEADER]: TOKEN },
      );
      expect(status).toBe(400);
      expect(json.message).toMatch(row.says);
    });
  }
});

describe("header injection", () => {
  const calendarHttp = (headers: Record<string, string>) => ({
    kind: "http",
    url: `${app.origin}/api/demo/calendar`,
    headers,
  });
  const frame = JSON.stringify(request(1, "server/discover", { _meta: ENVELOPE }));
  /** The http-request event of the exchange a send answered with. */
  const httpRequestOf = (json: PostResult["json"]) =>
    (json.value as { events: { kind: string; headers?: [string, string][] }[] }).events.find(
      (e) => e.kind === "http-request",
    );
  /** A send to the calendar over HTTP with `targetHeaders` on the target and `headers` (if any) on this send. */
  const sendWithHeaders = (sendId: string, targetHeaders: Record<string, string>, headers?: Record<string, string>) =>
    app.post(
      "/api/bridge/send",
      { sendId, target: calendarHttp(targetHeaders), frame, ...(headers && { headers }) },
      { [TOKEN_HEADER]: TOKEN },
    );

  it("CR/LF in a target header value is refused (400)", async () => {
    const { status, json } = await sendWithHeaders("inj-1", { "X-A": "1\r\nHost: evil.example" });
    expect(status).toBe(400);
    expect(json.message).toBe(
      "header X-A has a value that contains a carriage return (CR) (header injection); refused",
    );
  });

  it("a lone LF in a per-send header is refused (400)", async () => {
    const { status, json } = await sendWithHeaders("inj-2", {}, { "Mcp-Session-Id": "a\nAuthorization: Bearer x" });
    expect(status).toBe(400);
    expect(json.message).toMatch(/line feed \(LF\) \(header injection\)/);
  });

  it("Authorization smuggled as a second header through a per-send value is refused (400)", async () => {
    const { status, json } = await sendWithHeaders(
      "inj-3",
      { Authorization: "Bearer mine" },
      { "X-Note": "ok\r\nAuthorization: Bearer stolen" },
    );
    expect(status).toBe(400);
    expect(json.message).toBe(
      "header X-Note has a value that contains a carriage return (CR) (header injection); refused",
    );
  });

  it("a per-send Authorization in another case replaces the target's: exactly one goes upstream, and the wire shows it", async () => {
    const { status, json } = await sendWithHeaders(
      "inj-3b",
      { Authorization: "Bearer target" },
      { authorization: "Bearer per-send" },
    );
    expect(status).toBe(200);
    const request = httpRequestOf(json);
    expect(request?.headers?.filter(([name]) => name.toLowerCase() === "authorization")).toEqual([
      ["authorization", "Bearer per-send"],
    ]);
  });

  it("Authorization in the target's own headers is sent (200)", async () => {
    const { status, json } = await sendWithHeaders("inj-4", { Authorization: "Bearer mine" });
    expect(status).toBe(200);
    const request = httpRequestOf(json);
    expect(request?.headers).toContainEqual(["Authorization", "Bearer mine"]);
  });

  it("the bridge token may not be forwarded upstream under any spelling (400)", async () => {
    const { status, json } = await sendWithHeaders("inj-5", { "X-Playground-Token": TOKEN });
    expect(status).toBe(400);
    expect(json.message).toMatch(/never sent upstream/);
  });
});
