/** lib/cassette, pure: making a cassette (secrets stripped as for links), validating one, importing, matching, diffing. */
import { describe, expect, it } from "vitest";
import { diffPairs, diffRows, type DiffPair } from "@/lib/cassette/diff";
import { msg } from "@/lib/i18n/translate";
import { CASSETTE_FORMAT, parseCassetteText, validateCassette, type Cassette } from "@/lib/cassette/format";
import { cassetteFromState } from "@/lib/cassette/from-session";
import { importJsonLines, importRecorder } from "@/lib/cassette/import";
import { CassetteMatcher, answerText } from "@/lib/cassette/match";
import { exampleById } from "@/lib/share/examples";
import { LEFT_OUT } from "@/lib/share/secrets";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";
import { expectRefusal } from "../helpers/share";

function exchange(
  request: Record<string, unknown>,
  answer?: Record<string, unknown>,
  notes: Record<string, unknown>[] = [],
): RecordedExchange {
  return {
    targetLabel: "http://127.0.0.1:9/mcp",
    transport: "http",
    timeoutMs: 10_000,
    sent: JSON.stringify(request),
    received: (answer ? [...notes, answer] : notes).map((frame) => ({ frame })),
    outcome: answer ? { kind: "response", frame: answer } : { kind: "notification", note: "no reply expected" },
    events: [],
    durationMs: 1,
  };
}

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

describe("a cassette made from a session", () => {
  it("strips secrets exactly as a link does: credential headers, session ids, and token-shaped values inside frames", () => {
    const token = "ghp_abcdefghijklmnopqrstuvwxyz012345";
    const state: ShareState = {
      ...defaultShareState(),
      target: {
        kind: "http",
        url: "http://127.0.0.1:9/mcp",
        headers: { Authorization: "Bearer s3cr3t-value-123", Accept: "application/json" },
      },
      exchanges: [
        {
          ...exchange(
            { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "echo", arguments: { text: token } } },
            { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: token }] } },
          ),
          http: { status: 200, sessionId: "session-abcdef-0123456789" },
        },
      ],
    };
    const made = cassetteFromState(state, { source: "test" });
    const text = JSON.stringify(made.cassette);
    expect(text).not.toContain("s3cr3t-value-123");
    expect(text).not.toContain(token);
    expect(text).not.toContain("session-abcdef-0123456789");
    expect(made.cassette.interactions[0].request).toMatchObject({ params: { arguments: { text: LEFT_OUT } } });
    expect(made.cassette.targets[0].target).toEqual({
      kind: "http",
      url: "http://127.0.0.1:9/mcp",
      headers: { Accept: "application/json" },
    });
    expect(made.omitted.join("\n")).toContain("target header Authorization");
  });

  it("keeps one target per server, with its era and handshake read from what it answered", () => {
    const example = exampleById("discover-legacy-fallback")!.state;
    const made = cassetteFromState(example, { source: "gallery" });
    expect(made.cassette.targets.map((t) => [t.era, t.handshake])).toEqual([["legacy", "initialize"]]);
    const modern = cassetteFromState(exampleById("modern-tools-list")!.state, { source: "gallery" });
    expect(modern.cassette.targets[0]).toMatchObject({ era: "modern", protocolVersion: "2026-07-28" });
  });

  it("leaves out exchanges that got no answer, and says which", () => {
    const state: ShareState = {
      ...defaultShareState(),
      exchanges: [
        {
          ...exchange({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
          outcome: { kind: "failure", failure: "timeout", message: "no answer within 10 ms" },
        },
      ],
    };
    const made = cassetteFromState(state, { source: "test" });
    expect(made.cassette.interactions).toEqual([]);
    expect(made.skipped).toEqual(["exchange 1: tools/list got no answer (timeout: no answer within 10 ms)"]);
  });
});

