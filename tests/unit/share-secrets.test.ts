import { describe, expect, it } from "vitest";
import { encodeShareFragment } from "@/lib/share/codec";
import { inflateFromLink } from "@/lib/share/deflate";
import { exampleById } from "@/lib/share/examples";
import { LEFT_OUT, isSensitiveHeader, nameSuggestsSecret, stripSecrets } from "@/lib/share/secrets";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";

const base = (over: Partial<ShareState>): ShareState => ({ ...defaultShareState(), ...over });

/** The JSON text a link actually carries, to prove a secret is nowhere in it. */
async function linkText(state: ShareState, knownSecrets: string[] = []): Promise<string> {
  const { fragment } = await encodeShareFragment(state, { knownSecrets });
  const r = await inflateFromLink(fragment.slice(fragment.indexOf("s=") + 2), 10_000_000);
  if (!r.ok) throw new Error(r.reason);
  return r.text;
}

describe("which names count as secret", () => {
  it.each([
    ["Authorization", true],
    ["proxy-authorization", true],
    ["Cookie", true],
    ["Mcp-Session-Id", true],
    ["x-playground-token", true],
    ["X-Api-Key", true],
    ["OPENAI_API_KEY", true],
    ["AWS_SECRET_ACCESS_KEY", true],
    ["GITHUB_TOKEN", true],
    ["DB_PASSWORD", true],
    ["SSH_KEY", true],
    ["X-Signature", true],
    ["Accept", false],
    ["MCP-Protocol-Version", false],
    ["Mcp-Method", false],
    ["PATH", false],
    ["NODE_ENV", false],
    ["MONKEY", false],
    ["KEYBOARD_LAYOUT", false],
  ])("%s → %s", (name, secret) => {
    expect(isSensitiveHeader(name) || nameSuggestsSecret(name)).toBe(secret);
  });

  it("a header whose value starts with an auth scheme is sensitive whatever its name", () => {
    expect(isSensitiveHeader("X-Custom", "Bearer abc.def")).toBe(true);
    expect(isSensitiveHeader("X-Custom", "plain value")).toBe(false);
  });
});

