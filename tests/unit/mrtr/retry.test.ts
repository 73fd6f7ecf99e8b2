import { describe, expect, it } from "vitest";
import { buildRetry, checkRetry, departures, nextId, type MrtrRuleId } from "@/lib/protocol/mrtr";
import { answer, DENTIST_STATE, firstRequest, inputRequiredResult, retryRequest } from "./chapter";

describe("the retry builder", () => {
  it("reproduces the chapter's retry: new id, same method and params, inputResponses, requestState verbatim", () => {
    const retry = buildRetry({ request: firstRequest, result: inputRequiredResult, responses: answer, id: 2 });
    expect(retry).toEqual(retryRequest);
    expect(Object.keys(retry.params as object)).toEqual([
      "_meta",
      "name",
      "arguments",
      "inputResponses",
      "requestState",
    ]);
  });

  it("never adds requestState when the server gave none", () => {
    const retry = buildRetry({
      request: firstRequest,
      result: { resultType: "input_required", inputRequests: inputRequiredResult.inputRequests },
      responses: answer,
      id: 2,
    });
    expect(retry.params).not.toHaveProperty("requestState");
  });

  it("a state-only round is retried with requestState and no inputResponses", () => {
    const retry = buildRetry({
      request: firstRequest,
      result: { resultType: "input_required", requestState: "s1" },
      responses: {},
      id: 2,
    });
    expect(retry.params).toEqual({ ...firstRequest.params, requestState: "s1" });
  });

  it("a later round drops the previous round's inputResponses and requestState", () => {
    const retry = buildRetry({
      request: retryRequest,
      result: {
        resultType: "input_required",
        requestState: "s2",
        inputRequests: { again: inputRequiredResult.inputRequests.when },
      },
      responses: { again: { action: "cancel" } },
      id: 3,
    });
    expect(retry.params).toEqual({
      ...firstRequest.params,
      inputResponses: { again: { action: "cancel" } },
      requestState: "s2",
    });
  });

  it.each<[unknown, unknown[], number, number | string]>([
    [1, [1], 1, 2],
    [1, [1, 2, 7], 3, 8],
    ["call-a", ["call-a"], 1, "call-a-retry-1"],
    ["call-a", ["call-a", "call-a-retry-1"], 1, "call-a-retry-2"],
    ["call-a-retry-1", ["call-a", "call-a-retry-1"], 2, "call-a-retry-2"],
  ])("nextId(%o, used %o) = %o and never a used id", (original, used, round, expected) => {
    expect(nextId(original, used, round)).toEqual(expected);
  });
});

describe("client rules on a hand-edited retry", () => {
  const ctx = {
    original: firstRequest,
    previous: { request: firstRequest, result: inputRequiredResult },
    priorIds: [1],
  };
  const withParams = (patch: Record<string, unknown>, drop: string[] = []) => {
    const params: Record<string, unknown> = { ...retryRequest.params, ...patch };
    for (const k of drop) delete params[k];
    return { ...retryRequest, params };
  };

  it("the chapter's retry keeps every rule", () => {
    expect(departures(checkRetry(ctx, retryRequest))).toEqual([]);
  });

  it.each<[string, unknown, MrtrRuleId[]]>([
    [
      "MUST echo requestState exactly: one character changed",
      withParams({ requestState: DENTIST_STATE.replace("eyJ0", "eyJ1") }),
      ["client.echo-state"],
    ],
    ["MUST echo requestState exactly: left out", withParams({}, ["requestState"]), ["client.echo-state"]],
    ["MUST use a new id: id reused", { ...retryRequest, id: 1 }, ["client.new-id"]],
    [
      "MUST construct the requested inputs: response dropped",
      withParams({ inputResponses: {} }),
      ["client.construct-inputs"],
    ],
    [
      "MUST construct the requested inputs: no inputResponses at all",
      withParams({}, ["inputResponses"]),
      ["client.construct-inputs"],
    ],
    [
      "retry repeats the original params: arguments changed",
      withParams({ arguments: { title: "Haircut" } }),
      ["client.same-request"],
    ],
    [
      "MUST NOT reuse requestState for a different request",
      withParams({ name: "delete_event" }),
      ["client.state-not-reused"],
    ],
    [
      "response must be an ElicitResult",
      withParams({ inputResponses: { when: { answer: "tomorrow" } } }),
      ["client.response-shape"],
    ],
    [
      "SHOULD validate content against requestedSchema",
      withParams({ inputResponses: { when: { action: "accept", content: { startsAt: "tomorrow" } } } }),
      ["client.validate-content"],
    ],
    [
      "resultType does not belong in an input response",
      withParams({ inputResponses: { when: { ...answer.when, resultType: "complete" } } }),
      ["client.response-shape"],
    ],
    ["decline needs no content", withParams({ inputResponses: { when: { action: "decline" } } }), []],
  ])("%s", (_label, retry, rules) => {
    expect(departures(checkRetry(ctx, retry)).map((v) => v.rule)).toEqual(rules);
  });

  it("MUST NOT include requestState when none was given", () => {
    const noState = {
      ...ctx,
      previous: {
        request: firstRequest,
        result: { resultType: "input_required", inputRequests: inputRequiredResult.inputRequests },
      },
    };
    const v = departures(checkRetry(noState, retryRequest));
    expect(v.map((x) => x.rule)).toEqual(["client.no-invented-state"]);
    expect(v[0].detail).toBe('the server gave no requestState, but the retry carries "eyJ0aXRsZSI6IkRlbnRpc3QifQ==".');
  });

  it("extra inputResponses keys are noted but are not a departure (servers SHOULD ignore them)", () => {
    const all = checkRetry(ctx, withParams({ inputResponses: { ...answer, playground_extra: { action: "accept" } } }));
    expect(all.find((v) => v.rule === "client.extra-responses")).toMatchObject({
      pass: false,
      detail: 'inputResponses has keys the server did not ask for: "playground_extra".',
    });
    expect(departures(all)).toEqual([]);
  });
});

describe("retry for a conversation in the playground session", () => {
  it("takes an id above both the conversation's ids and the session's next template id", async () => {
    const { retryForConversation } = await import("@/lib/protocol/mrtr");
    const rounds = [{ request: firstRequest, result: inputRequiredResult, id: 1, index: 1 }];
    expect(retryForConversation(rounds, answer, 2).id).toBe(2);
    expect(retryForConversation(rounds, answer, 9).id).toBe(9);
    expect(retryForConversation(rounds, answer).id).toBe(2);
  });
});

describe("the echo-state mark says where the sent requestState first differs", () => {
  it.each([
    ["eyJ1aXRsZSI6IkRlbnRpc3QifQ==", 4],
    ["eyJ0aXRsZSI6IkRlbnRpc3QifQ=", 28],
    ["XeyJ0aXRsZSI6IkRlbnRpc3QifQ==", 1],
  ])("sent %s → character %i", (sent, at) => {
    const ctx = {
      original: firstRequest,
      previous: { request: firstRequest, result: inputRequiredResult },
      priorIds: [1],
    };
    const [mark] = departures(
      checkRetry(ctx, { ...retryRequest, params: { ...retryRequest.params, requestState: sent } }),
    );
    expect(mark.detail).toContain(`first at character ${at}:`);
  });
});
