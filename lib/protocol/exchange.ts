/**
 * The exchange record: what happened to one sent frame, event by event, and how it ended. The app's central noun:
 * the bridge builds it, the timeline, share links, the lab, the checks and the client cache store and read it, so
 * change it additively. Pure types; lib/bridge/contract.ts re-exports them.
 */

export type Transport = "stdio" | "http";

/**
 * What every send knows before anything crosses the wire: the one shape the timeline entry, the `send/started`
 * action, the cache hooks, a local answer and the bridge's recorder share. `sent` is the frame text exactly as
 * delivered (after the optional stdio one-lining).
 */
export interface SendHead {
  sendId: string;
  /** Label of the target, e.g. "calendar (stdio)" or "http://127.0.0.1:3001/mcp". */
  targetLabel: string;
  transport: Transport;
  timeoutMs: number;
  /** The frame text exactly as delivered. */
  sent: string;
}

/**
 * One thing that crossed the wire (or happened to the process), in arrival order. `t` = ms since the send began;
 * events marked `unsolicited` arrived between sends and carry a negative `t` (how long before this send).
 */
export type WireEvent =
  /** The line written to the process's stdin; the bridge appends exactly one "\n" after `text`. */
  | { t: number; kind: "stdin"; text: string }
  | {
      t: number;
      kind: "stdout";
      /** One stdout line without its "\n" (decoded as UTF-8; invalid bytes become U+FFFD, see invalidUtf8). */
      text: string;
      frame?: unknown;
      parseError?: string;
      unsolicited?: boolean;
      /** The bytes so far of a line that has no "\n" yet (shown at a timeout or exit), or a line cut at the size limit. */
      partial?: boolean;
      invalidUtf8?: boolean;
    }
  | { t: number; kind: "stderr"; text: string; unsolicited?: boolean }
  | { t: number; kind: "spawn"; pid: number; argv: string[]; cwd?: string }
  | { t: number; kind: "exit"; pid: number; code: number | null; signal: string | null; unsolicited?: boolean }
  | {
      t: number;
      kind: "http-request";
      method: string;
      url: string;
      headers: [string, string][];
      /** Names of headers the bridge added because the frame implied them. */
      added: string[];
      /** Names of headers the HTTP transport itself needs (Host, Content-Length, Connection); also in `headers`. */
      transport?: string[];
      body: string;
    }
  /** `headers` as received: original case and order, repeated headers kept. */
  | { t: number; kind: "http-response"; status: number; statusText: string; headers: [string, string][] }
  | { t: number; kind: "sse-event"; event?: string; id?: string; data: string; frame?: unknown; parseError?: string }
  | { t: number; kind: "http-body"; text: string; frame?: unknown; parseError?: string; truncated?: boolean }
  | { t: number; kind: "note"; text: string };

export type FailureKind =
  | "spawn" // the command could not be started
  | "exit" // the process ended before answering
  | "framing" // stdout carried something that is not a JSON-RPC frame where a reply was expected, or a line too long
  | "timeout" // no reply within timeoutMs
  | "http-status" // the HTTP server answered with a non-2xx status and no JSON-RPC body
  | "network" // connection refused, DNS, reset
  | "size" // a reply exceeded the bridge's size limit
  | "cancelled" // the user cancelled the in-flight request
  | "not-json" // the frame is not JSON and the user did not insist
  | "refused"; // a policy refused it (hosted mode, blocked address, …)

export type ExchangeOutcome =
  | { kind: "response"; frame: unknown }
  | { kind: "notification"; note: string } // a frame without id: no response is expected
  | { kind: "failure"; failure: FailureKind; message: string; stderrTail?: string[] };

export interface Exchange extends SendHead {
  /** Wall-clock ms epoch at which the bridge began the send. */
  startedAt: number;
  durationMs: number;
  /** The parsed frame when `sent` is JSON. */
  sentFrame?: unknown;
  /** Every JSON-RPC frame received during this exchange, in order (notifications, then the response). */
  received: unknown[];
  outcome: ExchangeOutcome;
  events: WireEvent[];
  process?: {
    pid: number;
    fresh: boolean;
    spawnToFirstByteMs?: number;
    exit?: { code: number | null; signal: string | null };
  };
  http?: { status: number; sessionId?: string; contentType?: string };
  /** The request id was reused while another request with it could still be answered: which reply is whose is ambiguous (in words). */
  idReuse?: string;
  /** Set when no bridge was involved: the client cache answered locally (nothing crossed the wire). */
  local?: { kind: "cache"; entryId: string; keyLabel: string; ageMs: number; receivedAt: number };
}

/*
 * Reading a frame out of the record goes through these three accessors, so where the record keeps a frame (today
 * in the event, in `received` and in the outcome) is known to one file.
 */

/** The reply a "response" outcome carries (an array for a batch); undefined for a notification or a failure. */
export function replyFrame(exchange: { outcome: { kind: string } }): unknown {
  const { outcome } = exchange;
  return outcome.kind === "response" ? (outcome as { frame?: unknown }).frame : undefined;
}

/** Every JSON-RPC frame received during the exchange, in arrival order (notifications, then the reply). */
export function receivedFrames(exchange: Pick<Exchange, "received">): readonly unknown[] {
  return exchange.received;
}

/** The frame a stdout line, an SSE event or an HTTP body parsed to; undefined for other events and for text that is not JSON. */
export function eventFrame(event: WireEvent): unknown {
  return event.kind === "stdout" || event.kind === "sse-event" || event.kind === "http-body" ? event.frame : undefined;
}
