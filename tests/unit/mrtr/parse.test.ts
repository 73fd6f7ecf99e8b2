import { describe, expect, it } from "vitest";
import {
  departures,
  explainMissingCapability,
  declareAndResend,
  isDeclared,
  readInputRequired,
  type MrtrRuleId,
} from "@/lib/protocol/mrtr";
import { inputRequiredResult, firstRequest } from "./chapter";

const FORM = {
  method: "elicitation/create",
  params: { message: "Name?", requestedSchema: { type: "object", properties: { n: { type: "string" } } } },
};
const URL_MODE = {
  method: "elicitation/create",
  params: { mode: "url", message: "Connect", url: "https://auth.example.com/connect?flow=1" },
};
const SAMPLING = { method: "sampling/createMessage", params: { messages: [], maxTokens: 10 } };
const SAMPLING_TOOLS = { method: "sampling/createMessage", params: { messages: [], maxTokens: 10, tools: [] } };
const ROOTS = { method: "roots/list" };
const ALL = { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: {} };

function failed(result: unknown, ctx: Parameters<typeof readInputRequired>[1]): MrtrRuleId[] {
  return departures(readInputRequired(result, ctx).verdicts).map((v) => v.rule);
}

describe("server rules on an InputRequiredResult", () => {
  it("the chapter's result breaks no rule", () => {
    const view = readInputRequired(inputRequiredResult, {
      method: "tools/call",
      declared: { elicitation: { form: {} } },
    });
    expect(departures(view.verdicts)).toEqual([]);
    expect(view.requestState).toBe("eyJ0aXRsZSI6IkRlbnRpc3QifQ==");
    expect(view.requests.map((r) => [r.key, r.kind])).toEqual([["when", "elicitation-form"]]);
  });

  it.each<[string, unknown, Parameters<typeof readInputRequired>[1], MrtrRuleId[]]>([
    [
      "MUST include inputRequests or requestState: neither",
      { resultType: "input_required" },
      { method: "tools/call", declared: ALL },
      ["server.requests-or-state"],
    ],
    [
      "state-only round is allowed",
      { resultType: "input_required", requestState: "s" },
      { method: "tools/call", declared: {} },
      [],
    ],
    [
      "unknown request kind",
      { resultType: "input_required", inputRequests: { x: { method: "ping" } } },
      { method: "tools/call", declared: ALL },
      ["server.known-kind"],
    ],
    [
      "MUST NOT input_required on tools/list",
      { resultType: "input_required", requestState: "s" },
      { method: "tools/list", declared: ALL },
      ["server.allowed-method"],
    ],
    [
      "MUST NOT input_required on server/discover",
      { resultType: "input_required", requestState: "s" },
      { method: "server/discover", declared: ALL },
      ["server.allowed-method"],
    ],
    [
      "prompts/get may carry it",
      { resultType: "input_required", requestState: "s" },
      { method: "prompts/get", declared: {} },
      [],
    ],
    [
      "resources/read may carry it",
      { resultType: "input_required", requestState: "s" },
      { method: "resources/read", declared: {} },
      [],
    ],
    [
      "form elicitation without elicitation declared",
      { resultType: "input_required", inputRequests: { a: FORM } },
      { method: "tools/call", declared: {} },
      ["server.declared-capability"],
    ],
    [
      "form elicitation with elicitation: {} (form by default)",
      { resultType: "input_required", inputRequests: { a: FORM } },
      { method: "tools/call", declared: { elicitation: {} } },
      [],
    ],
    [
      "url elicitation with form only",
      { resultType: "input_required", inputRequests: { a: URL_MODE } },
      { method: "tools/call", declared: { elicitation: {} } },
      ["server.declared-capability"],
    ],
    [
      "url elicitation with elicitation.url",
      { resultType: "input_required", inputRequests: { a: URL_MODE } },
      { method: "tools/call", declared: { elicitation: { url: {} } } },
      [],
    ],
    [
      "sampling without sampling",
      { resultType: "input_required", inputRequests: { a: SAMPLING } },
      { method: "tools/call", declared: { elicitation: {} } },
      ["server.declared-capability"],
    ],
    [
      "sampling with tools needs sampling.tools",
      { resultType: "input_required", inputRequests: { a: SAMPLING_TOOLS } },
      { method: "tools/call", declared: { sampling: {} } },
      ["server.declared-capability"],
    ],
    [
      "roots without roots",
      { resultType: "input_required", inputRequests: { a: ROOTS } },
      { method: "tools/call", declared: {} },
      ["server.declared-capability"],
    ],
    [
      "requestState that is not a string",
      { resultType: "input_required", requestState: 42 },
      { method: "tools/call", declared: {} },
      ["server.request-shape"],
    ],
    [
      "inputRequests that is not an object",
      { resultType: "input_required", inputRequests: [FORM] },
      { method: "tools/call", declared: ALL },
      ["server.request-shape"],
    ],
    [
      "url that is not a URL",
      {
        resultType: "input_required",
        inputRequests: { a: { ...URL_MODE, params: { ...URL_MODE.params, url: "not a url" } } },
      },
      { method: "tools/call", declared: ALL },
      ["server.url-valid"],
    ],
    [
      "a nested form schema",
      {
        resultType: "input_required",
        inputRequests: {
          a: {
            ...FORM,
            params: { message: "x", requestedSchema: { type: "object", properties: { o: { type: "object" } } } },
          },
        },
      },
      { method: "tools/call", declared: ALL },
      ["server.form-schema"],
    ],
  ])("%s", (_label, result, ctx, rules) => {
    expect(failed(result, ctx)).toEqual(rules);
  });

  it("cache hints on input_required are noted (informational, not a departure)", () => {
    const view = readInputRequired(
      { resultType: "input_required", requestState: "s", ttlMs: 0, cacheScope: "private" },
      { method: "tools/call" },
    );
    expect(view.verdicts.find((v) => v.rule === "server.no-cache-hints")).toMatchObject({
      pass: false,
      detail: "carries ttlMs and cacheScope.",
    });
    expect(departures(view.verdicts)).toEqual([]);
  });

  it("a URL-mode request keeps the full URL and its host", () => {
    const view = readInputRequired(
      { resultType: "input_required", inputRequests: { a: URL_MODE } },
      { method: "tools/call", declared: ALL },
    );
    expect(view.requests[0]).toMatchObject({
      kind: "elicitation-url",
      url: { href: "https://auth.example.com/connect?flow=1", hostname: "auth.example.com", valid: true },
    });
  });
});

