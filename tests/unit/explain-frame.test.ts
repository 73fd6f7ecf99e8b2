import { describe, expect, it } from "vitest";
import { explainFrame, type Annotation, type ExplainContext } from "@/lib/explain";
import { buildEnvelope } from "@/lib/protocol/meta";
import { TEMPLATES } from "@/lib/protocol/templates";

const M = buildEnvelope();
const req = (method: string, params: Record<string, unknown> = {}, id: number | string = 1) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { _meta: M, ...params },
});
const res = (result: Record<string, unknown>, id: number | string = 1) => ({ jsonrpc: "2.0", id, result });
const err = (code: number, message = "m", data?: unknown, id: number | string | null = 1) => ({
  jsonrpc: "2.0",
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

function at(annotations: Annotation[], path: string): Annotation[] {
  return annotations.filter((a) => a.path === path);
}
function levels(annotations: Annotation[], path: string): string[] {
  return at(annotations, path).map((a) => a.level);
}
function errors(annotations: Annotation[]): Annotation[] {
  return annotations.filter((a) => a.level === "error");
}
const explain = (frame: unknown, ctx?: ExplainContext) => explainFrame(frame, ctx);
/** The first note at `path` is at `level` and says `phrase`. */
function expectFirstNote(annotations: Annotation[], path: string, level: string, phrase: string): void {
  const a = at(annotations, path)[0];
  expect(a.level).toBe(level);
  expect(a.text).toContain(phrase);
}

describe("every annotation has a path, one-sentence text, a spec reference and a level", () => {
  it("holds for a full modern request", () => {
    const out = explain(req("tools/call", { name: "create_event", arguments: { title: "x" } }));
    expect(out.length).toBeGreaterThan(5);
    for (const a of out) {
      expect(a.text.length).toBeGreaterThan(10);
      expect(a.specRef).toMatch(
        /^(§[\d.]+ · [\w./-]+(\.mdx|\.ts)( \(\d{4}-\d{2}-\d{2}\))?|[\w./-]+\.mdx \(\d{4}-\d{2}-\d{2}\))$/,
      );
      expect(["info", "deprecated", "removed", "error"]).toContain(a.level);
    }
  });
});

describe("well-formed 2026-07-28 requests raise no error (every core request and the tasks extension)", () => {
  it.each([
    ["server/discover", {}],
    ["tools/list", { cursor: "abc" }],
    ["tools/call", { name: "create_event", arguments: { title: "Dentist" } }],
    ["prompts/list", {}],
    ["prompts/get", { name: "prepare_week", arguments: { focus: "deep work" } }],
    ["resources/list", {}],
    ["resources/templates/list", {}],
    ["resources/read", { uri: "calendar://week" }],
    [
      "completion/complete",
      { ref: { type: "ref/prompt", name: "prepare_week" }, argument: { name: "focus", value: "de" } },
    ],
    ["subscriptions/listen", { notifications: { toolsListChanged: true, resourceSubscriptions: ["calendar://week"] } }],
    ["tasks/get", { taskId: "t1" }],
    ["tasks/update", { taskId: "t1", inputResponses: { k: { action: "accept", content: { a: 1 } } } }],
    ["tasks/cancel", { taskId: "t1" }],
  ])("%s", (method, params) => {
    const out = explain(req(method, params), { direction: "sent", serverEra: "modern" });
    expect(errors(out)).toEqual([]);
    expect(at(out, "method")[0].text.startsWith(`${method}:`)).toBe(true);
    expect(levels(out, "params._meta.io.modelcontextprotocol/protocolVersion")).toEqual(["info"]);
  });

  it("every modern template of the editor explains without errors", () => {
    for (const t of TEMPLATES.filter((x) => x.era === "modern")) {
      expect(errors(explain(t.build({ id: 7 }), { direction: "sent" })), t.id).toEqual([]);
    }
  });
});

describe("the _meta envelope: required, recommended, misspelt and foreign keys", () => {
  it.each([
    ["io.modelcontextprotocol/protocolVersion", "required in every request"],
    ["io.modelcontextprotocol/clientCapabilities", "required in every request"],
  ])("a request without %s is an error naming -32602 and HTTP 400", (key) => {
    const meta = { ...M } as Record<string, unknown>;
    delete meta[key];
    const out = explain({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: meta } });
    const missing = at(out, "params._meta").find((a) => a.level === "error");
    expect(missing?.text).toContain(key);
    expect(missing?.text).toContain("-32602 (HTTP 400)");
  });

  it("clientInfo is explained as recommended, not required", () => {
    expectFirstNote(
      explain(req("tools/list")),
      "params._meta.io.modelcontextprotocol/clientInfo",
      "info",
      "recommended",
    );
  });

  it("a request with no params at all is an error (a modern server answers -32602)", () => {
    const a = explain({ jsonrpc: "2.0", id: 1, method: "tools/list" }).find((x) => x.path === "params");
    expect(a?.level).toBe("error");
    expect(a?.text).toContain("-32602");
  });

  it.each([
    ["io.modelcontextprotocol/protocolVerison", 'did you mean "io.modelcontextprotocol/protocolVersion"?'],
    ["io.modelcontextprotocol/clientCapabilites", 'did you mean "io.modelcontextprotocol/clientCapabilities"?'],
    ["io.modelcontextprotocol/loglevel", 'did you mean "io.modelcontextprotocol/logLevel"?'],
    ["protocolVersion", 'did you mean "io.modelcontextprotocol/protocolVersion"?'],
    ["progresToken", 'did you mean "progressToken"?'],
  ])("misspelt key %s → %s", (key, phrase) => {
    const out = explain({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { ...M, [key]: "x" } } });
    expectFirstNote(out, `params._meta.${key}`, "error", phrase);
  });

  it("a third-party prefixed key is info, never an error", () => {
    expectFirstNote(
      explain(req("tools/list", { _meta: { ...M, "com.example/trace": 1 } })),
      "params._meta.com.example/trace",
      "info",
      "third-party",
    );
  });

  it("logLevel is deprecated with its date and SEP, and an unknown level is an error", () => {
    const ok = at(
      explain(req("tools/call", { name: "t", _meta: { ...M, "io.modelcontextprotocol/logLevel": "info" } })),
      "params._meta.io.modelcontextprotocol/logLevel",
    );
    expect(ok.map((a) => [a.level, a.badge])).toEqual([["deprecated", "deprecated since 2026-07-28 (SEP-2577)"]]);
    const bad = at(
      explain(req("tools/call", { name: "t", _meta: { ...M, "io.modelcontextprotocol/logLevel": "verbose" } })),
      "params._meta.io.modelcontextprotocol/logLevel",
    );
    expect(bad.map((a) => a.level)).toEqual(["deprecated", "error"]);
  });

  it.each([
    ["1900-01-01", "error", "not a published revision"],
    ["2025-11-25", "info", "legacy revision"],
  ])("protocolVersion %s → %s mentioning %s", (version, level, phrase) => {
    const out = explain(req("tools/list", { _meta: { ...M, "io.modelcontextprotocol/protocolVersion": version } }));
    const a = at(out, "params._meta.io.modelcontextprotocol/protocolVersion").find((x) => x.text.includes(phrase));
    expect(a?.level).toBe(level);
  });

  it("client capabilities: sampling and roots are deprecated, a misspelt one gets a suggestion", () => {
    const caps = { sampling: {}, roots: {}, elicitaton: {} };
    const out = explain(
      req("tools/call", { name: "t", _meta: { ...M, "io.modelcontextprotocol/clientCapabilities": caps } }),
    );
    const base = "params._meta.io.modelcontextprotocol/clientCapabilities";
    expect(at(out, `${base}.sampling`)[0].badge).toBe("deprecated since 2026-07-28 (SEP-2577)");
    expect(at(out, `${base}.roots`)[0].badge).toBe("deprecated since 2026-07-28 (SEP-2577)");
    expect(at(out, `${base}.elicitaton`)[0].text).toContain('did you mean "elicitation"?');
  });
});

