/**
 * The listen stream: subscriptions/listen is a long-lived request whose response stream stays open, so it
 * cannot ride POST /api/bridge/send (which finishes at the response). POST /api/bridge/listen answers with
 * NDJSON: one `open` line, an `event` line per WireEvent as it happens, and one `end` line. The user ends it
 * with POST /api/bridge/cancel {sendId: listenId} (stdio: the bridge sends notifications/cancelled; HTTP:
 * it closes the SSE stream). Isomorphic (zod only).
 */
import { z } from "zod";
import { TargetSchema, type WireEvent } from "./contract";
import type { Msg } from "../i18n/translate";

export const LISTEN_CONTENT_TYPE = "application/x-ndjson; charset=utf-8";

export const ListenRequestSchema = z.object({
  /** Client-chosen; shares the namespace of sendId (POST /api/bridge/cancel takes it as sendId). */
  listenId: z.string().min(1).max(100),
  target: TargetSchema,
  /** A subscriptions/listen request with an id, exactly as the user wrote it. */
  frame: z.string().max(1024 * 1024),
  /** HTTP only: extra headers (e.g. Authorization of the user the stream is for). */
  headers: z.record(z.string(), z.string()).optional(),
  /** A note is added when no frame of the stream (the acknowledgement) has arrived after this long. */
  ackTimeoutMs: z.number().int().min(100).max(600_000).default(10_000),
  /** The bridge closes the stream after this long at most. */
  maxDurationMs: z.number().int().min(1_000).max(3_600_000).default(1_800_000),
});
export type ListenRequest = z.input<typeof ListenRequestSchema>;
export type ParsedListenRequest = z.output<typeof ListenRequestSchema>;

export type ListenEndReason =
  | "closed-by-user" // cancel (stdio: notifications/cancelled was sent; HTTP: the SSE stream was closed)
  | "closed-by-server" // the listen request's result arrived: a graceful end
  | "error-response" // the server answered the listen with an error (e.g. -32601 from a legacy server)
  | "cancelled-by-server" // stdio: notifications/cancelled naming the listen id (AMBIG-4)
  | "transport-closed" // the SSE stream or the process ended without a result: an abrupt end
  | "limit" // maxDurationMs reached
  | "failure"; // the target could not be reached, spawned, …

export type ListenLine =
  | {
      kind: "open";
      listenId: string;
      subscriptionId: string | number;
      startedAt: number;
      targetLabel: string;
      transport: "stdio" | "http";
    }
  | { kind: "event"; event: WireEvent }
  | { kind: "end"; reason: ListenEndReason; message: string; messageMsg?: Msg; durationMs: number };
