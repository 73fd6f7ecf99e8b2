/**
 * The bridge's one operation: deliver a frame to a target and return everything that came back as an
 * Exchange. Used by POST /api/bridge/send, the CLI and the integration tests. Importable by the CLI.
 *
 * Failures of the *server* (not installed, exits, silent, bad framing, HTTP errors) are Exchanges with a
 * failure outcome. Only a request the bridge cannot act on (bad upstream headers, duplicate sendId) throws
 * a BridgeError.
 */
import { targetLabel, type Exchange, type ParsedSendRequest, type ProcessStatus, type Target } from "../contract";
import { parseFrame } from "@/lib/protocol/jsonrpc";
import { BridgeError } from "./errors";
import { checkUpstreamHeaders } from "./headers";
import { sendHttp } from "./http";
import { LIMITS } from "./limits";
import { ExchangeRecorder, failure } from "./recorder";
import { resolveTarget, ensureEverythingHttp, everythingHttpProcess, EVERYTHING_HTTP_KEY, type ResolveContext } from "./demo";
import { closeProcess, processStatus, restartProcess, sendStdio } from "./stdio";

export type SendContext = ResolveContext;

// Shared across route bundles (send and cancel are separate routes, possibly separate module instances).
const g = globalThis as typeof globalThis & { __playgroundInFlight?: Map<string, AbortController> };
const inFlight = (g.__playgroundInFlight ??= new Map());

function transportOf(target: Target): "stdio" | "http" {
  if (target.kind === "demo") return target.transport;
  return target.kind;
}

export async function send(req: ParsedSendRequest, ctx: SendContext = {}): Promise<Exchange> {
  const transport = transportOf(req.target);
  const upstream = checkUpstreamHeaders(req.target.kind === "http" ? req.target.headers : undefined, req.headers);
  if (!upstream.ok) throw new BridgeError("bad-request", upstream.message);
  if (inFlight.has(req.sendId)) throw new BridgeError("bad-request", `a send with sendId ${JSON.stringify(req.sendId)} is already in flight; use a new sendId`);

  const parsed = parseFrame(req.frame);
  const rec = new ExchangeRecorder({
    sendId: req.sendId,
    targetLabel: targetLabel(req.target),
    transport,
    sent: req.frame,
    ...(parsed.ok ? { sentFrame: parsed.value } : {}),
    timeoutMs: req.timeoutMs,
  });

  const frameBytes = Buffer.byteLength(req.frame, "utf8");
  if (frameBytes > LIMITS.maxFrameBytes) {
    return rec.finish(failure("size", `the frame is ${frameBytes} bytes; the bridge sends at most ${LIMITS.maxFrameBytes} bytes; nothing was sent`));
  }
  // GET and DELETE (conformance checks) carry no body, so the frame text is not sent and need not be JSON.
  const bodiless = req.http?.method === "GET" || req.http?.method === "DELETE";
  if (!parsed.ok && !bodiless) {
    if (!req.insist) return rec.finish(failure("not-json", `${parsed.error}; nothing was sent (send with insist to deliver it anyway)`));
    rec.note(`${parsed.error}; sent as written because you insisted`);
  }
  if (transport === "stdio" && req.headers && Object.keys(req.headers).length > 0) {
    rec.note("per-send headers apply to HTTP targets only; ignored over stdio");
  }
  if (transport === "stdio" && req.http) rec.note("http controls (method, omitted headers, Origin) apply to HTTP targets only; ignored over stdio");
  if (inFlight.size >= LIMITS.maxConcurrentSends) {
    return rec.finish(failure("refused", `${LIMITS.maxConcurrentSends} sends are already in flight; wait for one to finish`));
  }

  const controller = new AbortController();
  inFlight.set(req.sendId, controller);
  try {
    const resolved = await resolveTarget(req.target, ctx);
    if (!resolved.ok) return rec.finish(failure(resolved.failure, resolved.message));
    const common = { recorder: rec, parsed: parsed.ok ? parsed : undefined, timeoutMs: req.timeoutMs, signal: controller.signal };
    if (resolved.transport === "stdio") {
      return rec.finish(await sendStdio(resolved.spec, req.frame, { ...common, processMode: req.processMode }));
    }
    for (const note of resolved.notes) rec.note(note);
    if (req.processMode === "fresh") rec.note("fresh-process mode applies to stdio targets only; ignored over HTTP");
    // Target headers were checked with the per-send ones above (upstream.headers holds both, in order).
    return rec.finish(await sendHttp({ url: resolved.url, headers: upstream.headers }, req.frame, { ...common, control: req.http }));
  } finally {
    inFlight.delete(req.sendId);
  }
}

/** Long-lived requests (subscriptions/listen) register here, so POST /api/bridge/cancel ends them too. */
export function registerCancellable(id: string, controller: AbortController): () => void {
  if (inFlight.has(id)) throw new BridgeError("bad-request", `a send or listen with id ${JSON.stringify(id)} is already in flight; use a new id`);
  inFlight.set(id, controller);
  return () => {
    if (inFlight.get(id) === controller) inFlight.delete(id);
  };
}

/** Cancels an in-flight send (stdio: notifications/cancelled; HTTP: closes the stream). False if none. */
export function cancel(sendId: string): boolean {
  const controller = inFlight.get(sendId);
  if (!controller) return false;
  controller.abort();
  return true;
}

/** Status / restart / close of the process behind a target (stdio targets and server-everything over HTTP). */
export async function controlProcess(action: "status" | "restart" | "close", target: Target, ctx: SendContext = {}): Promise<ProcessStatus> {
  if (target.kind === "http") throw new BridgeError("bad-request", "an HTTP target has no process the playground controls");
  if (target.kind === "demo" && target.transport === "http") {
    if (target.server !== "everything") {
      throw new BridgeError("bad-request", `the ${target.server} server over HTTP runs inside the playground server; it has no process of its own`);
    }
    if (action === "status") return everythingHttpProcess()?.status() ?? { running: false, stderrTail: [] };
    if (action === "close") return closeProcess(EVERYTHING_HTTP_KEY);
    await closeProcess(EVERYTHING_HTTP_KEY);
    const started = await ensureEverythingHttp();
    const status = everythingHttpProcess()?.status() ?? { running: false, stderrTail: [] };
    return started.ok ? status : { ...status, spawnError: started.message };
  }
  const resolved = await resolveTarget(target, ctx);
  if (!resolved.ok) return { running: false, stderrTail: [], spawnError: resolved.message };
  if (resolved.transport !== "stdio") throw new BridgeError("bad-request", "this target has no process");
  if (action === "status") return processStatus(resolved.spec.key);
  if (action === "close") return closeProcess(resolved.spec.key);
  return restartProcess(resolved.spec);
}