describe("jsonrpc, id and method rules", () => {
  it.each([
    [{ id: 1, method: "tools/list", params: { _meta: M } }, "jsonrpc", "error", "missing"],
    [
      { jsonrpc: "1.0", id: 1, method: "tools/list", params: { _meta: M } },
      "jsonrpc",
      "error",
      'exactly the string "2.0"',
    ],
    [{ jsonrpc: "2.0", id: null, method: "tools/list", params: { _meta: M } }, "id", "error", "must not be null"],
    [{ jsonrpc: "2.0", id: 1.5, method: "tools/list", params: { _meta: M } }, "id", "error", "not a fraction"],
    [
      { jsonrpc: "2.0", id: { a: 1 }, method: "tools/list", params: { _meta: M } },
      "id",
      "error",
      "string or an integer",
    ],
    [
      { jsonrpc: "2.0", id: "abc", method: "tools/list", params: { _meta: M } },
      "id",
      "info",
      "unique among this sender's requests still in flight",
    ],
    [
      { jsonrpc: "2.0", id: 1, method: "tool/list", params: { _meta: M } },
      "method",
      "error",
      'did you mean "tools/list"?',
    ],
    [
      { jsonrpc: "2.0", id: 1, method: "playground/nonexistent", params: { _meta: M } },
      "method",
      "info",
      "-32601 (HTTP 404",
    ],
    [
      { jsonrpc: "2.0", id: 1, method: "notifications/cancelled", params: { requestId: 1 } },
      "method",
      "error",
      "must not carry an id",
    ],
    [{ jsonrpc: "2.0", method: "tools/list", params: { _meta: M } }, "method", "error", "without an id"],
    [{ jsonrpc: "2.0", id: 1, mehtod: "tools/list" }, "mehtod", "error", 'did you mean "method"?'],
    [{ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "x" }, result: {} }, "", "error", "never both"],
  ])("%j → %s is %s (%s)", (frame, path, level, phrase) => {
    const a = at(explain(frame), path).find((x) => x.text.includes(phrase));
    expect(a, JSON.stringify(at(explain(frame), path))).toBeDefined();
    expect(a!.level).toBe(level);
  });

  it("an MRTR retry's id annotation says the id must be new", () => {
    const out = explain(
      req("tools/call", { name: "t", inputResponses: { k: { action: "accept" } }, requestState: "s" }, 2),
    );
    expect(at(out, "id")[0].text).toContain("must differ from the id of the round it answers");
  });

  it("text that is not JSON is one error annotation naming -32700", () => {
    expect(explain('{"jsonrpc":')).toEqual([
      expect.objectContaining({ path: "", level: "error", text: expect.stringContaining("-32700") }),
    ]);
  });

  it("a batch array is removed since 2025-06-18, and each element is still explained", () => {
    const out = explain([{ jsonrpc: "2.0", method: "notifications/initialized" }]);
    expect(at(out, "")[0]).toMatchObject({ level: "removed", badge: "removed in 2025-06-18" });
    expect(levels(out, "0.method")).toEqual(["removed"]);
  });
});

