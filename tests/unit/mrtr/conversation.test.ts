import { describe, expect, it } from "vitest";
import {
  canComposeRetry,
  departures,
  diagramOf,
  driveRoundTrip,
  groupConversations,
  isMultiRound,
  locate,
  parseAnswers,
  type ExchangeLike,
} from "@/lib/protocol/mrtr";
import {
  answer,
  completeResult,
  DENTIST_STATE,
  exchange,
  firstRequest,
  inputRequiredResult,
  retryRequest,
} from "./chapter";

const listTools = { jsonrpc: "2.0", id: 9, method: "tools/list", params: {} };

describe("round grouping", () => {
  it("the chapter's exchange is one conversation of two rounds, complete", () => {
    const [c, ...rest] = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", retryRequest, { result: completeResult }),
    ]);
    expect(rest).toEqual([]);
    expect(c.rounds.map((r) => [r.index, r.kind])).toEqual([
      [1, "input_required"],
      [2, "complete"],
    ]);
    expect(c.status).toBe("complete");
    expect(c.statusText).toBe("complete after 2 rounds");
    expect(departures(c.rounds[1].clientVerdicts)).toEqual([]);
    expect(c.rounds[1].waitedMs).toBe(90);
  });

  it.each([
    [
      "a non-MRTR exchange in between is not part of it",
      [
        exchange("a", firstRequest, { result: inputRequiredResult }),
        exchange("x", listTools, { result: { resultType: "complete", tools: [] } }),
        exchange("b", retryRequest, { result: completeResult }),
      ],
      [["a", "b"]],
    ],
    [
      "two independent calls are two conversations",
      [
        exchange("a", firstRequest, { result: completeResult }),
        exchange("b", { ...firstRequest, id: 5 }, { result: completeResult }),
      ],
      [["a"], ["b"]],
    ],
    [
      "a tampered requestState still joins the open call it retries (and is marked)",
      [
        exchange("a", firstRequest, { result: inputRequiredResult }),
        exchange(
          "b",
          { ...retryRequest, params: { ...retryRequest.params, requestState: "eyJ0aXRsZSI6IkhhY2tlZCJ9" } },
          { result: completeResult },
        ),
      ],
      [["a", "b"]],
    ],
    [
      "interleaved conversations are told apart by the requestState chain",
      [
        exchange("a", firstRequest, { result: inputRequiredResult }),
        exchange("c", { ...firstRequest, id: 3 }, { result: { ...inputRequiredResult, requestState: "other" } }),
        exchange("b", retryRequest, { result: completeResult }),
        exchange(
          "d",
          { ...retryRequest, id: 4, params: { ...retryRequest.params, requestState: "other" } },
          { result: completeResult },
        ),
      ],
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
  ])("%s", (_label, exchanges, groups) => {
    expect(groupConversations(exchanges as ExchangeLike[]).map((c) => c.rounds.map((r) => r.sendId))).toEqual(groups);
  });

  it("a tampered retry is marked MUST echo requestState exactly", () => {
    const tampered = { ...retryRequest, params: { ...retryRequest.params, requestState: "eyJ0aXRsZSI6IkhhY2tlZCJ9" } };
    const [c] = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", tampered, { result: completeResult }),
    ]);
    expect(departures(c.rounds[1].clientVerdicts).map((v) => v.rule)).toEqual(["client.echo-state"]);
  });

  it("MUST NOT reuse requestState for other requests: a different call carrying it is its own conversation, marked", () => {
    const other = {
      jsonrpc: "2.0",
      id: 3,
      method: "tools/call",
      params: { name: "delete_event", arguments: {}, requestState: DENTIST_STATE },
    };
    const groups = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", other, { result: completeResult }),
    ]);
    expect(groups.map((g) => g.rounds.length)).toEqual([1, 1]);
    expect(departures(groups[1].rounds[0].clientVerdicts)).toMatchObject([
      {
        rule: "client.state-not-reused",
        detail: "this tools/call carries the requestState of tools/call create_event.",
      },
    ]);
  });

  it("input_required on a method that may not carry it is grouped and marked as a server violation", () => {
    const [c] = groupConversations([
      exchange("a", listTools, { result: { resultType: "input_required", requestState: "s" } }),
    ]);
    expect(departures(c.rounds[0].serverVerdicts).map((v) => v.rule)).toEqual(["server.allowed-method"]);
  });

  it("errors and failures end a conversation with what happened", () => {
    const [c] = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", retryRequest, {
        error: { code: -32602, message: "Invalid or expired requestState", data: { reason: "invalid_request_state" } },
      }),
    ]);
    expect([c.status, c.statusText]).toEqual([
      "error",
      "JSON-RPC error -32602 after 2 rounds: Invalid or expired requestState",
    ]);
    const [f] = groupConversations([exchange("a", firstRequest, { failure: "timeout" })]);
    expect(f.status).toBe("failure");
  });

  it.each([
    [2, 2, "round-limit"],
    [3, 2, "awaiting-input"],
  ])("round limit %i with %i input_required rounds → %s", (limit, n, status) => {
    const exchanges = Array.from({ length: n }, (_, i) =>
      exchange(
        `r${i}`,
        i === 0
          ? firstRequest
          : { ...firstRequest, id: i + 1, params: { ...firstRequest.params, requestState: `s${i}` } },
        {
          result: { resultType: "input_required", requestState: `s${i + 1}` },
        },
      ),
    );
    const [c] = groupConversations(exchanges, { roundLimit: limit });
    expect(c.rounds.length).toBe(n);
    expect(c.status).toBe(status);
    expect(canComposeRetry(c, limit).ok).toBe(status === "awaiting-input");
  });

  it("locate finds the round of an exchange; single complete calls are not multi-round", () => {
    const groups = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", retryRequest, { result: completeResult }),
      exchange("z", { ...firstRequest, id: 8 }, { result: completeResult }),
    ]);
    expect(locate(groups, "b")?.round.index).toBe(2);
    expect(groups.map(isMultiRound)).toEqual([true, false]);
  });
});