describe("a shared link never holds secrets", () => {
  it("HTTP target: credential headers are dropped, ordinary headers kept, and the dialog lists each", async () => {
    const state = base({
      target: {
        kind: "http",
        url: "https://alice:hunter2hunter2@mcp.example.com/mcp?api_key=sk-live-123456&page=2",
        headers: { Authorization: "Bearer tok-abcdef-123456", "X-Api-Key": "key-987654321", "X-Trace": "Bearer zzzzzzzzzz", Accept: "application/json" },
      },
    });
    const { state: out, omitted } = stripSecrets(state);
    expect(out.target).toEqual({ kind: "http", url: "https://mcp.example.com/mcp?page=2", headers: { Accept: "application/json" } });
    expect(omitted).toEqual([
      "target URL: the user name and password in the URL",
      'target URL: the query parameter "api_key"',
      "target header Authorization (credentials are never shared)",
      "target header X-Api-Key (credentials are never shared)",
      "target header X-Trace (credentials are never shared)",
    ]);
    const text = await linkText(state);
    for (const secret of ["hunter2hunter2", "sk-live-123456", "tok-abcdef-123456", "key-987654321", "zzzzzzzzzz"]) expect(text).not.toContain(secret);
  });

  it("stdio target: every env value is dropped, the keys stay; secret-named flags lose their values", async () => {
    const state = base({
      target: {
        kind: "stdio",
        command: "node",
        args: ["server.js", "--token=abc123456789", "--api-key", "sk-999999999", "--verbose", "--port", "3000"],
        cwd: "/srv/app",
        env: { OPENAI_API_KEY: "sk-openai-000000", NODE_ENV: "production", EMPTY: "" },
      },
    });
    const { state: out, omitted } = stripSecrets(state);
    expect(out.target).toEqual({
      kind: "stdio",
      command: "node",
      args: ["server.js", "--token=", "--api-key", "", "--verbose", "--port", "3000"],
      cwd: "/srv/app",
      env: { OPENAI_API_KEY: "", NODE_ENV: "", EMPTY: "" },
    });
    expect(omitted).toContain("env OPENAI_API_KEY: its value (env values are never shared; the key is kept)");
    expect(omitted).toContain("env NODE_ENV: its value (env values are never shared; the key is kept)");
    expect(omitted).toContain("command: the value of --token");
    expect(omitted).toContain("command: the value of --api-key");
    const text = await linkText(state);
    for (const secret of ["sk-openai-000000", "abc123456789", "sk-999999999"]) expect(text).not.toContain(secret);
  });

  it("recorded wire: sensitive request/response header values and the session id are replaced, the names kept", async () => {
    const x: RecordedExchange = {
      targetLabel: "http://127.0.0.1:9/mcp",
      transport: "http",
      sent: "{}",
      received: [],
      outcome: { kind: "notification", note: "" },
      durationMs: 1,
      timeoutMs: 10_000,
      http: { status: 200, sessionId: "sess-0123456789" },
      events: [
        { t: 0, kind: "http-request", method: "POST", url: "http://127.0.0.1:9/mcp", headers: [["Authorization", "Bearer wire-secret-1"], ["Mcp-Session-Id", "sess-0123456789"], ["Accept", "application/json"]], added: [], body: "{}" },
        { t: 1, kind: "http-response", status: 200, statusText: "OK", headers: [["set-cookie", "sid=cookie-secret-2"], ["mcp-session-id", "sess-0123456789"]] },
        { t: 2, kind: "stderr", text: "debug: using sess-0123456789" },
      ],
    };
    const state = base({ target: { kind: "http", url: "http://127.0.0.1:9/mcp" }, exchanges: [x] });
    const { state: out, omitted } = stripSecrets(state);
    const [req, res, err] = out.exchanges[0].events;
    expect(req.kind === "http-request" && req.headers).toEqual([["Authorization", LEFT_OUT], ["Mcp-Session-Id", LEFT_OUT], ["Accept", "application/json"]]);
    expect(res.kind === "http-response" && res.headers).toEqual([["set-cookie", LEFT_OUT], ["mcp-session-id", LEFT_OUT]]);
    expect(err.kind === "stderr" && err.text).toBe(`debug: using ${LEFT_OUT}`);
    expect(out.exchanges[0].http?.sessionId).toBe(LEFT_OUT);
    expect(omitted).toContain("exchange 1 (request): the value of header Authorization");
    expect(omitted).toContain("1 other occurrence of a removed secret (in frames, wire text or the editor)");
    const text = await linkText(state);
    for (const secret of ["wire-secret-1", "cookie-secret-2", "sess-0123456789"]) expect(text).not.toContain(secret);
  });

  it("the playground token (a caller-supplied secret) is removed wherever it appears: editor, frames, wire", async () => {
    const token = "pt_7f3a9c1e5b2d4f60";
    const recorded = exampleById("missing-capability")!.state.exchanges[0];
    const state = base({
      editor: `{"token":"${token}"}`,
      exchanges: [{ ...recorded, events: [...recorded.events, { t: 99, kind: "stderr", text: `saw ${token}` }] }],
    });
    const text = await linkText(state, [token]);
    expect(text).not.toContain(token);
    expect(text).toContain(LEFT_OUT);
  });

  it("nothing is reported when there is nothing to leave out", () => {
    expect(stripSecrets(exampleById("dentist-mrtr")!.state).omitted).toEqual([]);
  });

  it("the link tells whoever opens it what the sharer left out", async () => {
    const { fragment } = await encodeShareFragment(base({ target: { kind: "stdio", command: "x", args: [], env: { API_KEY: "123456789" } } }));
    const { decodeShareFragment } = await import("@/lib/share/codec");
    const r = await decodeShareFragment(fragment);
    expect(r.kind === "ok" && r.state.omitted).toEqual(["env API_KEY: its value (env values are never shared; the key is kept)"]);
  });
});
