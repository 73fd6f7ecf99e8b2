// Every embedded MRTR scenario, driven with the pure MRTR code against the real servers over stdio (the bundled
// dist-servers/*.mjs) and over Streamable HTTP (the same factories behind createMcpHandler on loopback).
import { describe, expect, it } from "vitest";
import { createHardenedCalendarServer } from "@/lib/node/demo-servers/calendar-hardened";
import {
  declareAndResend,
  departures,
  driveRoundTrip,
  explainMissingCapability,
  firstText,
  groupConversations,
  type Answers,
} from "@/lib/protocol/mrtr";
import { customHttpTransport, stdioTransport, transportsForFile, type TestTransport } from "./transports";
import { replyFrame } from "@/lib/protocol/exchange";

const ALL_CAPS = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
const DENTIST_STATE = "eyJ0aXRsZSI6IkRlbnRpc3QifQ==";
const WHEN = { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } };

function call(
  id: number,
  name: string,
  args: Record<string, unknown> = {},
  caps: Record<string, unknown> = ALL_CAPS,
  extra: Record<string, unknown> = {},
) {
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": caps,
  };
  return JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { _meta, name, arguments: args, ...extra },
  });
}

const { open, connect } = transportsForFile();

async function drive(t: TestTransport, first: string, answers: Answers, roundLimit = 5) {
  const report = await driveRoundTrip(first, (text) => t.send(text), { roundLimit, answers });
  const c = report.conversation;
  return {
    report,
    c,
    end: c.rounds[c.rounds.length - 1],
    texts: c.rounds.map((r) => (r.kind === "complete" ? firstText(r.result) : r.kind)),
  };
}

