import { describe, expect, it } from "vitest";
import { targetLabel } from "@/lib/bridge/target";
import { encodeShareFragment } from "@/lib/share/codec";
import { inflateFromLink } from "@/lib/share/deflate";
import { exampleById } from "@/lib/share/examples";
import { LEFT_OUT, isSensitiveHeader, nameSuggestsSecret, stripSecrets } from "@/lib/share/secrets";
import { exportSessionFile } from "@/lib/share/session-file";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { markdownTranscript } from "@/lib/share/transcript";
import { defaultShareState } from "@/lib/share/v1";

const base = (over: Partial<ShareState>): ShareState => ({ ...defaultShareState(), ...over });
/** A ping recorded against the target labelled `label`: the label is what a secret could ride in. */
const recordedFor = (label: string): RecordedExchange => ({
  targetLabel: label,
  transport: "http",
  sent: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
  received: [],
  outcome: { kind: "notification", note: "" },
  durationMs: 1,
  timeoutMs: 10_000,
  events: [],
});
/** A state connected to `target`, with one exchange labelled as the page labels it. */
const withTarget = (target: ShareState["target"]) => base({ target, exchanges: [recordedFor(targetLabel(target))] });

/** A state connected over HTTP to `url`. */
const atUrl = (url: string) => withTarget({ kind: "http", url });
/** A state connected to the stdio server `command args…`. */
const running = (command: string, ...args: string[]) => withTarget({ kind: "stdio", command, args });

/** The JSON text a link actually carries, to prove a secret is nowhere in it. */
async function linkText(state: ShareState, knownSecrets: string[] = []): Promise<string> {
  const { fragment } = await encodeShareFragment(state, { knownSecrets });
  const r = await inflateFromLink(fragment.slice(fragment.indexOf("s=") + 2), 10_000_000);
  if (!r.ok) throw new Error(r.reason);
  return r.text;
}

/** None of `secrets` is in the link, the session file or the transcript made from `state`. */
async function expectNoSecretInOutputs(state: ShareState, secrets: string[]): Promise<void> {
  const outputs = {
    link: await linkText(state),
    "session file": exportSessionFile(state).text,
    transcript: markdownTranscript(state),
  };
  for (const [where, text] of Object.entries(outputs))
    for (const secret of secrets) expect(text, `${where} holds ${secret}`).not.toContain(secret);
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
        headers: {
          Authorization: "Bearer tok-abcdef-123456",
          "X-Api-Key": "key-987654321",
          "X-Trace": "Bearer zzzzzzzzzz",
          Accept: "application/json",
        },
      },
    });
    const { state: out, omitted } = stripSecrets(state);
    expect(out.target).toEqual({
      kind: "http",
      url: "https://mcp.example.com/mcp?page=2",
      headers: { Accept: "application/json" },
    });
    expect(omitted).toEqual([
      "target URL: the user name and password in the URL",
      'target URL: the query parameter "api_key"',
      "target header Authorization (credentials are never shared)",
      "target header X-Api-Key (credentials are never shared)",
      "target header X-Trace (credentials are never shared)",
    ]);
    const text = await linkText(state);
    for (const secret of ["hunter2hunter2", "sk-live-123456", "tok-abcdef-123456", "key-987654321", "zzzzzzzzzz"])
      expect(text).not.toContain(secret);
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
        {
          t: 0,
          kind: "http-request",
          method: "POST",
          url: "http://127.0.0.1:9/mcp",
          headers: [
            ["Authorization", "Bearer wire-secret-1"],
            ["Mcp-Session-Id", "sess-0123456789"],
            ["Accept", "application/json"],
          ],
          added: [],
          body: "{}",
        },
        {
          t: 1,
          kind: "http-response",
          status: 200,
          statusText: "OK",
          headers: [
            ["set-cookie", "sid=cookie-secret-2"],
            ["mcp-session-id", "sess-0123456789"],
          ],
        },
        { t: 2, kind: "stderr", text: "debug: using sess-0123456789" },
      ],
    };
    const state = base({ target: { kind: "http", url: "http://127.0.0.1:9/mcp" }, exchanges: [x] });
    const { state: out, omitted } = stripSecrets(state);
    const [req, res, err] = out.exchanges[0].events;
    expect(req.kind === "http-request" && req.headers).toEqual([
      ["Authorization", LEFT_OUT],
      ["Mcp-Session-Id", LEFT_OUT],
      ["Accept", "application/json"],
    ]);
    expect(res.kind === "http-response" && res.headers).toEqual([
      ["set-cookie", LEFT_OUT],
      ["mcp-session-id", LEFT_OUT],
    ]);
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
    const { fragment } = await encodeShareFragment(
      base({ target: { kind: "stdio", command: "x", args: [], env: { API_KEY: "123456789" } } }),
    );
    const { decodeShareFragment } = await import("@/lib/share/codec");
    const r = await decodeShareFragment(fragment);
    expect(r.kind === "ok" && r.state.omitted).toEqual([
      "env API_KEY: its value (env values are never shared; the key is kept)",
    ]);
  });
});

