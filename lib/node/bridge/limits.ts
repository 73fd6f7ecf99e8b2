/**
 * Every resource limit the bridge enforces, in one place (the README's "Limits" section mirrors this).
 * Importable by the server, the CLI and the tests.
 */

import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";
import { SEND_DEFAULTS } from "@/lib/bridge/send-options";

const MiB = 1024 * 1024;

export const LIMITS = {
  /** Largest frame the bridge delivers (UTF-8 bytes). Larger frames fail with "size" before anything is sent. */
  maxFrameBytes: 4 * MiB,
  /** Largest bridge request body (JSON-encoded send request; escaping can double a frame's size). */
  maxRequestBodyBytes: 16 * MiB,
  /**
   * Longest single stdout line. A server that writes more without a newline has broken stdio framing:
   * the exchange fails with "framing" and the process is killed (its buffer would otherwise grow without bound).
   */
  maxStdoutLineBytes: 8 * MiB,
  /** Total reply bytes accepted in one exchange (stdout lines, or an HTTP body / SSE stream). Over it: "size". */
  maxReplyBytesPerExchange: 16 * MiB,
  /**
   * Events (and, separately, frames) one exchange records; beyond it they are counted in a closing note, not
   * kept. A server writing 16 MiB of tiny lines would otherwise become millions of objects in memory.
   */
  maxEventsPerExchange: 5_000,
  /**
   * What one exchange record keeps (texts, and the frames parsed from them, counted twice: in the event and in
   * `received`). It bounds the bridge's JSON reply; past it, a line keeps its first 4,096 characters only.
   */
  maxRecordedBytesPerExchange: 48 * MiB,
  /**
   * Past maxEventsPerExchange, lines (or SSE events) that cannot be a frame (the first character is not { or [)
   * are only counted; ones that may be a frame are still parsed, so the reply is found, up to this many. Then
   * "size": a flood of tiny frames must not hold the event loop.
   */
  maxParsedLinesPastCap: 200_000,
  /**
   * A stream that has sent this many events (SSE) in one exchange is a flood: from then on the bridge reads it from
   * its client's share (below), pausing the socket in between, so a few floods cannot keep the event loop from
   * other clients' calls. An ordinary reply is a handful of events and is never paced.
   */
  floodEventsBeforePacing: 1_000,
  /** A client's floods together (flood-pacing.ts): bytes read per second, and milliseconds of the event loop. */
  floodBytesPerSecond: 1024 * 1024,
  floodReadMsPerSecond: 250,
  /**
   * A stream reader hands the event loop back after this long inside one chunk (it parses the rest on a later turn,
   * its socket paused meanwhile): a 64 KiB chunk of costly events must not hold up other clients' calls.
   */
  readerTurnMs: 5,
  /** Per-send timeout when the request names none (browser-safe bounds: lib/bridge/limits.ts). */
  defaultTimeoutMs: SEND_DEFAULTS.timeoutMs,
  /** Largest per-send timeout a request may ask for (the contract's schema enforces the same bound). */
  maxTimeoutMs: SEND_TIMEOUT_MS.max,
  /** Kept-up stdio processes at once (one per target); a further target is refused until one is closed. */
  maxKeptUpProcesses: 16,
  /** stderr lines remembered per process (a ring: older lines are dropped, the count of dropped lines kept). */
  stderrRingLines: 200,
  /** stderr lines added to one exchange's events; more are counted in a note (the ring still keeps the tail). */
  maxStderrEventsPerExchange: 1_000,
  /** A single stderr line longer than this is cut (the ring must stay small even if a server floods one line). */
  maxStderrLineChars: 8 * 1024,
  /** After a notification (no reply expected) keep listening this long, so immediate reactions are shown. */
  notificationGraceMs: 300,
  /** Fresh-process mode: after the reply, wait this long for the process to exit on stdin EOF before SIGTERM, and again before SIGKILL. */
  freshKillGraceMs: 500,
  /** Closing a kept-up process or shutting down: SIGTERM, then SIGKILL after this long. */
  killGraceMs: 1_000,
  /** Sends in flight at once across all targets (each may hold a process and 16 MiB); more wait in a queue. */
  maxConcurrentSends: 32,
  /** Sends waiting for a free slot; one more is refused at once ("refused", nothing sent). */
  maxQueuedSends: 256,
  /** Longest a send waits in the queue for a slot (its own timeout starts once it has one); then "refused". */
  maxQueueWaitMs: 30_000,
  /**
   * Deepest JSON nesting the bridge parses (frames sent and received). Deeper text is still delivered and
   * shown byte for byte, but as text: parsing and re-serializing it would overflow the stack (~4,000 levels).
   */
  maxFrameDepth: 512,
  /** Listen streams open at once across all targets (each holds a request, a socket or a claim on a process). */
  maxOpenListens: 8,
  /**
   * NDJSON bytes of one listen stream waiting for the page to read them; past it the bridge ends the stream
   * ("limit"): a page that stopped reading must not make the bridge buffer a server's flood.
   */
  maxListenBacklogBytes: 4 * MiB,
  /**
   * Bytes written to a process's stdin that it has not read yet. A process that does not read would otherwise
   * make the bridge buffer every frame sent to it; past this, a send is refused (nothing is written).
   */
  maxStdinPendingBytes: 4 * MiB,
  /**
   * Deepest JSON nesting of a bridge request body (a lab step's frame is an object inside the body, so a little
   * more than maxFrameDepth). Checked on the text before JSON.parse: deeper is a 400, never a stack overflow.
   */
  maxRequestBodyDepth: 528,
  /**
   * A request that timed out (or was cancelled) still owns a late reply with its id for this long: a later
   * request reusing the id gets the next reply, not that one (replies to a reused id go out in send order).
   */
  lateReplyWindowMs: 60_000,
  /** Request ids remembered per process as outstanding (the oldest is forgotten first). */
  maxOutstandingIds: 1_000,
  /** Events that arrive between sends are kept for the next exchange, up to this many (oldest dropped). */
  maxUnsolicitedEvents: 500,
  /**
   * ... and up to this many bytes (stdout lines and stderr text, oldest dropped first). What is kept counts
   * toward the next exchange's reply limit (maxReplyBytesPerExchange).
   */
  maxUnsolicitedBytes: 8 * MiB,
  /** A demo server spawned for HTTP (server-everything streamableHttp) must be listening within this long. */
  demoHttpStartTimeoutMs: 15_000,
  /** Body excerpt shown in an http-status failure message. */
  bodyExcerptChars: 500,
  /**
   * Token counting (/api/tokens, `cli tokens`): characters of one catalogue (its pages as JSON plus the
   * instructions). A real catalogue is a few KiB to a few hundred KiB (server-everything: 7.7 KiB).
   */
  maxTokensChars: 4_000_000,
  /** One bill is counted on a worker thread; past this long the worker is stopped and the request fails. */
  tokensDeadlineMs: 60_000,
  /** Worker threads counting at once (each holds its tokenizers, ~100 MB); more bills wait for one. */
  tokenWorkers: 2,
  /** Bills waiting for a worker; one more is refused at once. */
  maxQueuedBills: 32,
  /** A bill that waited this long for a worker is refused (429, "try again"), not kept waiting behind others. */
  maxBillWaitMs: 30_000,
} as const;