function resultOf(ex: { outcome: { kind: string; frame?: unknown } }) {
  return replyFrame(ex) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

describe.each(["stdio", "http"] as const)("MRTR scenarios over %s", (kind) => {
  it("the chapter's Dentist: input_required with the chapter's requestState, then the retry creates e3", async () => {
    const t = await connect(kind, "calendar");
    const { report, c } = await drive(
      t,
      call(1, "create_event", { title: "Dentist" }, { elicitation: { form: {} } }),
      WHEN,
    );
    expect(report.outcome).toBe("complete");
    expect(c.rounds[0].view?.requestState).toBe(DENTIST_STATE);
    expect(c.rounds[0].view?.requests[0]).toMatchObject({
      key: "when",
      kind: "elicitation-form",
      message: 'When should "Dentist" start?',
    });
    expect(JSON.parse(JSON.stringify(c.rounds[1].request)).params).toMatchObject({
      inputResponses: WHEN,
      requestState: DENTIST_STATE,
    });
    expect(c.rounds[1].id).toBe(2);
    expect(firstText(c.rounds[1].result)).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
    expect(c.rounds.flatMap((r) => departures([...r.clientVerdicts, ...r.serverVerdicts]))).toEqual([]);
  });

  it("-32021 without elicitation declared; declaring it and resending gets the input_required", async () => {
    const t = await connect(kind, "calendar");
    const ex = await t.send(call(1, "create_event", { title: "Dentist" }, {}));
    const explained = explainMissingCapability(resultOf(ex).error);
    expect(explained?.label).toBe("elicitation.form");
    const again = await t.send(
      JSON.stringify(
        declareAndResend(JSON.parse(call(1, "create_event", { title: "Dentist" }, {})), explained!.required, 2),
      ),
    );
    expect(resultOf(again).result).toMatchObject({ resultType: "input_required", requestState: DENTIST_STATE });
  });

  it("tampering succeeds on the naive calendar: a forged requestState changes the event", async () => {
    const t = await connect(kind, "calendar");
    await t.send(call(1, "create_event", { title: "Dentist" }));
    const forged = Buffer.from(JSON.stringify({ title: "Hacked" })).toString("base64");
    const ex = await t.send(
      call(2, "create_event", { title: "Dentist" }, ALL_CAPS, { inputResponses: WHEN, requestState: forged }),
    );
    // e3 in a fresh stdio process; over HTTP the test process's calendar may already hold events.
    expect(firstText(resultOf(ex).result)).toMatch(/^Created e\d+: Hacked at 2026-09-10T08:30:00Z$/);
  });

  it("the hardened calendar completes an honest retry and rejects a tampered, forged or re-targeted requestState", async () => {
    const t = await connect(kind, "calendar-hardened");
    const first = await t.send(call(1, "create_event", { title: "Dentist" }));
    const state = String(resultOf(first).result?.requestState);
    expect(state).toMatch(/^v1\./);
    const flipped = state.slice(0, 10) + (state[10] === "A" ? "B" : "A") + state.slice(11);
    const forged = Buffer.from(JSON.stringify({ title: "Hacked" })).toString("base64");
    for (const bad of [flipped, forged]) {
      const ex = await t.send(
        call(2, "create_event", { title: "Dentist" }, ALL_CAPS, { inputResponses: WHEN, requestState: bad }),
      );
      expect(resultOf(ex).error).toMatchObject({ code: -32602, message: "Invalid or expired requestState" });
    }
    const moved = await t.send(
      call(3, "create_event", { title: "Haircut" }, ALL_CAPS, { inputResponses: WHEN, requestState: state }),
    );
    // The MAC holds but the state belongs to another call: the SDK turns the handler's throw into a tool error.
    expect(resultOf(moved).result).toMatchObject({
      isError: true,
      content: [{ type: "text", text: "requestState was minted for a different call (tool or arguments changed)" }],
    });
    const honest = await t.send(
      call(4, "create_event", { title: "Dentist" }, ALL_CAPS, { inputResponses: WHEN, requestState: state }),
    );
    expect(firstText(resultOf(honest).result)).toMatch(/^Created e\d+: Dentist at 2026-09-10T08:30:00Z$/);
  });

  it("URL mode: needs elicitation.url (-32021 with form only); accept, decline and cancel each complete", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const formOnly = await t.send(call(1, "connect_account", {}, { elicitation: { form: {} } }));
    expect(resultOf(formOnly).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    for (const [action, text] of [
      ["accept", /^Connected photos\.example\.com \(flow [0-9a-f]{8}\)/],
      ["decline", /^Not connected: you declined\.$/],
      ["cancel", /^Not connected: cancelled\.$/],
    ] as const) {
      const { c } = await drive(t, call(10, "connect_account"), { sign_in: { action } });
      expect(c.rounds[0].view?.requests[0]).toMatchObject({
        kind: "elicitation-url",
        url: { hostname: "photos.example.com", valid: true },
      });
      expect(firstText(c.rounds[1].result)).toMatch(text);
    }
  });

  it("several inputs at once: a form, a sampling request and a roots request, answered in one retry", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const answers = {
      details: {
        action: "accept",
        content: { destination: "Lisbon", departOn: "2026-10-01", nights: 4, cabin: "economy", interests: ["food"] },
      },
      trip_name: {
        role: "assistant",
        content: { type: "text", text: "Pastel de Nata Run" },
        model: "a-human",
        stopReason: "endTurn",
      },
      save_to: { roots: [{ uri: "file:///home/ada/trips", name: "Trips" }] },
    };
    const { report, c } = await drive(t, call(1, "plan_trip"), answers);
    expect(c.rounds[0].view?.requests.map((r) => [r.key, r.kind])).toEqual([
      ["details", "elicitation-form"],
      ["trip_name", "sampling"],
      ["save_to", "roots"],
    ]);
    expect(report.outcome).toBe("complete");
    expect(firstText(c.rounds[1].result)).toBe(
      'Trip "Pastel de Nata Run" to Lisbon on 2026-10-01 for 4 night(s); cabin economy; interests food; saved to file:///home/ada/trips',
    );
    expect(c.rounds.flatMap((r) => departures(r.clientVerdicts))).toEqual([]);
  });

  it("several inputs: only the kinds the request declared are asked", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const ex = await t.send(call(1, "plan_trip", {}, { elicitation: {} }));
    expect(Object.keys(resultOf(ex).result?.inputRequests as object)).toEqual(["details"]);
  });

  it("asks again when the answer is missing (a new input_required, not an error), then completes", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const { c, texts } = await drive(t, call(1, "delete_draft"), [
      {},
      { confirm: { action: "accept", content: { confirm: true } } },
    ]);
    expect(texts).toEqual(["input_required", "input_required", "Deleted the draft (asked 2 time(s))."]);
    expect(c.rounds[1].view?.requests[0]).toMatchObject({
      message: "Really delete the draft? (asking again: attempt 2, the last retry had no usable answer)",
    });
    expect(departures(c.rounds[1].clientVerdicts).map((v) => v.rule)).toEqual(["client.construct-inputs"]);
  });

  it("state-only rounds: build_report finishes in round 3 with no inputRequests", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const { texts, c } = await drive(t, call(1, "build_report"), {});
    expect(texts).toEqual(["input_required", "input_required", "Report ready after 3 rounds."]);
    expect(c.rounds.map((r) => r.view?.hasInputRequests ?? null)).toEqual([false, false, null]);
  });

  it("a server that never finishes is stopped by the round limit", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const { report, c } = await drive(t, call(1, "poll_forever"), {}, 4);
    expect(c.rounds.length).toBe(4);
    expect(report.outcome).toBe("round-limit");
    expect(report.message).toContain("round limit 4");
  });

  it("input_required on prompts/get and resources/read", async () => {
    const t = await connect(kind, "mrtr-scenarios");
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
    };
    const prompt = await drive(
      t,
      JSON.stringify({
        jsonrpc: "2.0",
        id: "p1",
        method: "prompts/get",
        params: { _meta: meta, name: "introduce", arguments: {} },
      }),
      { who: { action: "accept", content: { name: "Ada" } } },
    );
    expect(prompt.texts).toEqual(["input_required", "Introduce Ada in a friendly tone."]);
    expect(prompt.c.rounds[1].id).toBe("p1-retry-1");
    const note = await drive(
      t,
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "resources/read", params: { _meta: meta, uri: "vault://note" } }),
      {
        reveal: { action: "accept", content: { reveal: true } },
      },
    );
    expect(note.texts).toEqual(["input_required", "The spare key is under the blue pot."]);
  });
});