describe("params of core requests: known, required and misspelt", () => {
  it.each([
    ["tools/call", { arguments: {} }, "name"],
    ["prompts/get", {}, "name"],
    ["resources/read", {}, "uri"],
    ["completion/complete", { ref: { type: "ref/prompt", name: "p" } }, "argument"],
    ["subscriptions/listen", {}, "notifications"],
  ])("%s without %s's required field is an error naming it", (method, params, field) => {
    const a = errors(explain(req(method, params))).find((x) => x.path === "params");
    expect(a?.text).toContain(`"${field}"`);
  });

  it.each([
    ["tools/call", { name: "t", argumnets: {} }, "params.argumnets", "arguments"],
    ["resources/read", { url: "calendar://week" }, "params.url", "uri"],
    [
      "subscriptions/listen",
      { notifications: { toolListChanged: true } },
      "params.notifications.toolListChanged",
      "toolsListChanged",
    ],
    ["tools/list", { curser: "x" }, "params.curser", "cursor"],
  ])("%s with a misspelt key → did you mean", (method, params, path, guess) => {
    expect(at(explain(req(method, params)), path)[0]).toMatchObject({
      level: "error",
      text: expect.stringContaining(`did you mean "${guess}"?`),
    });
  });

  it("inputResponses entries are read by shape: elicitation answer, deprecated sampling and roots answers", () => {
    const out = explain(
      req("tools/call", {
        name: "t",
        requestState: "s",
        inputResponses: {
          a: { action: "accept", content: { x: 1 } },
          b: { role: "assistant", content: { type: "text", text: "Paris" }, model: "m" },
          c: { roots: [{ uri: "file:///p" }] },
          d: { action: "maybe" },
          e: { resultType: "complete", action: "accept" },
        },
      }),
    );
    expect(levels(out, "params.inputResponses.a")).toEqual(["info"]);
    expect(at(out, "params.inputResponses.b")[0].badge).toBe("deprecated since 2026-07-28 (SEP-2577)");
    expect(at(out, "params.inputResponses.c")[0].badge).toBe("deprecated since 2026-07-28 (SEP-2577)");
    expect(levels(out, "params.inputResponses.d")).toEqual(["error"]);
    expect(levels(out, "params.inputResponses.e.resultType")).toEqual(["error"]);
  });
});

