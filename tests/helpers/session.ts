/** Actions the session reducer tests dispatch, with the fields they do not care about filled in once. */
import type { BridgeReply, Exchange, SendRequest } from "@/lib/bridge/contract";
import type { Action, BridgeClient } from "@/lib/session";

type SendStarted = Extract<Action, { type: "send/started" }>;

/** Send number `seq` of the text `sent` to the calendar over stdio has started; `over` changes any other field. */
export function sendStarted(seq: number, sent: string, over: Partial<SendStarted> = {}): SendStarted {
  return {
    type: "send/started",
    seq,
    sendId: `s${seq}`,
    label: null,
    targetKey: "demo:calendar:stdio",
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    timeoutMs: 10000,
    sent,
    notJson: false,
    oneLined: false,
    sendHeaders: null,
    startedAt: 0,
    ...over,
  };
}

/**
 * A bridge client that records every send request and answers the n-th with `reply(request, n)`; the page's other
 * bridge calls answer as an idle bridge would (they are not what these tests look at).
 */
export function recordingClient(reply: (req: SendRequest, n: number) => BridgeReply<Exchange>): {
  client: BridgeClient;
  sent: SendRequest[];
} {
  const sent: SendRequest[] = [];
  const client: BridgeClient = {
    async send(req) {
      sent.push(req);
      return reply(req, sent.length - 1);
    },
    async post() {
      return { ok: false, kind: "internal", message: "not used" };
    },
    async cancel() {
      return { ok: true, value: { cancelled: true } };
    },
    async process() {
      return { ok: true, value: { running: true, pid: 7, stderrTail: [] } };
    },
  };
  return { client, sent };
}

/** The reply of a bridge that delivered the frame over `transport` and heard nothing back (a notification). */
export const deliveredOver =
  (transport: Exchange["transport"]) =>
  (req: SendRequest): BridgeReply<Exchange> => ({
    ok: true,
    value: {
      sendId: req.sendId,
      startedAt: 0,
      durationMs: 1,
      targetLabel: "t",
      transport,
      sent: req.frame,
      received: [],
      outcome: { kind: "notification", note: "" },
      events: [],
      timeoutMs: req.timeoutMs ?? 1,
    },
  });