describe("issue 13, finding 10: no secret survives in a link, a session file or a transcript (exchange labels included)", () => {
  const rows: [rule: string, state: ShareState, secrets: string[]][] = [
    [
      "a password in the URL (https://admin:hunter2@…)",
      atUrl("https://admin:hunter2@mcp.example.com/mcp"),
      ["hunter2"],
    ],
    [
      "a percent-encoded password, raw and decoded",
      atUrl("https://admin:p%40ss%2Fw0rd@mcp.example.com/mcp"),
      ["p%40ss%2Fw0rd", "p@ss/w0rd"],
    ],
    [
      "a short secret query parameter (?key=abc123)",
      atUrl("https://mcp.example.com/mcp?key=abc123&page=2"),
      ["abc123"],
    ],
    [
      "an encoded query value, raw and decoded (?token=a%2Bb%3Dc9)",
      atUrl("https://mcp.example.com/mcp?token=a%2Bb%3Dc9"),
      ["a%2Bb%3Dc9", "a+b=c9"],
    ],
    ["a short value after a secret flag (--api-key k123)", running("node", "server.js", "--api-key", "k123"), ["k123"]],
    [
      "an sk-… key as a bare argument",
      running("node", "server.js", "sk-proj-Abc123Def456Ghi789"),
      ["sk-proj-Abc123Def456Ghi789"],
    ],
    [
      "a ghp_… token after an innocent flag",
      running("gh-mcp", "--auth-file-content", "x", "--with", "ghp_1234567890abcdefghijABCDEFGHIJ123456"),
      ["ghp_1234567890abcdefghijABCDEFGHIJ123456"],
    ],
    ["KEY=… in argv (env API_KEY=short node …)", running("env", "API_KEY=short1", "node", "server.js"), ["short1"]],
    [
      "KEY=… and a secret flag inside an sh -c string",
      running("sh", "-c", "OPENAI_API_KEY=abc123xyz node server.js --token t0k3n --port 3000"),
      ["abc123xyz", "t0k3n"],
    ],
    [
      "an opaque header name carrying a token-shaped value",
      withTarget({
        kind: "http",
        url: "https://mcp.example.com/mcp",
        headers: { "X-Custom": "sk-ant-api03-abcdefghijklmnop" },
      }),
      ["sk-ant-api03-abcdefghijklmnop"],
    ],
    [
      "an exchange recorded against another target: its label is stripped too",
      base({
        exchanges: [
          recordedFor("https://bob:s3cr@other.example/mcp?token=zz99"),
          recordedFor("node s.js --password pw1"),
        ],
      }),
      ["s3cr", "zz99", "pw1"],
    ],
    [
      "an exchange carrying its own target (replayed to it): the target and its label are stripped",
      base({
        exchanges: [
          {
            ...recordedFor("https://carol:pa55@own.example/mcp?api_key=q1w2"),
            target: { kind: "http", url: "https://carol:pa55@own.example/mcp?api_key=q1w2" },
          },
        ],
      }),
      ["pa55", "q1w2"],
    ],
  ];
  for (const [rule, state, secrets] of rows) {
    it(rule, async () => {
      await expectNoSecretInOutputs(state, secrets);
      const { state: out } = stripSecrets(state);
      expect(out.exchanges.length).toBe(state.exchanges.length);
    });
  }

  it("a label is rebuilt from the stripped target: what the viewer reads matches the stripped target exactly", () => {
    const { state: out } = stripSecrets(atUrl("https://admin:hunter2@mcp.example.com/mcp?key=abc123&page=2"));
    expect(out.exchanges[0].targetLabel).toBe("https://mcp.example.com/mcp?page=2");
    expect(out.exchanges[0].targetLabel).toBe(targetLabel(out.target));
  });

  it("token shapes in frames, stderr and the editor are left out too", async () => {
    const key = "sk-proj-Zz9Yy8Xx7Ww6Vv5Uu4";
    const x = {
      ...recordedFor("calendar (stdio)"),
      sent: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{"key":"${key}"}}}`,
      events: [{ t: 1, kind: "stderr" as const, text: `using ${key}` }],
    };
    const text = await linkText(base({ editor: `{"k":"${key}"}`, exchanges: [x] }));
    expect(text).not.toContain(key);
  });
});

describe("issue 26, item 11: secrets in a connection-string argument, an opaque URL path and a URL fragment stay out of a link", () => {
  const rows: [rule: string, state: ShareState, secrets: string[], kept: string[]][] = [
    [
      "postgresql://user:password@host/db as an argv element (server-postgres's usual config)",
      running("npx", "-y", "@modelcontextprotocol/server-postgres", "postgresql://app:Sup3rS3cret@db/prod"),
      ["Sup3rS3cret"],
      ["postgresql://", "db/prod"],
    ],
    [
      "a connection string inside an sh -c script",
      running("sh", "-c", "node server.js --db postgresql://app:Sup3rS3cret@db/prod"),
      ["Sup3rS3cret"],
      ["db/prod"],
    ],
    [
      "an opaque 32-hex secret in the URL path (/s/<hex>/mcp)",
      atUrl("https://mcp.example.com/s/9f86d081884c7d659a2feaa0c55ad015/mcp"),
      ["9f86d081884c7d659a2feaa0c55ad015"],
      ["mcp.example.com/s/", "/mcp"],
    ],
    [
      "#access_token=… in the URL fragment",
      atUrl("https://mcp.example.com/mcp#access_token=opaqueVal123&state=x"),
      ["opaqueVal123"],
      ["mcp.example.com/mcp"],
    ],
    [
      "#access_token=… in a URL-shaped argv element",
      running("node", "proxy.js", "https://mcp.example.com/mcp#access_token=opaqueVal123"),
      ["opaqueVal123"],
      ["proxy.js"],
    ],
  ];
  for (const [rule, state, secrets, kept] of rows) {
    it(rule, async () => {
      await expectNoSecretInOutputs(state, secrets);
      const { state: out, omitted } = stripSecrets(state);
      expect(omitted.length).toBeGreaterThan(0);
      const shown = JSON.stringify(out.target);
      for (const part of kept) expect(shown).toContain(part);
    });
  }

  it("ordinary paths and fragments are kept (a version segment, a short id, #section)", () => {
    const url = "https://mcp.example.com/v1/servers/42/mcp#tools";
    const { state: out, omitted } = stripSecrets(atUrl(url));
    expect(out.target).toEqual({ kind: "http", url });
    expect(omitted).toEqual([]);
  });
});