describe("reading a cassette file", () => {
  const good: Cassette = {
    format: CASSETTE_FORMAT,
    version: 1,
    omitted: [],
    targets: [{ label: "x", transport: "stdio", era: "legacy", handshake: "initialize" }],
    interactions: [
      {
        target: 0,
        request: { jsonrpc: "2.0", id: 1, method: "tools/list" },
        response: { jsonrpc: "2.0", id: 1, result: { tools: [] } },
        notifications: [],
      },
    ],
  };

  it("accepts a valid cassette", () => {
    expect(validateCassette(good)).toMatchObject({ ok: true });
  });

  it.each([
    ["not JSON", "{", /^it is not JSON/],
    [
      "another format",
      JSON.stringify({ format: "something-else" }),
      /^it is not a playground cassette \(expected "format": "mcp-playground\/cassette"\)$/,
    ],
    [
      "a newer version",
      JSON.stringify({ ...good, version: 7 }),
      /^it was written by a newer playground \(cassette v7\); this one reads v1$/,
    ],
    [
      "a target out of range",
      JSON.stringify({ ...good, interactions: [{ ...good.interactions[0], target: 3 }] }),
      /^interactions\[0\]\.target: names target 3, but the cassette has 1$/,
    ],
    [
      "a response without a result",
      JSON.stringify({
        ...good,
        interactions: [{ ...good.interactions[0], response: { jsonrpc: "2.0", id: 1, error: {} } }],
      }),
      /^interactions\[0\]\.response: a response frame must carry a result$/,
    ],
    [
      "a request without a method",
      JSON.stringify({ ...good, interactions: [{ ...good.interactions[0], request: { id: 1 } }] }),
      /^interactions\[0\]\.request: a recorded request needs a method$/,
    ],
  ])("refuses %s with a reason", (_name, text, reason) => {
    expectRefusal(parseCassetteText(text), reason);
  });
});

describe("importing other recordings", () => {
  it("reads mcp-recorder's documented cassette format", () => {
    const recorder = {
      version: "1.0",
      metadata: {
        recorded_at: "2026-02-17T20:25:23Z",
        server_url: "http://127.0.0.1:8000",
        transport_type: "http",
        protocol_version: "2025-11-25",
      },
      interactions: [
        {
          type: "jsonrpc_request",
          request: {
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: {} },
          },
          response: {
            jsonrpc: "2.0",
            id: 0,
            result: {
              protocolVersion: "2025-11-25",
              capabilities: {},
              serverInfo: { name: "Calc", version: "2.14.5" },
            },
          },
          response_is_sse: true,
          response_status: 200,
          latency_ms: 7,
        },
        {
          type: "jsonrpc_notification",
          request: { jsonrpc: "2.0", method: "notifications/initialized" },
          response: null,
        },
      ],
    };
    const imported = importRecorder(recorder);
    if (!imported.ok) throw new Error(imported.reason);
    const { cassette } = cassetteFromState(imported.state, { source: "mcp-recorder", keepTargets: false });
    expect(cassette.targets).toEqual([
      {
        label: "http://127.0.0.1:8000",
        transport: "http",
        era: "legacy",
        handshake: "initialize",
        protocolVersion: "2025-11-25",
        serverInfo: { name: "Calc", version: "2.14.5" },
      },
    ]);
    expect(cassette.interactions.map((x) => [x.request.method, !!x.response])).toEqual([
      ["initialize", true],
      ["notifications/initialized", false],
    ]);
  });

  it("reads JSON Lines transcripts, bare or wrapped with a direction, and puts each notification with its request", () => {
    const bare = [
      { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "slow" } },
      { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } },
      { jsonrpc: "2.0", id: 1, result: { content: [] } },
    ];
    const fromBare = importJsonLines(bare.map((f) => JSON.stringify(f)).join("\n"));
    const wrapped = importJsonLines(
      bare.map((f, i) => JSON.stringify({ direction: i === 0 ? "send" : "recv", message: f })).join("\n"),
    );
    for (const imported of [fromBare, wrapped]) {
      if (!imported.ok) throw new Error(imported.reason);
      const { cassette } = cassetteFromState(imported.state, { source: "jsonl", keepTargets: false });
      expect(cassette.interactions).toEqual([
        { target: 0, request: bare[0], response: bare[2], notifications: [bare[1]] },
      ]);
    }
  });

  it("says which line of a transcript it cannot read", () => {
    expect(importJsonLines('{"jsonrpc":"2.0","id":1,"method":"a"}\nnot json')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^line 2 is not JSON/),
    });
    expect(importJsonLines('{"direction":"sideways","message":{"id":1}}')).toEqual({
      ok: false,
      reason: 'line 1 has a direction "sideways" that is neither sent nor received',
    });
  });
});