describe("-32021 MissingRequiredClientCapability", () => {
  const error = {
    code: -32021,
    message: "Cannot request input",
    data: { requiredCapabilities: { elicitation: { form: {} } } },
  };

  it("is explained with the capability to declare", () => {
    const e = explainMissingCapability(error);
    expect(e?.label).toBe("elicitation.form");
    expect(e?.text).toContain("declare elicitation.form in this request's envelope and resend it");
  });

  it("other errors are not explained as -32021", () => {
    expect(explainMissingCapability({ code: -32602, message: "x" })).toBeUndefined();
  });

  it("declare and resend merges the capability into _meta and takes a new id, keeping everything else", () => {
    const bare = {
      ...firstRequest,
      params: {
        ...firstRequest.params,
        _meta: { ...firstRequest.params._meta, "io.modelcontextprotocol/clientCapabilities": { sampling: {} } },
      },
    };
    const fixed = declareAndResend(bare, { elicitation: { form: {} } }, 7);
    expect(fixed.id).toBe(7);
    expect(fixed).toMatchObject({
      method: "tools/call",
      params: { name: "create_event", arguments: { title: "Dentist" } },
    });
    const caps = (fixed.params as Record<string, Record<string, unknown>>)._meta[
      "io.modelcontextprotocol/clientCapabilities"
    ];
    expect(caps).toEqual({ sampling: {}, elicitation: { form: {} } });
    expect(isDeclared(caps as Record<string, unknown>, { elicitation: { form: {} } })).toBe(true);
  });
});
