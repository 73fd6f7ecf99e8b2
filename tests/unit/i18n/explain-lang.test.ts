/**
 * Explain in the reader's language (issue 32): every sentence explainFrame writes for a frame is said in Bulgarian
 * and in Russian (Cyrillic, not the English sentence), with every placeholder filled, and the English reads as before.
 */
import { describe, expect, it } from "vitest";
import { dateTranscript, explainFrame, explainHeaders, type ExplainContext } from "@/lib/explain";
import { translatorFor } from "@/lib/i18n/catalogues";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: {}, roots: { listChanged: true } },
  "io.modelcontextprotocol/clientInfo": { name: "playground" },
};

/** Frames that walk the explainer's branches: good ones, broken ones, legacy ones. */
const FRAMES: [string, unknown, ExplainContext?][] = [
  ["not JSON", "{nope"],
  ["a batch", [{ jsonrpc: "2.0", method: "ping", id: 1 }, 7]],
  ["no jsonrpc, null id", { id: null, method: "tools/list" }],
  ["wrong jsonrpc, fractional id", { jsonrpc: "1.0", id: 1.5, method: "tools/lsit" }],
  ["unknown method, no params", { jsonrpc: "2.0", id: "a", method: "x/y", params: 3 }],
  ["neither", { jsonrpc: "2.0", id: 1, reslt: {} }],
  ["tools/call without _meta", { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "add" } }],
  [
    "a request with a bad envelope",
    {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: {
        name: "add",
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2025-06-18",
          "io.modelcontextprotocol/clientInfo": { name: 1 },
          "io.modelcontextprotocol/clientCapabilities": [],
          "io.modelcontextprotocol/logLevel": "loud",
          "io.modelcontextprotocol/protocolVersio": "x",
          "io.modelcontextprotocol/weird": 1,
          "com.example/trace": 1,
          protocolVersion: "x",
          progressToken: 1.5,
          plain: 1,
        },
        inputResponses: {
          a: { action: "accept", content: {} },
          b: { action: "accept" },
          c: { action: "decline" },
          d: { action: "maybe" },
          e: { roots: [] },
          f: { role: "assistant", content: {} },
          g: { resultType: "complete" },
          h: 1,
        },
      },
    },
  ],
  [
    "a notification with an id",
    { jsonrpc: "2.0", id: 4, method: "notifications/cancelled", params: {} },
    { direction: "sent", transport: "http" },
  ],
  [
    "subscriptions/listen with a filter",
    {
      jsonrpc: "2.0",
      id: 5,
      method: "subscriptions/listen",
      params: {
        _meta: ENVELOPE,
        notifications: {
          toolsListChanged: true,
          promptsListChanged: false,
          resourceSubscriptions: ["a"],
          taskIds: [],
          odd: 1,
        },
      },
    },
  ],
  ["logging/setLevel", { jsonrpc: "2.0", id: 6, method: "logging/setLevel", params: { level: "loud" } }],
  [
    "initialize",
    {
      jsonrpc: "2.0",
      id: 7,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: { sampling: {} },
        clientInfo: { name: "c", version: "1" },
      },
    },
  ],
  [
    "an input request sent as a frame",
    { jsonrpc: "2.0", id: 8, method: "elicitation/create", params: { mode: "url" } },
  ],
  ["a response from the client", { jsonrpc: "2.0", id: 9, result: {} }, { direction: "sent" }],
  ["both result and error", { jsonrpc: "2.0", id: 10, result: {}, error: { code: -32601, message: "x" } }],
  [
    "a result without resultType",
    { jsonrpc: "2.0", id: 11, result: { tools: [{ name: "a" }] } },
    { requestMethod: "tools/list" },
  ],
  ["a legacy result", { jsonrpc: "2.0", id: 12, result: { tools: [] } }, { serverEra: "legacy" }],
  ["an empty result", { jsonrpc: "2.0", id: 13, result: { resultType: "complete" } }],
  ["an unknown resultType", { jsonrpc: "2.0", id: 14, result: { resultType: "later" } }],
  [
    "cache hints",
    { jsonrpc: "2.0", id: 15, result: { resultType: "complete", tools: [], ttlMs: 1.5, cacheScope: "world" } },
    { requestMethod: "tools/list" },
  ],
  [
    "fresh hints",
    { jsonrpc: "2.0", id: 16, result: { resultType: "complete", prompts: [], ttlMs: 90000, cacheScope: "public" } },
    { requestMethod: "prompts/list" },
  ],
  [
    "a tool error",
    { jsonrpc: "2.0", id: 17, result: { resultType: "complete", content: [], isError: true } },
    { requestMethod: "tools/call" },
  ],
  [
    "input_required",
    {
      jsonrpc: "2.0",
      id: 18,
      result: {
        resultType: "input_required",
        ttlMs: 5,
        requestState: 3,
        inputRequests: {
          ask: { method: "elicitation/create", params: { mode: "form" } },
          model: { method: "sampling/createMessage", id: 1, params: { includeContext: "allServers", messages: [] } },
          roots: { method: "roots/list" },
          bad: { method: "tools/call" },
          odd: 1,
        },
      },
    },
    { requestMethod: "tools/call" },
  ],
  [
    "input_required on a list",
    { jsonrpc: "2.0", id: 19, result: { resultType: "input_required" } },
    { requestMethod: "tools/list" },
  ],
  [
    "state only",
    { jsonrpc: "2.0", id: 20, result: { resultType: "input_required", requestState: "s" } },
    { requestMethod: "prompts/get" },
  ],
  ["a task", { jsonrpc: "2.0", id: 21, result: { resultType: "task", task: {} } }, { requestMethod: "prompts/get" }],
  ["a bad error", { jsonrpc: "2.0", id: null, error: "boom" }],
  ["an error", { jsonrpc: "2.0", id: 22, error: { code: 1.5, extra: 1 } }],
  [
    "-32022",
    {
      jsonrpc: "2.0",
      id: 23,
      error: { code: -32022, message: "m", data: { supported: ["2026-07-28"], requested: "1" } },
    },
  ],
  [
    "-32021",
    {
      jsonrpc: "2.0",
      id: 24,
      error: { code: -32021, message: "m", data: { requiredCapabilities: { elicitation: {} } } },
    },
  ],
  ["-32602 with a uri", { jsonrpc: "2.0", id: 25, error: { code: -32602, message: "m", data: { uri: "file:///x" } } }],
];

