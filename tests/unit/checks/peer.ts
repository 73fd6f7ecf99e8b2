/**
 * In-memory peers for unit tests of the checks: each send becomes an Exchange record shaped exactly like the
 * bridge's (stdout lines, or HTTP status + body/SSE events), built from scripted replies. The default answers
 * come from the conformance fixture's core, so a test changes only the one answer it is about.
 */
import type { Exchange } from "@/lib/bridge/contract";
import type { CheckSend, CheckSendOptions } from "@/lib/checks/types";
import { createCore } from "@/tests/fixtures/checks/core.mjs";
import { exchangeOf, type EventWithFrame } from "@/tests/helpers/exchange";

export interface PeerReply {
  frames: unknown[];
  status?: number;
  contentType?: string;
  headers?: [string, string][];
  /** The response is absent: the exchange times out. */
  silent?: boolean;
}

export type Script = (frame: Record<string, unknown>, opts: CheckSendOptions, fallback: () => PeerReply) => PeerReply;

/** The fixture core's answer, as frames (notifications first) and an HTTP status. */
export function coreReply(
  core: ReturnType<typeof createCore>,
  frame: Record<string, unknown>,
  opts: CheckSendOptions,
): PeerReply {
  if (frame.id === undefined) return { frames: [], status: 202 };
  const out = core.handle(frame, { firstOnProcess: opts.processMode === "fresh" });
  if (out.listen)
    return { frames: [...out.listen.first, ...out.listen.later], silent: true, contentType: "text/event-stream" };
  const frames = [...(out.before ?? []), out.response, ...(out.sseTail ?? [])];
  return {
    frames,
    status: out.status ?? 200,
    contentType: frames.length > 1 ? "text/event-stream" : "application/json",
  };
}

/** An initialize answered with a handshake result: this revision, these capabilities, this server. */
export function handshakeReply(
  frame: Record<string, unknown>,
  protocolVersion: string,
  capabilities: Record<string, unknown>,
  serverInfo: { name: string; version: string },
): PeerReply {
  return { frames: [{ jsonrpc: "2.0", id: frame.id, result: { protocolVersion, capabilities, serverInfo } }] };
}

/** A 2025-06-18 server: server/discover is not a method (-32601); initialize answers with that revision. */
export function legacyReply(frame: Record<string, unknown>): PeerReply | undefined {
  if (frame.method === "server/discover")
    return { frames: [{ jsonrpc: "2.0", id: frame.id, error: { code: -32601, message: "Method not found" } }] };
  if (frame.method === "initialize")
    return handshakeReply(frame, "2025-06-18", { tools: {} }, { name: "old", version: "1.2.3" });
  return undefined;
}

export function peer(
  transport: "stdio" | "http",
  script?: Script,
): { send: CheckSend; sent: { frame: Record<string, unknown>; opts: CheckSendOptions }[] } {
  const core = createCore();
  const sent: { frame: Record<string, unknown>; opts: CheckSendOptions }[] = [];
  let n = 0;
  const send: CheckSend = async (text, opts) => {
    const frame = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    sent.push({ frame, opts });
    const fallback = () => coreReply(core, frame, opts);
    const reply = script ? script(frame, opts, fallback) : fallback();
    const startedAt = Date.now();
    const events: EventWithFrame[] = [];
    if (transport === "stdio") {
      events.push({ t: 0, kind: "stdin", text });
      // A string stands for a raw stdout line that is not JSON (a banner, a log line).
      for (const f of reply.frames)
        events.push(
          typeof f === "string"
            ? { t: 1, kind: "stdout", text: f, parseError: "not JSON" }
            : { t: 1, kind: "stdout", text: JSON.stringify(f), frame: f },
        );
    } else {
      events.push({
        t: 0,
        kind: "http-request",
        method: opts.http?.method ?? "POST",
        url: "http://127.0.0.1/mcp",
        headers: [],
        added: [],
        body: text,
      });
      const headers: [string, string][] = [
        ["Content-Type", reply.contentType ?? "application/json"],
        ...(reply.headers ?? []),
      ];
      if (reply.contentType === "text/event-stream") headers.push(["X-Accel-Buffering", "no"]);
      events.push({ t: 1, kind: "http-response", status: reply.status ?? 200, statusText: "", headers });
      if (reply.contentType === "text/event-stream")
        for (const f of reply.frames) events.push({ t: 2, kind: "sse-event", data: JSON.stringify(f), frame: f });
      else if (reply.frames.length)
        events.push({ t: 2, kind: "http-body", text: JSON.stringify(reply.frames[0]), frame: reply.frames[0] });
    }
    const frames = reply.frames.filter((f) => typeof f !== "string");
    const response = reply.silent
      ? undefined
      : frames.find((f) => (f as { id?: unknown }).id === frame.id && !("method" in (f as object)));
    const exchange: Exchange = exchangeOf({
      sendId: `s${++n}`,
      startedAt,
      durationMs: 2,
      targetLabel: "peer",
      transport,
      sent: text,
      sentFrame: frame,
      received: frames,
      outcome:
        frame.id === undefined
          ? { kind: "notification", note: "no reply expected" }
          : response
            ? { kind: "response", frame: response }
            : { kind: "failure", failure: "timeout", message: "no reply" },
      events,
      timeoutMs: opts.timeoutMs ?? 1000,
      ...(transport === "http" ? { http: { status: reply.status ?? 200, contentType: reply.contentType } } : {}),
    });
    return exchange;
  };
  return { send, sent };
}