function cassetteOf(interactions: Cassette["interactions"]): Cassette {
  return {
    format: CASSETTE_FORMAT,
    version: 1,
    omitted: [],
    targets: [{ label: "t", transport: "stdio", era: "modern", handshake: "none" }],
    interactions,
  };
}

const rec = (
  id: number,
  method: string,
  params: Record<string, unknown> | undefined,
  result: unknown,
): Cassette["interactions"][number] => ({
  target: 0,
  request: { jsonrpc: "2.0", id, method, ...(params ? { params } : {}) },
  response: { jsonrpc: "2.0", id, result },
  notifications: [],
});

describe("the mock's matching rules", () => {
  it("ignores ids: the answer is the recorded frame with the caller's id in the recorded id's place", () => {
    const m = new CassetteMatcher(
      cassetteOf([
        {
          ...rec(1, "tools/list", undefined, { tools: [] }),
          response: { result: { tools: [] }, jsonrpc: "2.0", id: 1 },
        },
      ]),
    );
    expect(JSON.stringify(m.answer({ jsonrpc: "2.0", id: "abc", method: "tools/list" }))).toBe(
      '[{"result":{"tools":[]},"jsonrpc":"2.0","id":"abc"}]',
    );
  });

  it("ignores _meta by default and compares it with meta: strict", () => {
    const c = cassetteOf([rec(1, "tools/list", { _meta: ENVELOPE }, { tools: [] })]);
    const other = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/list",
      params: { _meta: { ...ENVELOPE, "io.modelcontextprotocol/clientInfo": { name: "x", version: "1" } } },
    };
    expect(new CassetteMatcher(c).answer(other)[0]).toHaveProperty("result");
    expect(new CassetteMatcher(c, { meta: "strict" }).answer(other)[0]).toMatchObject({ error: { code: -32602 } });
  });

  it("cursor and requestState: loose serves the next recording of the method when none is equal; strict refuses", () => {
    const c = cassetteOf([rec(1, "tools/list", { cursor: "p2" }, { tools: ["page 2"] })]);
    const asked = { jsonrpc: "2.0", id: 5, method: "tools/list", params: { cursor: "other" } };
    expect(new CassetteMatcher(c).answer(asked)[0]).toMatchObject({ result: { tools: ["page 2"] } });
    expect(new CassetteMatcher(c, { state: "strict" }).answer(asked)[0]).toMatchObject({
      error: {
        code: -32602,
        message: expect.stringContaining("(matching is strict: _meta, cursor and requestState count)"),
      },
    });
  });

  it("a batch of more than 100 messages is refused whole (-32600, saying the limit); 100 are answered", () => {
    const m = new CassetteMatcher(cassetteOf([rec(1, "tools/list", undefined, { tools: [] })]));
    const batch = (n: number) =>
      JSON.stringify(Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "tools/list" })));
    expect(answerText(m, batch(101))).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32600,
          message: "Invalid Request: a batch of 101 messages; the mock answers at most 100 at once",
        },
      },
    ]);
    expect((answerText(m, batch(100))[0] as unknown[]).length).toBe(100);
  });

  it("an unmatched call names the closest recording of its own tool", () => {
    const m = new CassetteMatcher(
      cassetteOf([
        rec(1, "tools/call", { name: "create_event", arguments: { title: "Standup" } }, { content: [] }),
        rec(2, "tools/call", { name: "list_events", arguments: {} }, { content: [] }),
      ]),
    );
    const asked = {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "create_event", arguments: { title: "Stand-up" } },
    };
    expect(m.answer(asked)[0]).toMatchObject({
      error: {
        code: -32602,
        message: expect.stringMatching(
          /Closest recorded request: tools\/call \{"name":"create_event","arguments":\{"title":"Standup"\}\}$/,
        ),
      },
    });
  });

  it("answers a request recorded twice in recorded order, then repeats the last", () => {
    const m = new CassetteMatcher(
      cassetteOf([
        rec(1, "tools/call", { name: "count" }, { n: 1 }),
        rec(2, "tools/call", { name: "count" }, { n: 2 }),
      ]),
    );
    const call = { jsonrpc: "2.0", id: 9, method: "tools/call", params: { name: "count" } };
    expect([m.answer(call), m.answer(call), m.answer(call)].map((a) => (a[0].result as { n: number }).n)).toEqual([
      1, 2, 2,
    ]);
  });

  it("matches the handshake by method alone, sends recorded notifications first, and takes notifications silently", () => {
    const init = {
      ...rec(
        1,
        "initialize",
        { protocolVersion: "2025-11-25", clientInfo: { name: "a" } },
        { protocolVersion: "2025-11-25" },
      ),
      notifications: [{ jsonrpc: "2.0", method: "notifications/message" }],
    };
    const m = new CassetteMatcher(cassetteOf([init]));
    const frames = m.answer({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", clientInfo: { name: "b" } },
    });
    expect(frames.map((f) => f.method ?? f.id)).toEqual(["notifications/message", 0]);
    expect(m.answer({ jsonrpc: "2.0", method: "notifications/initialized" })).toEqual([]);
  });
});