describe("results: resultType, cache hints and per-method fields", () => {
  const cacheable = { ttlMs: 300000, cacheScope: "public" };
  it.each([
    ["server/discover", { supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, ...cacheable }],
    ["tools/list", { tools: [], ...cacheable }],
    ["prompts/list", { prompts: [], nextCursor: "", ...cacheable }],
    ["resources/list", { resources: [], ...cacheable }],
    ["resources/templates/list", { resourceTemplates: [], ...cacheable }],
    ["resources/read", { contents: [{ uri: "calendar://week", text: "[]" }], ...cacheable }],
    ["tools/call", { content: [{ type: "text", text: "ok" }], structuredContent: { id: "e3" }, isError: false }],
    ["prompts/get", { description: "d", messages: [] }],
    ["completion/complete", { completion: { values: ["deep work"] } }],
    ["subscriptions/listen", { _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" } }],
  ])("a complete %s result raises no error", (method, body) => {
    const out = explain(res({ resultType: "complete", ...body }), { direction: "received", requestMethod: method });
    expect(errors(out)).toEqual([]);
    expect(at(out, "result.resultType")[0].text).toContain('"complete"');
  });

  it.each([
    ["tools/list", { tools: [] }, "ttlMs"],
    ["tools/list", { tools: [], ttlMs: 1 }, "cacheScope"],
    ["server/discover", { supportedVersions: [], capabilities: {}, ttlMs: 0 }, "cacheScope"],
  ])("a cacheable %s result without %s is an error", (method, body, missing) => {
    const out = explain(res({ resultType: "complete", ...body }), { requestMethod: method });
    expect(errors(out).some((a) => a.text.includes(`"${missing}"`))).toBe(true);
  });

  it.each([
    [-1, "error"],
    [1.5, "error"],
    [0, "info"],
  ])("ttlMs %s is %s", (ttl, level) => {
    const out = explain(res({ resultType: "complete", tools: [], ttlMs: ttl, cacheScope: "public" }), {
      requestMethod: "tools/list",
    });
    expect(levels(out, "result.ttlMs")).toContain(level);
  });

  it("a cacheScope outside public/private is an error", () => {
    const out = explain(res({ resultType: "complete", tools: [], ttlMs: 1, cacheScope: "shared" }), {
      requestMethod: "tools/list",
    });
    expect(levels(out, "result.cacheScope")).toContain("error");
  });

  it("a modern result without resultType is an error; from a legacy server it is info (treat as complete)", () => {
    expect(errors(explain(res({ tools: [] }), { requestMethod: "tools/list" }))[0].text).toContain("resultType");
    expect(
      levels(explain(res({ tools: [] }), { requestMethod: "tools/list", serverEra: "legacy" }), "result.resultType"),
    ).toEqual(["info"]);
  });

  it("a legacy list result owes no cache hints: info saying the client treats it as stale at once", () => {
    const out = explain(res({ tools: [] }), { requestMethod: "tools/list", serverEra: "legacy" });
    expect(errors(out)).toEqual([]);
    expect(at(out, "result").some((a) => a.text.includes("treats the result as stale at once (ttlMs 0)"))).toBe(true);
  });

  it("an unknown resultType must be considered invalid", () => {
    expect(levels(explain(res({ resultType: "partial" })), "result.resultType")).toEqual(["error"]);
  });

  it("the request is inferred from the result's shape when the caller does not name it", () => {
    const out = explain(
      res({
        resultType: "complete",
        supportedVersions: ["2026-07-28"],
        capabilities: {},
        ttlMs: 1,
        cacheScope: "public",
      }),
    );
    expect(at(out, "result")[0].text).toBe("The result of server/discover.");
  });

  it("a misspelt result key gets a suggestion", () => {
    const out = explain(res({ resultType: "complete", tools: [], ttlMs: 1, cacheScope: "public", nextCurser: "x" }), {
      requestMethod: "tools/list",
    });
    expect(at(out, "result.nextCurser")[0].text).toContain('did you mean "nextCursor"?');
  });

  it("isError true is a tool execution error, explained as such, not a protocol error", () => {
    const out = explain(res({ resultType: "complete", content: [], isError: true }), { requestMethod: "tools/call" });
    expect(at(out, "result.isError").some((a) => a.text.includes("not a JSON-RPC error"))).toBe(true);
  });

  it("serverInfo in result _meta is recommended; the server's instructions are untrusted", () => {
    const out = explain(
      res({
        resultType: "complete",
        supportedVersions: ["2026-07-28"],
        capabilities: { logging: {} },
        instructions: "Do X",
        ttlMs: 1,
        cacheScope: "public",
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "s", version: "1" } },
      }),
    );
    expect(at(out, "result._meta.io.modelcontextprotocol/serverInfo")[0].text).toContain("recommended");
    expect(at(out, "result.instructions").some((a) => a.text.includes("untrusted"))).toBe(true);
    expect(at(out, "result.capabilities.logging")[0].badge).toBe("deprecated since 2026-07-28 (SEP-2577)");
  });
});