describe("statelessness and expiry", () => {
  it("stdio: a fresh process finishes the round trip another process started (the chapter's process A / process B)", async () => {
    const t = stdioTransport("calendar", "fresh");
    open.push(t);
    const { report, c } = await drive(t, call(1, "create_event", { title: "Dentist" }), WHEN);
    expect(report.outcome).toBe("complete");
    expect(firstText(c.rounds[1].result)).toBe("Created e3: Dentist at 2026-09-10T08:30:00Z");
    const pids = report.exchanges.map((e) => e.process?.fresh && e.process.pid);
    expect(pids.every(Boolean) && pids[0] !== pids[1]).toBe(true);
  });

  it("stdio: the hardened calendar's state verifies in a fresh process too (the key is not per-process)", async () => {
    const { report } = await drive(
      stdioTransport("calendar-hardened", "fresh"),
      call(1, "create_event", { title: "Dentist" }),
      WHEN,
    );
    expect(report.outcome).toBe("complete");
  });

  it("HTTP: an expired hardened requestState is rejected", async () => {
    const t = await customHttpTransport(() => createHardenedCalendarServer({ ttlSeconds: -1 }));
    open.push(t);
    const { end } = await drive(t, call(1, "create_event", { title: "Dentist" }), WHEN);
    expect(end.error).toMatchObject({ code: -32602, message: "Invalid or expired requestState" });
  });

  it("grouping the wire record of a tampered replay marks the departure and the server's rejection", async () => {
    const t = await connect("stdio", "calendar-hardened");
    const first = await t.send(call(1, "create_event", { title: "Dentist" }));
    const bad = await t.send(
      call(2, "create_event", { title: "Dentist" }, ALL_CAPS, { inputResponses: WHEN, requestState: DENTIST_STATE }),
    );
    const [c] = groupConversations([first, bad]);
    expect(c.status).toBe("error");
    expect(departures(c.rounds[1].clientVerdicts).map((v) => v.rule)).toEqual(["client.echo-state"]);
  });
});