const pair = (
  index: number,
  method: string,
  recorded: unknown,
  live: unknown,
  params?: Record<string, unknown>,
): DiffPair => ({
  index,
  request: { jsonrpc: "2.0", id: index, method, ...(params ? { params } : {}) },
  recorded: { jsonrpc: "2.0", id: index, result: recorded },
  live: { frame: { jsonrpc: "2.0", id: index + 100, result: live } },
});

const tool = (
  name: string,
  extra: Record<string, unknown> = {},
  schema: Record<string, unknown> = { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
) => ({
  name,
  description: `the ${name} tool`,
  inputSchema: schema,
  ...extra,
});

describe("diff: what breaks and what does not", () => {
  it("ids alone do not count: the same answer with another id is the same", () => {
    expect(diffPairs([pair(0, "tools/list", { tools: [tool("a")] }, { tools: [tool("a")] })])).toMatchObject({
      breaking: [],
      nonBreaking: [],
      same: 1,
    });
  });

  it("descriptions, added tools, added optional arguments and ordering are not breaking", () => {
    const before = { tools: [tool("a"), tool("b")] };
    const after = {
      tools: [
        tool("b"),
        {
          ...tool(
            "a",
            {},
            { type: "object", properties: { a: { type: "string" }, z: { type: "number" } }, required: ["a"] },
          ),
          description: "reworded",
        },
        tool("c"),
      ],
    };
    const r = diffPairs([pair(0, "tools/list", before, after)]);
    expect(r.breaking).toEqual([]);
    expect(r.nonBreaking.map((d) => d.kind).sort()).toEqual([
      "description-changed",
      "optional-argument-added",
      "tool-added",
    ]);
  });

  it("an argument's type changed, an argument removed and a field removed from a result are breaking", () => {
    const r = diffPairs([
      pair(
        0,
        "tools/list",
        { tools: [tool("a", {}, { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } })] },
        { tools: [tool("a", {}, { type: "object", properties: { a: { type: "number" } } })] },
      ),
      pair(
        1,
        "tools/call",
        { structuredContent: { total: 3, unit: "eur" } },
        { structuredContent: { total: "3" } },
        { name: "a" },
      ),
    ]);
    expect(r.breaking.map((d) => [d.kind, d.path])).toEqual([
      ["type-changed", 'tools/list tools["a"].inputSchema.properties.a.type'],
      ["argument-removed", 'tools/list tools["a"].inputSchema.properties.b'],
      ["type-changed", 'tools/call {"name":"a"} result.structuredContent.total'],
      ["field-removed", 'tools/call {"name":"a"} result.structuredContent.unit'],
    ]);
  });

  it("timestamps and other values changing are not breaking; an error where a result was is", () => {
    const r = diffPairs([
      pair(
        0,
        "tools/call",
        { content: [{ type: "text", text: "hello" }], createdAt: "2026-01-01T00:00:00Z" },
        { content: [{ type: "text", text: "bye" }], createdAt: "2026-02-01T00:00:00Z" },
        { name: "x" },
      ),
      {
        ...pair(1, "resources/read", { contents: [] }, null, { uri: "a://b" }),
        live: { frame: { jsonrpc: "2.0", id: 1, error: { code: -32002, message: "Resource not found" } } },
      },
    ]);
    expect(r.nonBreaking.map((d) => d.kind)).toEqual(["value-changed", "id-or-timestamp-changed"]);
    expect(r.breaking).toEqual([
      {
        kind: "error-instead-of-result",
        path: 'resources/read {"uri":"a://b"}',
        detail: "recorded a result, now error -32002 Resource not found",
        detailMsg: msg("diffDetail.resultGone", {
          now: msg("diffDetail.failure.error", { code: "-32002", message: "Resource not found" }),
        }),
        interaction: 1,
      },
    ]);
  });

  it("a prompt's new required argument, a removed resource and a changed era are breaking", () => {
    const r = diffPairs(
      [
        pair(
          0,
          "prompts/list",
          { prompts: [{ name: "p", arguments: [{ name: "x" }] }] },
          { prompts: [{ name: "p", arguments: [{ name: "x", required: true }] }] },
        ),
        pair(1, "resources/list", { resources: [{ uri: "a://1", name: "one" }] }, { resources: [] }),
      ],
      { recorded: "legacy", live: "modern" },
    );
    expect(r.breaking.map((d) => d.kind)).toEqual(["era-changed", "required-argument-added", "resource-removed"]);
  });
});