describe("MRTR: input_required, inputRequests, requestState", () => {
  const inputRequired = (inputRequests?: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    res({
      resultType: "input_required",
      ...(inputRequests ? { inputRequests } : {}),
      requestState: "c3RhdGU",
      ...extra,
    });

  it("elicitation is current; sampling and roots input requests carry a deprecated badge with SEP-2577", () => {
    const out = explain(
      inputRequired({
        login: {
          method: "elicitation/create",
          params: { mode: "form", message: "Name?", requestedSchema: { type: "object", properties: {} } },
        },
        capital: { method: "sampling/createMessage", params: { messages: [], maxTokens: 100 } },
        roots: { method: "roots/list" },
      }),
      { direction: "received", requestMethod: "tools/call" },
    );
    expect(errors(out)).toEqual([]);
    expect(levels(out, "result.inputRequests.login")).toEqual(["info"]);
    expect(at(out, "result.inputRequests.capital")[0]).toMatchObject({
      level: "deprecated",
      badge: "deprecated since 2026-07-28 (SEP-2577)",
    });
    expect(at(out, "result.inputRequests.capital")[0].text).toContain("call an LLM provider's API directly");
    expect(at(out, "result.inputRequests.roots")[0]).toMatchObject({
      level: "deprecated",
      badge: "deprecated since 2026-07-28 (SEP-2577)",
    });
    expect(at(out, "result.resultType")[0].text).toContain("new id");
  });

  it("includeContext thisServer is deprecated since 2025-11-25 (SEP-2596)", () => {
    const out = explain(
      inputRequired({
        c: { method: "sampling/createMessage", params: { messages: [], maxTokens: 1, includeContext: "thisServer" } },
      }),
    );
    expect(at(out, "result.inputRequests.c.params.includeContext").find((a) => a.badge)?.badge).toBe(
      "deprecated since 2025-11-25 (SEP-2596)",
    );
  });

  it("elicitationId inside an input request is removed in 2026-07-28", () => {
    const out = explain(
      inputRequired({
        k: {
          method: "elicitation/create",
          params: { mode: "url", message: "m", url: "https://x", elicitationId: "1" },
        },
      }),
    );
    expect(at(out, "result.inputRequests.k.params.elicitationId")[0]).toMatchObject({
      level: "removed",
      badge: "removed in 2026-07-28",
    });
  });

  it.each([
    [{ resultType: "input_required" }, "result", "inputRequests, requestState or both"],
    [{ resultType: "input_required", requestState: "s", ttlMs: 1 }, "result.ttlMs", "not cacheable"],
    [
      { resultType: "input_required", inputRequests: { k: { method: "ping" } } },
      "result.inputRequests.k.method",
      "must be one of",
    ],
    [
      { resultType: "input_required", inputRequests: { k: { jsonrpc: "2.0", id: 3, method: "roots/list" } } },
      "result.inputRequests.k.id",
      "no id",
    ],
  ])("malformed input_required %j → error at %s", (result, path, phrase) => {
    expect(
      at(explain(res(result), { requestMethod: "tools/call" }), path).find((a) => a.level === "error")?.text,
    ).toContain(phrase);
  });

  it("input_required is only allowed on tools/call, prompts/get and resources/read", () => {
    const out = explain(inputRequired({}), { requestMethod: "tools/list" });
    expect(errors(out).some((a) => a.text.includes("only allowed on tools/call, prompts/get and resources/read"))).toBe(
      true,
    );
  });

  it("a state-only round (load shedding) is explained as such", () => {
    const out = explain(res({ resultType: "input_required", requestState: "s" }), { requestMethod: "tools/call" });
    expect(at(out, "result.requestState").some((a) => a.text.includes("load shedding"))).toBe(true);
  });

  it("a task result (tasks extension) is explained and only allowed on tools/call", () => {
    const task = {
      resultType: "task",
      taskId: "t",
      status: "working",
      createdAt: "x",
      lastUpdatedAt: "x",
      ttlMs: 1000,
      pollIntervalMs: 5000,
    };
    expect(errors(explain(res(task), { requestMethod: "tools/call" }))).toEqual([]);
    expect(errors(explain(res(task), { requestMethod: "prompts/get" }))[0].text).toContain("Only tools/call");
  });
});

describe("notifications of 2026-07-28", () => {
  it.each([
    [
      {
        jsonrpc: "2.0",
        method: "notifications/progress",
        params: { progressToken: "p", progress: 50, total: 100, message: "half" },
      },
      "info",
    ],
    [
      {
        jsonrpc: "2.0",
        method: "notifications/tools/list_changed",
        params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" } },
      },
      "info",
    ],
    [
      {
        jsonrpc: "2.0",
        method: "notifications/resources/updated",
        params: { _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" }, uri: "file:///x" },
      },
      "info",
    ],
    [
      {
        jsonrpc: "2.0",
        method: "notifications/subscriptions/acknowledged",
        params: {
          _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" },
          notifications: { toolsListChanged: true },
        },
      },
      "info",
    ],
    [
      { jsonrpc: "2.0", method: "notifications/message", params: { level: "error", logger: "db", data: { e: 1 } } },
      "deprecated",
    ],
    [{ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 10, reason: "user" } }, "info"],
  ])("%j: method is %s, no errors", (frame, level) => {
    const out = explain(frame, { direction: "received" });
    expect(errors(out)).toEqual([]);
    expect(levels(out, "method")).toEqual([level]);
    expect(at(out, "")[0].text).toContain("must not answer");
  });

  it("notifications/cancelled sent over Streamable HTTP notes that closing the stream is the cancellation", () => {
    const out = explain(
      { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } },
      { direction: "sent", transport: "http" },
    );
    expect(at(out, "method").some((a) => a.text.includes("closing the request's response stream"))).toBe(true);
  });

  it("a server-only notification sent by the client is an error", () => {
    const out = explain(
      { jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } },
      { direction: "sent" },
    );
    expect(levels(out, "method")).toContain("error");
  });
});