const EN = translatorFor("en");
const CYRILLIC = /[\u0400-\u04FF]/;
const PLACEHOLDER = /\{[a-zA-Z]+\}/;

describe("Explain says every sentence in the reader's language", () => {
  for (const lang of ["bg", "ru"] as const) {
    const t = translatorFor(lang);
    it.each(FRAMES)(`${lang}: %s`, (_name, frame, context = {}) => {
      const text = typeof frame === "string" ? frame : JSON.stringify(frame);
      const english = explainFrame(text, { ...context, t: EN });
      const said = explainFrame(text, { ...context, t });
      expect(said.map((a) => [a.path, a.level])).toEqual(english.map((a) => [a.path, a.level]));
      said.forEach((a, i) => {
        expect(a.text, `${a.path}: ${english[i].text}`).toMatch(CYRILLIC);
        expect(a.text).not.toBe(english[i].text);
        expect(a.text).not.toMatch(PLACEHOLDER);
      });
    });
  }

  it("English is the default and reads as before", () => {
    const frame = JSON.stringify({ jsonrpc: "2.0", id: 1.5, method: "tools/call" });
    expect(explainFrame(frame).map((a) => a.text)).toEqual(explainFrame(frame, { t: EN }).map((a) => a.text));
    expect(explainFrame(frame).map((a) => a.text)).toContain("id should be a string or an integer, not a fraction.");
  });
});

describe("Explain says the HTTP headers in the reader's language", () => {
  const frame = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "add" } };
  const request: [string, string][] = [
    ["Mcp-Method", "tools/list"],
    ["Mcp-Session-Id", "s"],
    ["Last-Event-ID", "3"],
    ["Accept", "application/json"],
    ["Authorization", "Bearer x"],
    ["Origin", "http://a"],
  ];
  const response: [string, string][] = [
    ["Content-Type", "text/event-stream"],
    ["Mcp-Session-Id", "s"],
    ["WWW-Authenticate", "Bearer"],
  ];
  for (const lang of ["bg", "ru"] as const)
    it(`${lang}: request and response headers, GET and DELETE`, () => {
      const t = translatorFor(lang);
      const cases = [
        explainHeaders(request, { side: "request", httpMethod: "POST", frame, t }),
        explainHeaders(request, { side: "request", httpMethod: "GET", t }),
        explainHeaders([], { side: "request", httpMethod: "DELETE", t }),
        explainHeaders(response, { side: "response", t }),
      ].flat();
      expect(cases.length).toBeGreaterThan(10);
      for (const a of cases) {
        expect(a.text, a.path).toMatch(CYRILLIC);
        expect(a.text).not.toMatch(PLACEHOLDER);
      }
    });
});

describe("the Dating tab says its reading in the reader's language", () => {
  const transcript = [
    '→ {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"sampling":{}},"clientInfo":{"name":"c","version":"1"}}}',
    "Mcp-Session-Id: 1868a90c",
    '← {"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","tools":[],"ttlMs":0,"cacheScope":"public"}}',
    '{"jsonrpc":"2.0","id":3,"result":{"resultType":"task","task":{"taskId":"t","status":"working","ttl":5}}}',
  ].join("\n");
  for (const lang of ["bg", "ru"] as const)
    it(`${lang}: summary, reasons and lifecycle lines`, () => {
      const t = translatorFor(lang);
      const english = dateTranscript(transcript);
      const said = dateTranscript(transcript, t);
      expect(said.revisions).toEqual(english.revisions);
      expect(said.summary).toMatch(CYRILLIC);
      expect(said.summary).not.toMatch(PLACEHOLDER);
      expect(said.deprecatedOrRemoved.length).toBeGreaterThan(0);
      for (const f of said.deprecatedOrRemoved) expect(f.text).toMatch(CYRILLIC);
      for (const r of said.reasons) expect(r.feature).not.toMatch(PLACEHOLDER);
      expect(said.reasons.filter((r) => CYRILLIC.test(r.feature)).length).toBeGreaterThan(2);
      expect(dateTranscript("x".repeat(1_000_001), t).summary).toMatch(CYRILLIC);
      expect(dateTranscript("just prose", t).summary).toMatch(CYRILLIC);
    });
});
