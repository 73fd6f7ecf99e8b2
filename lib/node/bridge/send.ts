/**
 * The bridge's one operation: deliver a frame to a target and return everything that came back as an
 * Exchange. Used by POST /api/bridge/send, the CLI and the integration tests. Importable by the CLI.
 *
 * Failures of the *server* (not installed, exits, silent, bad framing, HTTP errors) are Exchanges with a
 * failure outcome. Only a request the bridge cannot act on (bad upstream headers, duplicate sendId) throws
 * a BridgeError.
 */
import {
  type Exchange,
  type ExchangeOutcome,
  type ParsedSendRequest,
  type ProcessStatus,
  type Target,
} from "@/lib/bridge/contract";
import { targetLabel, targetTransport } from "@/lib/bridge/target";
import type { HeaderList } from "@/lib/protocol/http-headers";
import type { ParsedFrame } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { BridgeError } from "./errors";
import { frameHint } from "./frame-hints";
import { acquireSlot, registerSend, releaseSlot } from "./in-flight";
import { checkUpstreamHeaders } from "./headers";
import { sendHttp } from "./http";
import { LIMITS } from "./limits";
import { resolveProgress } from "@/lib/bridge/send-options";
import { ExchangeRecorder, failure } from "./recorder";
import {
  resolveTarget,
  ensureEverythingHttp,
  everythingHttpProcess,
  EVERYTHING_HTTP_KEY,
  type ResolveContext,
} from "./demo";
import { closeProcess, processStatus, restartProcess, sendStdio } from "./stdio";
import type { Resolver } from "./address-guard";
import { admitTarget, isHosted, sizeLimits, type Admission } from "./target-policy";
import { sendReplay } from "./replay";

// Re-exported: the send route, the CLI and the tests know them from here.
export { cancel, sendLoad } from "./in-flight";

export interface SendContext extends ResolveContext {
  /** URLs of processes the bridge started for this request (the lab's HTTP instances): admitted in hosted mode. */
  trustedUrls?: readonly string[];
  /** DNS resolver for the hosted-mode SSRF guard (tests inject one). */
  resolve?: Resolver;
  /** Notes the caller adds to the exchange (e.g. how hosted mode changed the request). */
  notes?: readonly string[];
  /** Hosted mode's client key (lib/node/web/client-policy.ts clientKeyOf): a flood is paced from this client's share. */
  client?: string;
}

export async function send(req: ParsedSendRequest, ctx: SendContext = {}): Promise<Exchange> {
  const upstream = checkUpstreamHeaders(req.target.kind === "http" ? req.target.headers : undefined, req.headers);
  if (!upstream.ok) throw new BridgeError("bad-request", upstream.message);
  // Registered before the first await, so a duplicate sendId is caught and a cancel finds it at every step.
  const controller = new AbortController();
  const unregister = registerSend(req.sendId, controller);
  try {
    return await admitAndDeliver(req, ctx, upstream.headers, controller.signal);
  } finally {
    unregister();
  }
}

