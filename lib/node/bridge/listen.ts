/**
 * The bridge's streaming variant for subscriptions/listen (digest §8.1). Over HTTP the listen POST's SSE
 * response stays open: sendHttp already records it event by event, so a recorder that forwards each event
 * as it is added turns it into a stream. Over stdio the listen request stays in flight on the kept-up
 * process and claims the stdout frames that carry its subscription id (they reach neither other exchanges
 * nor the backlog); closing it writes notifications/cancelled. Importable by the CLI and the tests.
 */
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import type { ListenLine, ParsedListenRequest } from "@/lib/bridge/listen-contract";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { listenIdOf } from "@/lib/protocol/listen";
import type { PinnedAddress } from "./address-guard";
import { resolveTarget, type ResolveContext } from "./demo";
import { BridgeError } from "./errors";
import { checkUpstreamHeaders } from "./headers";
import { sendHttp } from "./http";
import { HOSTED_LIMITS, LIMITS } from "./limits";
import { admitTarget, isHosted } from "./target-policy";
import { registerCancellable } from "./in-flight";
import { endWith, StreamingRecorder, type ListenEnd } from "./listen-recorder";
import { msg } from "@/lib/i18n/translate";
import { listenStdio } from "./listen-stdio";
import { replyFrame } from "@/lib/protocol/exchange";

/** Open listen streams: listenId → the hosted client holding it ("" in local mode). */
const openListens = new Map<string, string>();

/** Listen streams open right now (all clients). */
export function openListenCount(): number {
  return openListens.size;
}

export type { ListenEnd } from "./listen-recorder";

interface ListenHandle {
  subscriptionId: string | number;
  /** The frame's one parse (beginListen's), handed to the HTTP transport so the frame is not parsed again. */
  parsed: Extract<ReturnType<typeof parseFrameWithin>, { ok: true }>;
  /** The stream's longest life: the request's, shortened in hosted mode (HOSTED_LIMITS.maxListenDurationMs). */
  maxDurationMs: number;
  headers: [string, string][];
  controller: AbortController;
  unregister: () => void;
}

/**
 * Checks that can refuse the call before any stream starts (they become a plain JSON error reply), and the
 * registration that lets POST /api/bridge/cancel end the stream.
 */
export function beginListen(req: ParsedListenRequest, clientKey = ""): ListenHandle {
  const parsed = parseFrameWithin(req.frame, LIMITS.maxFrameDepth);
  if (!parsed.ok) throw new BridgeError("bad-request", `the listen frame is not JSON: ${parsed.error}`);
  const subscriptionId = listenIdOf(parsed.value);
  if (subscriptionId === undefined)
    throw new BridgeError(
      "bad-request",
      "a listen stream needs a subscriptions/listen request with a string or number id; send other frames with Send",
    );
  const upstream = checkUpstreamHeaders(req.target.kind === "http" ? req.target.headers : undefined, req.headers);
  if (!upstream.ok) throw new BridgeError("bad-request", upstream.message);
  const hosted = isHosted();
  if (hosted && targetTransport(req.target) === "stdio") {
    // A stdio listen needs a process kept up beyond this request, which hosted mode does not keep.
    throw new BridgeError(
      "refused",
      "hosted mode keeps no process between requests, so a listen stream over stdio has nothing to listen to; listen over HTTP (e.g. the calendar over HTTP)",
    );
  }
  if (hosted) {
    // Two clients must not be able to hold every stream of the instance.
    const mine = [...openListens.values()].filter((key) => key === clientKey).length;
    if (mine >= HOSTED_LIMITS.clientMaxOpenListens) {
      throw new BridgeError(
        "rate-limited",
        `you already have ${mine} listen streams open; hosted mode allows ${HOSTED_LIMITS.clientMaxOpenListens} per client: close one first`,
      );
    }
  }
  const maxOpen = hosted ? HOSTED_LIMITS.maxOpenListens : LIMITS.maxOpenListens;
  if (openListens.size >= maxOpen)
    throw new BridgeError(
      hosted ? "rate-limited" : "refused",
      hosted
        ? `${maxOpen} listen streams are already open on this playground, its limit for everyone together; try again in a few minutes (a hosted stream lasts at most 10)`
        : `${maxOpen} listen streams are already open; close one first`,
    );
  // Hosted mode: shorter streams, so a held slot comes back (the end line then names the shorter limit).
  const maxDurationMs = hosted ? Math.min(req.maxDurationMs, HOSTED_LIMITS.maxListenDurationMs) : req.maxDurationMs;
  const controller = new AbortController();
  const unregister = registerCancellable(req.listenId, controller);
  openListens.set(req.listenId, clientKey);
  return {
    subscriptionId,
    parsed,
    maxDurationMs,
    headers: upstream.headers,
    controller,
    unregister: () => {
      openListens.delete(req.listenId);
      unregister();
    },
  };
}

