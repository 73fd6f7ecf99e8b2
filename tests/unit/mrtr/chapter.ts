// The chapter's three-message exchange (seeds/003, "Dentist"), as frames. Shared by the MRTR unit tests.
export const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};

export const DENTIST_STATE = "eyJ0aXRsZSI6IkRlbnRpc3QifQ==";

export const WHEN_SCHEMA = {
  type: "object",
  properties: { startsAt: { type: "string", format: "date-time" } },
  required: ["startsAt"],
};

export const firstRequest = {
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { _meta: META, name: "create_event", arguments: { title: "Dentist" } },
};

export const inputRequiredResult = {
  resultType: "input_required",
  inputRequests: {
    when: {
      method: "elicitation/create",
      params: { mode: "form", message: 'When should "Dentist" start?', requestedSchema: WHEN_SCHEMA },
    },
  },
  requestState: DENTIST_STATE,
};

export const answer = { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } };

export const retryRequest = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: {
    _meta: META,
    name: "create_event",
    arguments: { title: "Dentist" },
    inputResponses: answer,
    requestState: DENTIST_STATE,
  },
};

export const completeResult = {
  resultType: "complete",
  content: [{ type: "text", text: "Created e3: Dentist at 2026-09-10T08:30:00Z" }],
  isError: false,
};

let clock = 1_000;
/** An exchange record as the bridge writes it, for the pure grouping tests. */
export function exchange(
  sendId: string,
  sent: unknown,
  reply: { result?: unknown; error?: unknown } | { failure: string },
  durationMs = 10,
) {
  const startedAt = (clock += 100);
  const outcome =
    "failure" in reply
      ? ({ kind: "failure", failure: reply.failure, message: "no reply" } as const)
      : ({ kind: "response", frame: { jsonrpc: "2.0", id: (sent as { id?: unknown }).id, ...reply } } as const);
  return { sendId, startedAt, durationMs, sentFrame: sent, outcome };
}