async function admitAndDeliver(
  req: ParsedSendRequest,
  ctx: SendContext,
  headers: HeaderList,
  signal: AbortSignal,
): Promise<Exchange> {
  const parsed = parseFrameWithin(req.frame, LIMITS.maxFrameDepth);
  const rec = new ExchangeRecorder({
    sendId: req.sendId,
    targetLabel: targetLabel(req.target),
    transport: targetTransport(req.target),
    sent: req.frame,
    ...(parsed.ok ? { sentFrame: parsed.value } : {}),
    timeoutMs: req.timeoutMs,
  });
  for (const note of ctx.notes ?? []) rec.note(note);

  const frameBytes = Buffer.byteLength(req.frame, "utf8");
  const { maxFrameBytes } = sizeLimits();
  if (frameBytes > maxFrameBytes) {
    const mode = isHosted() ? " in hosted mode" : "";
    return rec.finish(
      failure(
        "size",
        `the frame is ${frameBytes} bytes; the bridge sends at most ${maxFrameBytes} bytes${mode}; nothing was sent`,
      ),
    );
  }
  // GET and DELETE (conformance checks) carry no body, so the frame text is not sent and need not be JSON.
  const bodiless = req.http?.method === "GET" || req.http?.method === "DELETE";
  if (!parsed.ok && !bodiless) {
    if (!req.insist)
      return rec.finish(
        failure("not-json", `${parsed.error}; nothing was sent (send with insist to deliver it anyway)`),
      );
    rec.note(`${parsed.error}; sent as written because you insisted`);
  }
  if (targetTransport(req.target) === "stdio" && req.headers && Object.keys(req.headers).length > 0) {
    rec.note("per-send headers apply to HTTP targets only; ignored over stdio");
  }
  if (targetTransport(req.target) === "stdio" && req.http)
    rec.note("http controls (method, omitted headers, Origin) apply to HTTP targets only; ignored over stdio");
  const admission = await admitTarget(req.target, ctx);
  if (!admission.ok) return rec.finish(failure("refused", `${admission.message}; nothing was sent`));
  const hint = frameHint(parsed);
  if (hint) rec.note(hint);

  const slot = await acquireSlot(signal);
  if (!slot.ok) return rec.finish(failure(slot.failure, slot.message));
  try {
    if (slot.waitedMs > 0)
      rec.note(`waited ${slot.waitedMs} ms for a free bridge slot (${LIMITS.maxConcurrentSends} sends run at once)`);
    const outcome = await deliver(req, ctx, rec, parsed, headers, admission, signal);
    if (hint && outcome.kind === "failure" && outcome.failure === "timeout") outcome.message += `; ${hint}`;
    return rec.finish(outcome);
  } finally {
    releaseSlot();
  }
}

async function deliver(
  req: ParsedSendRequest,
  ctx: SendContext,
  rec: ExchangeRecorder,
  parsed: ParsedFrame,
  headers: HeaderList,
  admission: Extract<Admission, { ok: true }>,
  signal: AbortSignal,
): Promise<ExchangeOutcome> {
  const resolved = await resolveTarget(req.target, ctx);
  if (!resolved.ok) return failure(resolved.failure, resolved.message);
  if (resolved.transport === "replay") return sendReplay(resolved.replay, req.frame, parsed, rec);
  const progress = resolveProgress(req);
  const common = { recorder: rec, parsed: parsed.ok ? parsed : undefined, timeoutMs: req.timeoutMs, progress, signal };
  if (resolved.transport === "stdio")
    return sendStdio(resolved.spec, req.frame, { ...common, processMode: req.processMode });
  for (const note of [...resolved.notes, ...admission.notes]) rec.note(note);
  if (req.processMode === "fresh") rec.note("fresh-process mode applies to stdio targets only; ignored over HTTP");
  // Target headers were checked with the per-send ones above (`headers` holds both, in order).
  return sendHttp(
    { url: resolved.url, headers, ...(admission.pinned ? { pinned: admission.pinned } : {}) },
    req.frame,
    { ...common, control: req.http, client: ctx.client },
  );
}

/** Status / restart / close of the process behind a target (stdio targets and server-everything over HTTP). */
export async function controlProcess(
  action: "status" | "restart" | "close",
  target: Target,
  ctx: SendContext = {},
): Promise<ProcessStatus> {
  if (target.kind === "http")
    throw new BridgeError("bad-request", "an HTTP target has no process the playground controls");
  if (target.kind === "replay")
    throw new BridgeError("bad-request", "a replay answers from its recording; it has no process");
  if (target.kind === "demo" && target.transport === "http") {
    if (target.server !== "everything") {
      throw new BridgeError(
        "bad-request",
        `the ${target.server} server over HTTP runs inside the playground server; it has no process of its own`,
      );
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