describe("diff rows: the page's recorded | live view per interaction", () => {
  it("a recorded call of a removed tool shows on its own row as breaking, through the removal it is told with", () => {
    const pairs = [
      pair(0, "tools/list", { tools: [tool("a"), tool("gone")] }, { tools: [tool("a")] }),
      {
        ...pair(1, "tools/call", { content: [] }, null, { name: "gone", arguments: { a: "x" } }),
        live: { frame: { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Tool gone not found" } } },
      },
      pair(
        2,
        "tools/call",
        { content: [{ type: "text", text: "hi" }] },
        { content: [{ type: "text", text: "hi" }] },
        { name: "a", arguments: { a: "x" } },
      ),
    ];
    const report = diffPairs(pairs);
    expect(report.breaking.map((d) => d.kind)).toEqual(["tool-removed"]);
    const { rows, general } = diffRows(report, pairs);
    expect(general).toEqual([]);
    expect(rows.map((r) => [r.title, r.breaking.map((d) => d.kind)])).toEqual([
      ["tools/list", ["tool-removed"]],
      ['tools/call {"name":"gone","arguments":{"a":"x"}}', ["tool-removed"]],
      ['tools/call {"name":"a","arguments":{"a":"x"}}', []],
    ]);
  });
});

describe("the page's replay targets", () => {
  it("are exactly the gallery's examples, each a target-bar preset", async () => {
    const { REPLAY_CASSETTES } = await import("@/lib/bridge/target");
    const { EXAMPLES } = await import("@/lib/share/examples");
    const { PRESETS } = await import("@/lib/session/presets");
    expect([...REPLAY_CASSETTES]).toEqual(EXAMPLES.map((e) => e.id));
    expect(PRESETS.filter((p) => p.target?.kind === "replay").map((p) => p.label)).toEqual(
      REPLAY_CASSETTES.map((id) => `replay of ${id}`),
    );
  });
});