describe("the sequence diagram", () => {
  it("the chapter's exchange: user lane, two rounds, the final text", () => {
    const [c] = groupConversations([
      exchange("a", firstRequest, { result: inputRequiredResult }),
      exchange("b", retryRequest, { result: completeResult }),
    ]);
    const d = diagramOf(c);
    expect(d.lanes).toEqual(["user", "client", "server"]);
    expect(d.steps.map((s) => [s.round, s.from, s.to, s.label])).toEqual([
      [1, "client", "server", "tools/call create_event · id 1"],
      [1, "server", "client", "input_required: when (form) + requestState"],
      [1, "client", "user", 'when (form): When should "Dentist" start?'],
      [1, "user", "client", "when → accept"],
      [2, "client", "server", "retry tools/call create_event · id 2 + inputResponses {when} + requestState"],
      [2, "server", "client", "complete: Created e3: Dentist at 2026-09-10T08:30:00Z"],
    ]);
    expect(d.final).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
  });

  it("a state-only conversation has no user lane", () => {
    const [c] = groupConversations([
      exchange("a", firstRequest, { result: { resultType: "input_required", requestState: "s" } }),
    ]);
    expect(diagramOf(c).lanes).toEqual(["client", "server"]);
  });
});

describe("driving a round trip from an answers file", () => {
  /** A scripted stand-in for the pure loop; the real servers are driven in tests/integration. */
  function scripted(replies: unknown[]) {
    const sent: unknown[] = [];
    let n = 0;
    const send = async (text: string) => {
      const frame = JSON.parse(text);
      sent.push(frame);
      return exchange(`s${n}`, frame, { result: replies[Math.min(n++, replies.length - 1)] });
    };
    return { send, sent };
  }

  it("answers the chapter's round and completes, sending exactly the chapter's retry", async () => {
    const { send, sent } = scripted([inputRequiredResult, completeResult]);
    const report = await driveRoundTrip(JSON.stringify(firstRequest), send, { roundLimit: 5, answers: answer });
    expect(report.outcome).toBe("complete");
    expect(sent[1]).toEqual(retryRequest);
  });

  it("stops at the round limit with a clear message", async () => {
    const { send, sent } = scripted([{ resultType: "input_required", requestState: "again" }]);
    const report = await driveRoundTrip(JSON.stringify(firstRequest), send, { roundLimit: 3, answers: {} });
    expect(sent.length).toBe(3);
    expect(report.outcome).toBe("round-limit");
    expect(report.message).toBe(
      "stopped: the server still answers input_required after 3 rounds (round limit 3). Raise the limit to keep going.",
    );
  });

  it("stops before sending when the answers lack a requested key", async () => {
    const { send, sent } = scripted([inputRequiredResult]);
    const report = await driveRoundTrip(JSON.stringify(firstRequest), send, { roundLimit: 5, answers: { other: {} } });
    expect(sent.length).toBe(1);
    expect(report.message).toBe(
      'stopped before round 2: the answers have nothing for "when" (asked: "when" (elicitation/create form)).',
    );
  });

  it.each([
    [{ when: {} }, true],
    [[{ when: {} }, {}], true],
    ["when", false],
    [[1], false],
  ])("parseAnswers(%o) ok: %s", (value, ok) => {
    expect(parseAnswers(value).ok).toBe(ok);
  });
});