describe("legacy frames: removed in 2026-07-28, with the SEP and the replacement", () => {
  it.each([
    [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
      },
      "SEP-2575",
      "server/discover",
    ],
    [{ jsonrpc: "2.0", method: "notifications/initialized" }, "SEP-2575", "params._meta"],
    [{ jsonrpc: "2.0", id: 1, method: "ping" }, "SEP-2575", "server/discover"],
    [
      { jsonrpc: "2.0", id: 1, method: "logging/setLevel", params: { level: "debug" } },
      "SEP-2575",
      "io.modelcontextprotocol/logLevel",
    ],
    [
      { jsonrpc: "2.0", id: 1, method: "resources/subscribe", params: { uri: "file:///x" } },
      "SEP-2575",
      "subscriptions/listen",
    ],
    [
      { jsonrpc: "2.0", id: 1, method: "resources/unsubscribe", params: { uri: "file:///x" } },
      "SEP-2575",
      "subscriptions/listen",
    ],
    [{ jsonrpc: "2.0", method: "notifications/roots/list_changed" }, "SEP-2575", "input request"],
    [
      { jsonrpc: "2.0", method: "notifications/elicitation/complete", params: { elicitationId: "e" } },
      "Removed in 2026-07-28",
      "retry the original request",
    ],
    [{ jsonrpc: "2.0", id: 1, method: "tasks/list", params: {} }, "SEP-2663", "extension"],
    [{ jsonrpc: "2.0", id: 1, method: "tasks/result", params: { taskId: "t" } }, "SEP-2663", "extension"],
  ])("%j sent to a modern server", (frame, sep, replacement) => {
    const a = at(explain(frame, { direction: "sent", serverEra: "modern" }), "method").find(
      (x) => x.level === "removed",
    );
    expect(a?.badge).toBe("removed in 2026-07-28");
    expect(a?.text).toContain(sep);
    expect(a?.text).toContain(replacement);
  });

  it("logging/setLevel to a modern server says the server answers -32601 (HTTP 404)", () => {
    expectFirstNote(
      explain(
        { jsonrpc: "2.0", id: 1, method: "logging/setLevel", params: { level: "debug" } },
        { direction: "sent", serverEra: "modern" },
      ),
      "method",
      "removed",
      "-32601 (HTTP 404)",
    );
  });

  it("initialize to a known legacy server is the right thing: level info, badge kept", () => {
    const a = at(
      explain(
        {
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "x", version: "1" } },
        },
        { direction: "sent", serverEra: "legacy" },
      ),
      "method",
    )[0];
    expect(a).toMatchObject({ level: "info", badge: "removed in 2026-07-28" });
    expect(a.text).toContain("legacy");
  });

  it("a server-sent request (the pre-2026 way) is removed (SEP-2322) and sampling is also deprecated", () => {
    const out = explain(
      { jsonrpc: "2.0", id: 9, method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } },
      { direction: "received" },
    );
    expect(at(out, "method").map((a) => [a.level, a.badge])).toEqual([
      ["removed", "removed in 2026-07-28"],
      ["deprecated", "deprecated since 2026-07-28 (SEP-2577)"],
    ]);
    expect(at(out, "method")[0].text).toContain("SEP-2322");
  });

  it("a client sending a JSON-RPC response (to a server request) is removed in 2026-07-28", () => {
    const out = explain({ jsonrpc: "2.0", id: "srv-1", result: { action: "accept" } }, { direction: "sent" });
    expect(at(out, "")[1]).toMatchObject({ level: "removed", badge: "removed in 2026-07-28" });
  });

  it("an initialize result is explained field by field; its core tasks capability is removed (SEP-2663)", () => {
    const out = explain(
      res({
        protocolVersion: "2025-11-25",
        capabilities: { tasks: {}, tools: {} },
        serverInfo: { name: "s", version: "1" },
      }),
      {
        direction: "received",
        requestMethod: "initialize",
      },
    );
    expect(at(out, "result.serverInfo")[0].text).toContain("io.modelcontextprotocol/serverInfo");
    expect(at(out, "result.capabilities.tasks")[0]).toMatchObject({ level: "removed", badge: "removed in 2026-07-28" });
    expect(levels(out, "result.resultType")).toEqual(["info"]);
  });

  it("legacy roots.listChanged in clientCapabilities is flagged as removed", () => {
    const out = explain({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2024-11-05",
        capabilities: { roots: { listChanged: true } },
        clientInfo: { name: "c", version: "1" },
      },
    });
    expect(at(out, "params.capabilities.roots.listChanged")[0].level).toBe("removed");
  });
});