/** Hosted mode only (PLAYGROUND_MODE=hosted; lib/node/bridge/target-policy.ts). Per client = token holder + remote address. */
export const HOSTED_LIMITS = {
  /** Bridge calls a client may make in a burst. */
  clientBurst: 20,
  /** Sustained bridge calls per second per client (the bucket refills at this rate). */
  clientRefillPerSecond: 2,
  /** Bridge calls of one client in flight at once. */
  clientMaxConcurrent: 4,
  /** Clients remembered at once (idle ones are forgotten first), so the table's memory is bounded. */
  maxTrackedClients: 10_000,
  /**
   * Largest frame in hosted mode (a hand-written frame is a few KiB). The in-app calendar keeps what it is sent
   * (module-level state, on purpose), so a small cap also bounds how fast one client can grow the app's memory.
   */
  maxFrameBytes: 64 * 1024,
  /** Largest bridge request body in hosted mode (a 64 KiB frame, JSON-escaped, with room to spare). */
  maxRequestBodyBytes: 1024 * 1024,
  /** Listen streams one client may hold open at once (of the instance's HOSTED_LIMITS.maxOpenListens). */
  clientMaxOpenListens: 2,
  /**
   * Listen streams open at once on a hosted instance (LIMITS.maxOpenListens locally): room for a class, so a few
   * clients at 2 each cannot fill it (24 clients, or 24 IPv6 /64 networks, would be needed). Each holds at most
   * LIMITS.maxListenBacklogBytes for a page that stopped reading.
   */
  maxOpenListens: 48,
  /** Longest a listen stream stays open in hosted mode (a longer maxDurationMs is shortened, with a note). */
  maxListenDurationMs: 10 * 60_000,
  /** DNS answer for an HTTP target's host name must arrive within this long. */
  resolveTimeoutMs: 5_000,
  /**
   * Characters of one catalogue /api/tokens bills in hosted mode (LIMITS.maxTokensChars locally): 25× the biggest
   * real catalogue we know, small enough that one bill cannot hold a worker for long.
   */
  maxTokensChars: 100_000,
  /** A hosted bill's counting deadline (LIMITS.tokensDeadlineMs locally). */
  tokensDeadlineMs: 10_000,
  /** Bills of one client running or waiting at once (the instance has LIMITS.tokenWorkers workers for everyone). */
  clientMaxBills: 1,
  /** A hosted bill that waited this long for a worker is refused with "try again" (LIMITS.maxBillWaitMs locally). */
  maxBillWaitMs: 5_000,
} as const;

/**
 * The playground's own HTTP server (scripts/server.ts; lib/node/web/http-server.ts). Slow clients cannot keep
 * a connection without finishing their request, and in hosted mode one address cannot hold all connections.
 */
export const HTTP_SERVER_LIMITS = {
  /** The request line and headers must arrive within this long (Node's default is 60 s), else 408 and close. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included, must arrive within this long (a response may stream for longer). */
  requestTimeoutMs: 30_000,
  /** An idle kept-alive connection is closed after this long. */
  keepAliveTimeoutMs: 5_000,
  /** How often Node checks the two timeouts above (its default, 30 s, would let a slow client stay 40 s). */
  connectionsCheckingIntervalMs: 1_000,
  /** Open connections at once; a further one is closed at once (bounded sockets and memory). */
  maxConnections: 4_096,
  /**
   * Hosted mode, no trusted proxy in front: open connections of one remote address; a further one is closed at
   * once, so one address cannot hold the server's connections (behind a proxy, the proxy's own limits apply).
   */
  maxConnectionsPerAddress: 64,
} as const;