/** Runs one listen stream to its end, handing each line to `emit`. `signal` (or a cancel by listenId) closes it. */
export async function runListen(
  asked: ParsedListenRequest,
  ctx: ResolveContext,
  emit: (line: ListenLine) => void,
  signal?: AbortSignal,
  handle = beginListen(asked),
): Promise<ListenEnd> {
  const { subscriptionId, headers, controller } = handle;
  const req = { ...asked, maxDurationMs: handle.maxDurationMs };
  const onOuterAbort = () => controller.abort();
  signal?.addEventListener("abort", onOuterAbort, { once: true });
  const transport = targetTransport(req.target);
  const rec = new StreamingRecorder(
    {
      sendId: req.listenId,
      targetLabel: targetLabel(req.target),
      transport,
      sent: req.frame,
      timeoutMs: req.maxDurationMs,
    },
    (event) => emit({ kind: "event", event }),
  );
  emit({
    kind: "open",
    listenId: req.listenId,
    subscriptionId,
    startedAt: rec.startedAt,
    targetLabel: targetLabel(req.target),
    transport,
  });
  try {
    if (signal?.aborted) return endWith("closed-by-user", msg("cacheListen.end.closedBeforeOpen"));
    // Hosted mode: the same SSRF guard and pinned address as a send (lib/node/bridge/target-policy.ts).
    const admission = await admitTarget(req.target);
    if (!admission.ok) return { reason: "failure", message: `${admission.message}; nothing was sent` };
    const resolved = await resolveTarget(req.target, ctx);
    if (!resolved.ok) return { reason: "failure", message: resolved.message };
    if (resolved.transport === "stdio")
      return await listenStdio(resolved.spec, req, subscriptionId, rec, controller.signal);
    if (resolved.transport === "replay")
      return { reason: "failure", message: "a replay has no server to reach: it answers from its recording" };
    for (const note of [...resolved.notes, ...admission.notes]) rec.note(note);
    return await listenHttp(resolved.url, headers, req, handle.parsed, rec, controller.signal, admission.pinned);
  } finally {
    signal?.removeEventListener("abort", onOuterAbort);
    handle.unregister();
  }
}

async function listenHttp(
  url: string,
  headers: [string, string][],
  req: ParsedListenRequest,
  parsed: ListenHandle["parsed"],
  rec: StreamingRecorder,
  signal: AbortSignal,
  pinned?: PinnedAddress,
): Promise<ListenEnd> {
  const outcome = await sendHttp({ url, headers, ...(pinned ? { pinned } : {}) }, req.frame, {
    recorder: rec,
    parsed,
    timeoutMs: req.maxDurationMs,
    signal,
  });
  switch (outcome.kind) {
    case "response": {
      const reply = replyFrame({ outcome });
      const isError = reply !== null && typeof reply === "object" && "error" in reply;
      return isError
        ? endWith("error-response", msg("cacheListen.end.errorResponse"))
        : endWith("closed-by-server", msg("cacheListen.end.closedByServer"));
    }
    case "notification":
      return { reason: "transport-closed", message: outcome.note };
    case "failure":
      if (outcome.failure === "cancelled") return endWith("closed-by-user", msg("cacheListen.end.closedByUserHttp"));
      if (outcome.failure === "timeout")
        return endWith("limit", msg("cacheListen.end.limit", { ms: String(req.maxDurationMs) }));
      if (outcome.failure === "framing") return { reason: "transport-closed", message: outcome.message };
      return { reason: "failure", message: outcome.message };
  }
}

/**
 * The NDJSON response of POST /api/bridge/listen. Throws BridgeError (before streaming) for a bad call.
 * `onEnd` (the client's in-flight slot) runs exactly once however the stream ends, also when the page went
 * away first: nothing is enqueued on a cancelled stream (that throws, and the release would never run).
 */
export function listenResponse(
  req: ParsedListenRequest,
  ctx: ResolveContext,
  signal: AbortSignal,
  onEnd: () => void = () => {},
  clientKey = "",
): ReadableStream<Uint8Array> {
  const handle = beginListen(req, clientKey);
  const encoder = new TextEncoder();
  const aborter = new AbortController();
  const onSignal = () => aborter.abort();
  signal.addEventListener("abort", onSignal, { once: true });
  let open = true;
  let limited: ListenEnd | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(stream) {
        const started = Date.now();
        const emit = (line: ListenLine) => {
          if (!open) return;
          try {
            stream.enqueue(encoder.encode(JSON.stringify(line) + "\n"));
          } catch {
            open = false; // closed under us: end the subscription too
            aborter.abort();
            return;
          }
          if (line.kind !== "end" && (stream.desiredSize ?? 0) < -LIMITS.maxListenBacklogBytes && !limited) {
            limited = endWith("limit", msg("cacheListen.end.tooSlow", { bytes: String(LIMITS.maxListenBacklogBytes) }));
            aborter.abort();
          }
        };
        runListen(req, ctx, emit, aborter.signal, handle)
          .catch((e: unknown): ListenEnd => ({
            reason: "failure",
            message: e instanceof Error ? e.message : String(e),
          }))
          .then((end) => {
            emit({ kind: "end", ...(limited ?? end), durationMs: Date.now() - started });
            if (open) {
              open = false;
              stream.close();
            }
          })
          .catch(() => {})
          .finally(() => {
            signal.removeEventListener("abort", onSignal);
            onEnd();
          });
      },
      cancel() {
        open = false;
        aborter.abort(); // the browser went away: end the subscription too
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