describe("error replies", () => {
  it.each([
    [-32700, "error"],
    [-32600, "error"],
    [-32601, "error"],
    [-32602, "error"],
    [-32603, "error"],
    [-32000, "error"],
    [-32020, "error"],
    [-32021, "error"],
    [-32022, "error"],
    [-32002, "removed"],
    [-32042, "removed"],
    [-32050, "error"],
    [12345, "error"],
  ])("code %i → %s, with what to do next", (code, level) => {
    const data =
      code === -32022
        ? { supported: ["2026-07-28"], requested: "1900-01-01" }
        : code === -32021
          ? { requiredCapabilities: { elicitation: {} } }
          : undefined;
    expectFirstNote(explain(err(code, "m", data)), "error.code", level, "Next:");
  });

  it("-32601 to server/discover means legacy server, not broken server", () => {
    const a = at(
      explain(err(-32601, "Method not found"), { direction: "received", requestMethod: "server/discover" }),
      "error.code",
    )[0];
    expect(a.level).toBe("info");
    expect(a.text).toContain("legacy server");
    expect(a.text).toContain("not a broken one");
    expect(a.text).toContain("initialize");
  });

  it("-32022 without data.supported/requested is an error; with them each is explained", () => {
    expect(levels(explain(err(-32022, "x")), "error.data")).toEqual(["error"]);
    const out = explain(err(-32022, "x", { supported: ["2026-07-28", "2025-11-25"], requested: "1900-01-01" }));
    expect(at(out, "error.data.supported")[0].text).toContain("2026-07-28, 2025-11-25");
  });

  it("-32021 explains which capabilities to declare", () => {
    const out = explain(err(-32021, "x", { requiredCapabilities: { elicitation: {} } }));
    expect(at(out, "error.data.requiredCapabilities")[0].text).toContain('{"elicitation":{}}');
  });

  it("a resource-not-found -32602 explains data.uri", () => {
    expect(at(explain(err(-32602, "Resource not found", { uri: "file:///nope" })), "error.data.uri")[0].text).toContain(
      "-32602 with data.uri",
    );
  });

  it("an error without message is an error; an id-less parse error is allowed", () => {
    expect(levels(explain({ jsonrpc: "2.0", id: 1, error: { code: -32603 } }), "error.message")).toEqual(["error"]);
    expect(levels(explain({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } }), "id")).toEqual([
      "info",
    ]);
  });
});

