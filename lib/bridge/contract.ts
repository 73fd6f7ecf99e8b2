/**
 * The bridge contract: what the browser (or CLI) asks the bridge to do, and the exchange record it gets back.
 * Isomorphic (zod only): imported by routes, lib/bridge/client.ts, the CLI and the tests.
 * The exchange record is also what share links, the lab and the checks store, so change it additively.
 */
import { z } from "zod";
import { SEND_OPTION_FIELDS } from "./send-option-fields";
import { DEMO_SERVERS, REPLAY_CASSETTES } from "./names";

// Zod-free pieces live apart so the page can use them without zod: the names in ./names, a target's key, label and
// transport in ./target; the exchange record is the protocol layer's (lib/protocol/exchange.ts).
export * from "./names";
export type { Exchange, ExchangeOutcome, FailureKind, SendHead, Transport, WireEvent } from "../protocol/exchange";

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
  /** A gallery example's recording, answered by the bridge from its cassette: nothing is spawned or sent. */
  z.object({
    kind: z.literal("replay"),
    cassette: z.enum(REPLAY_CASSETTES),
  }),
]);
export type Target = z.infer<typeof TargetSchema>;

export const SendRequestSchema = z.object({
  /** Client-chosen id so the same client can cancel it (POST /api/bridge/cancel). */
  sendId: z.string().min(1).max(100),
  target: TargetSchema,
  /** The frame exactly as the user wrote it; delivered byte for byte. */
  frame: z.string().max(16 * 1024 * 1024),
  ...SEND_OPTION_FIELDS,
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
      origin: z
        .string()
        .min(1)
        .max(2048)
        .regex(/^[\x21-\x7e]+$/, "an Origin is visible ASCII without spaces")
        .optional(),
      /**
       * A Host header other than the URL's (the DNS-rebinding check: what a browser sends once a foreign name
       * resolves to the server). The socket still goes to the URL's (guarded, pinned) address.
       */
      host: z
        .string()
        .min(1)
        .max(255)
        .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, "a Host is a host name with an optional port")
        .optional(),
    })
    .optional(),
});
export type SendRequest = z.input<typeof SendRequestSchema>;
/**
 * What a send may set besides its id, target and frame. One list: the session's panels (SendExtras), the checks
 * (CheckSendOptions) and the CLI pass these through as they are, so a new send option is a field of the schema
 * above plus its meaning in lib/node/bridge/send.ts (and whatever control sets it).
 */
export type SendOptions = Omit<SendRequest, "sendId" | "target" | "frame">;
export type ParsedSendRequest = z.output<typeof SendRequestSchema>;

export const CancelRequestSchema = z.object({ sendId: z.string().min(1).max(100) });

export const ProcessRequestSchema = z.object({
  action: z.enum(["status", "restart", "close"]),
  target: TargetSchema,
});

/** Reset demo servers (issue 27 item 11): the body must say confirm: true (the page asked the user first). */
export const ResetDemoRequestSchema = z.object({ confirm: z.literal(true) });

export interface ResetDemoReport {
  /** The demo targets whose kept-up process was closed (their labels). */
  closed: string[];
  /** Events created on the playground's own calendar (over HTTP), dropped. */
  calendarEvents: number;
  /** Stored calendars of calendar-handles, deleted. */
  handleCalendars: number;
  /** Task answer/cancel records, deleted. */
  taskEvents: number;
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
