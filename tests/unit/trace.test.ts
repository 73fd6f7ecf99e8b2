import { describe, expect, it } from "vitest";
import type { Exchange, FailureKind } from "@/lib/bridge/contract";
import { traceLines, type TraceInput } from "@/lib/protocol/trace";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const req = (method: string, params?: Record<string, unknown>, id: number | string = 1) =>
  JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
const reply = (frame: unknown): Pick<Exchange, "received" | "outcome"> => ({
  received: [{ frame }],
  outcome: { kind: "response", frame },
});

/** Nothing but a failure of this kind came back (after `received`, if any). */
const failed = (
  failure: FailureKind,
  message: string,
  received: Exchange["received"] = [],
): Pick<Exchange, "received" | "outcome"> => ({ received, outcome: { kind: "failure", failure, message } });
/** `sent`, with a 10 s timeout unless told, and what came back. */
const sending = (sent: string, back: Pick<Exchange, "received" | "outcome">, timeoutMs = 10000): TraceInput => ({
  sent,
  timeoutMs,
  ...back,
});

type Row = { rule: string; input: TraceInput; lines: string[]; foldMeta?: boolean };

const rows: Row[] = [
  {
    rule: "a request is written as → method {params} with _meta folded",
    input: sending(
      req("tools/list", { _meta: META }),
      reply({ jsonrpc: "2.0", id: 1, result: { resultType: "complete", tools: [] } }),
    ),
    lines: ['→ tools/list {"_meta":{…}}', '← {"resultType":"complete","tools":[]}'],
  },
  {
    rule: "unfolded _meta shows the whole envelope",
    foldMeta: false,
    input: sending(
      req("server/discover", { _meta: META }),
      reply({ jsonrpc: "2.0", id: 1, result: { supportedVersions: ["2026-07-28"] } }),
    ),
    lines: [
      '→ server/discover {"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}',
      '← {"supportedVersions":["2026-07-28"]}',
    ],
  },
  {
    rule: "result _meta (server identity) folds too, keeping key order",
    input: sending(
      req("server/discover", { _meta: META }),
      reply({
        jsonrpc: "2.0",
        id: 1,
        result: { supportedVersions: ["2026-07-28"], _meta: { x: 1 }, resultType: "complete" },
      }),
    ),
    lines: [
      '→ server/discover {"_meta":{…}}',
      '← {"supportedVersions":["2026-07-28"],"_meta":{…},"resultType":"complete"}',
    ],
  },
  {
    rule: "an error response is ← error code message",
    input: sending(
      req("server/discover", { _meta: META }),
      reply({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } }),
    ),
    lines: ['→ server/discover {"_meta":{…}}', "← error -32601 Method not found"],
  },
  {
    rule: "error data is shown after the message",
    input: sending(
      req("tools/list", {}),
      reply({
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32022, message: "Unsupported", data: { supported: ["2026-07-28"] } },
      }),
    ),
    lines: ["→ tools/list {}", '← error -32022 Unsupported {"supported":["2026-07-28"]}'],
  },
  {
    rule: "a request without params has no braces",
    input: sending(req("ping"), reply({ jsonrpc: "2.0", id: 1, result: {} })),
    lines: ["→ ping", "← {}"],
  },
  {
    rule: "notifications that arrive before the response appear in order",
    input: sending(req("tools/call", { name: "slow" }), {
      received: [
        { frame: { jsonrpc: "2.0", method: "notifications/progress", params: { progress: 1 } } },
        { frame: { jsonrpc: "2.0", method: "notifications/message", params: { level: "info", data: "<b>hi</b>" } } },
        { frame: { jsonrpc: "2.0", id: 1, result: { content: [] } } },
      ],
      outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { content: [] } } },
    }),
    lines: [
      '→ tools/call {"name":"slow"}',
      '← notification notifications/progress {"progress":1}',
      '← notification notifications/message {"level":"info","data":"<b>hi</b>"}',
      '← {"content":[]}',
    ],
  },
  {
    rule: "a server-to-client request (legacy elicitation shim) is ← request",
    input: sending(
      req("tools/call", { name: "create_event" }),
      failed("timeout", "no reply", [
        { frame: { jsonrpc: "2.0", id: 0, method: "elicitation/create", params: { mode: "form" } } },
      ]),
    ),
    lines: [
      '→ tools/call {"name":"create_event"}',
      '← request elicitation/create {"mode":"form"}',
      "✕ timeout after 10000 ms",
    ],
  },
  {
    rule: "a timeout names the timeout used",
    input: sending(req("tools/list", {}), failed("timeout", "x"), 2500),
    lines: ["→ tools/list {}", "✕ timeout after 2500 ms"],
  },
  {
    rule: "other failures name their kind and message",
    input: sending(req("tools/list", {}), failed("exit", "process exited with code 1")),
    lines: ["→ tools/list {}", "✕ exit: process exited with code 1"],
  },
  {
    rule: "a sent notification expects no response",
    input: sending(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }), {
      received: [],
      outcome: { kind: "notification", note: "" },
    }),
    lines: ["→ notifications/initialized", "· no response expected (notification)"],
  },
  {
    rule: "text that is not JSON is shown as written",
    input: sending("{oops", reply({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })),
    lines: ["→ (not JSON) {oops", "← error -32700 Parse error"],
  },
  {
    rule: "a response the bridge did not list in received is still shown",
    input: sending(req("tools/list", {}), {
      received: [],
      outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { tools: [] } } },
    }),
    lines: ["→ tools/list {}", '← {"tools":[]}'],
  },
];

describe("trace lines are written the way the chapter writes traces", () => {
  it.each(rows)("$rule", ({ input, lines, foldMeta }) => {
    expect(traceLines(input, { foldMeta }).map((l) => l.text)).toEqual(lines);
  });

  it("server strings stay plain text (no HTML is produced or escaped away)", () => {
    const frame = {
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "<img src=x onerror=alert(1)>" }] },
    };
    const [, line] = traceLines({ sent: req("tools/call", {}), timeoutMs: 1, ...reply(frame) });
    expect(line.text).toContain("<img src=x onerror=alert(1)>");
  });
});