describe("the digest's §15 example messages explain without false errors", () => {
  const examples: [string, unknown, ExplainContext][] = [
    [
      "discover request",
      {
        jsonrpc: "2.0",
        id: "discover-1",
        method: "server/discover",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "ExampleClient", version: "1.0.0" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      },
      { direction: "sent" },
    ],
    [
      "discover result",
      {
        jsonrpc: "2.0",
        id: "discover-1",
        result: {
          resultType: "complete",
          supportedVersions: ["2026-07-28"],
          capabilities: {
            tools: { listChanged: true },
            resources: { subscribe: true, listChanged: true },
            prompts: {},
            completions: {},
            extensions: { "io.modelcontextprotocol/tasks": {} },
          },
          instructions: "This server provides weather and resource utilities.",
          ttlMs: 3600000,
          cacheScope: "public",
          _meta: { "io.modelcontextprotocol/serverInfo": { name: "ExampleServer", version: "1.0.0" } },
        },
      },
      { direction: "received" },
    ],
    [
      "retry",
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {}, url: {} }, sampling: {} },
          },
          name: "get_weather",
          arguments: { location: "New York" },
          inputResponses: {
            github_login: { action: "accept", content: { name: "octocat" } },
            capital_of_france: {
              role: "assistant",
              content: { type: "text", text: "Paris." },
              model: "claude-3-sonnet-20240307",
              stopReason: "endTurn",
            },
          },
          requestState: "eyJsb2NhdGlvbiI6Ik5ldyBZb3JrIn0",
        },
      },
      { direction: "sent" },
    ],
    [
      "final",
      {
        jsonrpc: "2.0",
        id: 2,
        result: {
          resultType: "complete",
          content: [{ type: "text", text: "{}" }],
          structuredContent: { temperature: 22.5 },
          isError: false,
        },
      },
      { direction: "received" },
    ],
    [
      "listen close",
      {
        jsonrpc: "2.0",
        id: "listen-1",
        result: { resultType: "complete", _meta: { "io.modelcontextprotocol/subscriptionId": "listen-1" } },
      },
      { direction: "received", requestMethod: "subscriptions/listen" },
    ],
    [
      "progress request",
      {
        jsonrpc: "2.0",
        id: 10,
        method: "tools/call",
        params: {
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            progressToken: "oivaizmir",
            "io.modelcontextprotocol/logLevel": "info",
          },
          name: "build_simulation",
          arguments: { city: "Micropolis" },
        },
      },
      { direction: "sent" },
    ],
  ];
  it.each(examples)("%s", (_name, frame, ctx) => {
    expect(errors(explain(frame, ctx))).toEqual([]);
  });
});

describe("annotations come in document order", () => {
  it("jsonrpc before id before method before params, and missing-key notes beside their parent", () => {
    const paths = explain({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { _meta: { "io.modelcontextprotocol/clientCapabilities": {} }, name: "t" },
    }).map((a) => a.path);
    const first = (p: string) => paths.indexOf(p);
    expect(first("")).toBe(0);
    expect(first("jsonrpc")).toBeLessThan(first("id"));
    expect(first("id")).toBeLessThan(first("method"));
    expect(first("params._meta")).toBeLessThan(first("params.name"));
  });
});
