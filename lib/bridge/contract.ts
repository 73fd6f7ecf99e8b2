/**
 * The bridge contract: what the browser (or CLI) asks the bridge to do, and the exchange record it gets back.
 * Isomorphic (zod only): imported by routes, lib/bridge/client.ts, the CLI and the tests.
 * The exchange record is also what share links, the lab and the checks store, so change it additively.
 */
import { z } from "zod";
import { DEMO_SERVERS } from "./target";

// Zod-free pieces (token header, demo names, target key/label) live in ./target so the page can use them without zod.
export { DEMO_SERVERS, TOKEN_HEADER, targetKey, targetLabel, type DemoServer } from "./target";



const headerMap = z.record(z.string(), z.string());

export const TargetSchema = z.discriminatedUnion("kind", [
  /** An embedded server: calendar (SDK v2, 2026-07-28 + legacy) or server-everything (legacy reference). */
  z.object({
    kind: z.literal("demo"),
    server: z.enum(DEMO_SERVERS),
    transport: z.enum(["stdio", "http"]),
  }),
  /** Any command line, spawned on the bridge host (local mode only). */
  z.object({
    kind: z.literal("stdio"),
    command: z.string().min(1).max(4096),
    args: z.array(z.string().max(4096)).max(256).default([]),
    cwd: z.string().max(4096).optional(),
    env: z.record(z.string(), z.string()).optional(),
  }),
  /** Any Streamable HTTP endpoint. */
  z.object({
    kind: z.literal("http"),
    url: z.string().url().max(4096),
    headers: headerMap.optional(),
  }),
]);
export type Target = z.infer<typeof TargetSchema>;

export const SendRequestSchema = z.object({
  /** Client-chosen id so the same client can cancel it (POST /api/bridge/cancel). */
  sendId: z.string().min(1).max(100),
  target: TargetSchema,
  /** The frame exactly as the user wrote it; delivered byte for byte. */
  frame: z.string().max(16 * 1024 * 1024),
  /** A frame that is not JSON is only sent when the user insists. */
  insist: z.boolean().default(false),
  timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
  /** stdio: "keep" reuses the target's process; "fresh" spawns one for this message and ends it after. */
  processMode: z.enum(["keep", "fresh"]).default("keep"),
  /** HTTP only: extra headers for this send (e.g. Mcp-Session-Id of a legacy session, MCP-Protocol-Version). */
  headers: headerMap.optional(),
  /**
   * HTTP only: control the ordinary send does not give, for conformance checks — another method (GET/DELETE
   * have no body), implied headers left out (e.g. Mcp-Method; case-insensitive), and an Origin header.
   */
  http: z
    .object({
      method: z.enum(["POST", "GET", "DELETE"]).optional(),
      omitImplied: z.array(z.string().min(1).max(100)).max(16).optional(),
      origin: z.string().min(1).max(2048).regex(/^[\x21-\x7e]+$/, "an Origin is visible ASCII without spaces").optional(),
    })
    .optional(),
});
export type SendRequest = z.input<typeof SendRequestSchema>;
export type ParsedSendRequest = z.output<typeof SendRequestSchema>;

export const CancelRequestSchema = z.object({ sendId: z.string().min(1).max(100) });

export const ProcessRequestSchema = z.object({
  action: z.enum(["status", "restart", "close"]),
  target: TargetSchema,
});

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

export interface Exchange {
  sendId: string;
  /** Wall-clock ms epoch at which the bridge began the send. */
  startedAt: number;
  durationMs: number;
  /** Label of the target, e.g. "calendar (stdio)" or "http://127.0.0.1:3001/mcp". */
  targetLabel: string;
  transport: "stdio" | "http";
  /** The frame text exactly as delivered. */
  sent: string;
  /** The parsed frame when `sent` is JSON. */
  sentFrame?: unknown;
  /** Every JSON-RPC frame received during this exchange, in order (notifications, then the response). */
  received: unknown[];
  outcome: ExchangeOutcome;
  events: WireEvent[];
  timeoutMs: number;
  process?: { pid: number; fresh: boolean; spawnToFirstByteMs?: number; exit?: { code: number | null; signal: string | null } };
  http?: { status: number; sessionId?: string; contentType?: string };
  /** Set when no bridge was involved: the client cache answered locally (nothing crossed the wire). */
  local?: { kind: "cache"; entryId: string; keyLabel: string; ageMs: number; receivedAt: number };
}

export type BridgeErrorKind =
  | "unauthorized"
  | "forbidden-origin"
  | "forbidden-host"
  | "bad-request"
  | "too-large"
  | "refused"
  /** Hosted mode: this client made too many calls, or has too many in flight (HTTP 429 with Retry-After). */
  | "rate-limited"
  | "internal";

export type BridgeReply<T> = { ok: true; value: T } | { ok: false; kind: BridgeErrorKind; message: string };

export interface ProcessStatus {
  running: boolean;
  pid?: number;
  argv?: string[];
  startedAt?: number;
  exit?: { code: number | null; signal: string | null };
  stderrTail: string[];
  /** The command could not be started (ENOENT, EACCES, bad cwd …). */
  spawnError?: string;
  /** stderr lines older than the ring kept (LIMITS.stderrRingLines). */
  stderrDropped?: number;
  /** The most recent send that got no reply in time; the process stayed up and a late reply shows as unsolicited. */
  lastTimeout?: { at: number; id: unknown };
  /** For a demo server spawned to serve HTTP (server-everything streamableHttp): where it listens. */
  url?: string;
}
