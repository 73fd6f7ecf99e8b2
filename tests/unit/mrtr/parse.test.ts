import { describe, expect, it } from "vitest";
import {
  departures,
  explainMissingCapability,
  declareAndResend,
  isDeclared,
  readInputRequired,
  type MrtrRuleId,
} from "@/lib/protocol/mrtr";
import type { JsonObject } from "@/lib/protocol/json";
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

/** An InputRequiredResult asking for `inputRequests`. */
const asking = (inputRequests: unknown) => ({ resultType: "input_required", inputRequests });
/** An InputRequiredResult with one request, keyed `a`. */
const askingOne = (request: unknown) => asking({ a: request });
/** An InputRequiredResult carrying only `requestState`. */
const withState = (requestState: unknown) => ({ resultType: "input_required", requestState });
/** A request sent with `declared` capabilities, a tools/call unless told. */
const declaring = (declared: JsonObject, method = "tools/call") => ({
  method,
  declared,
});

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
      declaring(ALL),
      ["server.requests-or-state"],
    ],
    ["state-only round is allowed", withState("s"), declaring({}), []],
    ["unknown request kind", asking({ x: { method: "ping" } }), declaring(ALL), ["server.known-kind"]],
    ["MUST NOT input_required on tools/list", withState("s"), declaring(ALL, "tools/list"), ["server.allowed-method"]],
    [
      "MUST NOT input_required on server/discover",
      withState("s"),
      declaring(ALL, "server/discover"),
      ["server.allowed-method"],
    ],
    ["prompts/get may carry it", withState("s"), declaring({}, "prompts/get"), []],
    ["resources/read may carry it", withState("s"), declaring({}, "resources/read"), []],
    ["form elicitation without elicitation declared", askingOne(FORM), declaring({}), ["server.declared-capability"]],
    ["form elicitation with elicitation: {} (form by default)", askingOne(FORM), declaring({ elicitation: {} }), []],
    [
      "url elicitation with form only",
      askingOne(URL_MODE),
      declaring({ elicitation: {} }),
      ["server.declared-capability"],
    ],
    ["url elicitation with elicitation.url", askingOne(URL_MODE), declaring({ elicitation: { url: {} } }), []],
    ["sampling without sampling", askingOne(SAMPLING), declaring({ elicitation: {} }), ["server.declared-capability"]],
    [
      "sampling with tools needs sampling.tools",
      askingOne(SAMPLING_TOOLS),
      declaring({ sampling: {} }),
      ["server.declared-capability"],
    ],
    ["roots without roots", askingOne(ROOTS), declaring({}), ["server.declared-capability"]],
    ["requestState that is not a string", withState(42), declaring({}), ["server.request-shape"]],
    ["inputRequests that is not an object", asking([FORM]), declaring(ALL), ["server.request-shape"]],
    [
      "url that is not a URL",
      askingOne({ ...URL_MODE, params: { ...URL_MODE.params, url: "not a url" } }),
      declaring(ALL),
      ["server.url-valid"],
    ],
    [
      "a nested form schema",
      askingOne({
        ...FORM,
        params: { message: "x", requestedSchema: { type: "object", properties: { o: { type: "object" } } } },
      }),
      declaring(ALL),
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
    const view = readInputRequired(askingOne(URL_MODE), declaring(ALL));
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
