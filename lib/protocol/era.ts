/**
 * The era probe (digest §2.3, §2.4): server/discover first; a DiscoverResult or a recognised modern error
 * means modern, anything else (commonly -32601, -32602, HTTP 400 "Server not initialized", or silence)
 * means legacy → initialize + notifications/initialized. Pure: the caller supplies `send`.
 */
import type { Exchange } from "./exchange";
import { errorCodeName, isModernErrorCode } from "./errors";
import { buildEnvelope } from "./meta";
import { MODERN_VERSION, eraOfVersion, initializeParams } from "./versions";
import { asObject } from "./json";
import { replyOf, type Reply } from "./reply";
import { msg, say, type Msg } from "../i18n/translate";

export type ProbeSend = (
  frameText: string,
  extra?: { headers?: Record<string, string>; label?: string; labelMsg?: Msg },
) => Promise<Exchange>;

export interface ProbeStep {
  label: string;
  exchange: Exchange;
}

export interface ProbeVerdict {
  era: "modern" | "modern-wrong-version" | "legacy" | "unreachable";
  /** The version to speak: from supportedVersions, data.supported, or the initialize answer. */
  version?: string;
  /** The reason in English (the CLI's --json, old sessions); reasonMsg says it in the reader's language. */
  reason: string;
  reasonMsg?: Msg;
  steps: ProbeStep[];
  /** The result of server/discover or initialize, for panels that need capabilities or instructions. */
  result?: Record<string, unknown>;
  /** Legacy Streamable HTTP: the session the initialize reply minted. */
  sessionId?: string;
}

export interface ProbeOptions {
  preferredVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  /** Supplies request ids; defaults to 1, 2, 3, … */
  nextId?: () => number | string;
  /** Send notifications/initialized after a legacy initialize (default true). */
  completeHandshake?: boolean;
  /** The client speaks preferredVersion only (client emulation): a -32022 is the end, not a retry. */
  pinned?: boolean;
}

/** The shared reader, in the probe's words: a missing answer is told as "got no answer …" / "failed (…)". */
export function readReply(exchange: Exchange): Reply {
  const reply = replyOf(exchange);
  const { outcome } = exchange;
  if (reply.kind !== "none" || outcome.kind === "response") return reply;
  if (outcome.kind === "notification") return { ...reply, why: "no reply (the frame was a notification)" };
  const why =
    outcome.failure === "timeout"
      ? `got no answer within ${exchange.timeoutMs} ms`
      : `failed (${outcome.failure}: ${outcome.message})`;
  return { ...reply, why };
}

function describeError(r: Extract<Reply, { kind: "error" }>): string {
  const http = r.status && r.status !== 200 ? `HTTP ${r.status}, ` : "";
  return `${http}${r.code} ${r.message || errorCodeName(r.code)}`;
}

/** What happened instead of an answer, as a clause (the server's and the bridge's own words stay as they are). */
function noAnswer(r: Extract<Reply, { kind: "none" }>): Msg {
  const { outcome } = r.exchange;
  if (outcome.kind === "response") return msg("era.why.neither");
  if (outcome.kind === "notification") return msg("era.why.notification");
  if (outcome.failure === "timeout") return msg("era.why.timeout", { ms: r.exchange.timeoutMs ?? 0 });
  return msg("era.why.failed", { failure: outcome.failure, message: outcome.message });
}

/** A verdict whose English reason is said from the same catalogue entry as every other language's. */
function verdict(v: Omit<ProbeVerdict, "reason" | "reasonMsg">, reason: Msg): ProbeVerdict {
  return { ...v, reason: say(reason), reasonMsg: reason };
}

function frame(id: number | string, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
}

export async function runEraProbe(send: ProbeSend, opts: ProbeOptions = {}): Promise<ProbeVerdict> {
  let counter = 0;
  const nextId = opts.nextId ?? (() => ++counter);
  const preferred = opts.preferredVersion ?? MODERN_VERSION;
  const capabilities = opts.clientCapabilities ?? {};
  const steps: ProbeStep[] = [];
  // A step's name is a Msg (what the page's card says in the reader's language); `label` keeps its English.
  const step = async (what: Msg, text: string, headers?: Record<string, string>) => {
    const label = `probe: ${say(what)}`;
    const exchange = await send(text, { headers, label, labelMsg: what });
    steps.push({ label, exchange });
    return readReply(exchange);
  };
  const run: ProbeRun = { steps, step, nextId, capabilities, opts };
  const legacyFallback = (why: Msg, askFor: string) => legacyFallbackOf(run, why, askFor);
  const discover = (version: string) =>
    step(
      msg("probeSteps.discover", { version }),
      frame(nextId(), "server/discover", {
        _meta: buildEnvelope({ protocolVersion: version, clientCapabilities: capabilities }),
      }),
    );

  // A client that speaks only a legacy revision (emulation) opens as such clients do: initialize, no discover.
  if (opts.pinned && eraOfVersion(preferred) === "legacy")
    return legacyFallback(msg("era.pinnedLegacy", { preferred }), preferred);

  const first = await discover(preferred);
  if (first.kind === "result") {
    const supported = Array.isArray(first.result.supportedVersions) ? (first.result.supportedVersions as string[]) : [];
    const version = supported.includes(preferred)
      ? preferred
      : (supported.find((v) => eraOfVersion(v) === "modern") ?? preferred);
    return verdict(
      { era: "modern", version, steps, result: first.result },
      msg("era.modern", { supported: JSON.stringify(supported) }),
    );
  }
  if (first.kind === "error" && first.code === -32022) {
    const data = asObject(first.data);
    const supported = Array.isArray(data?.supported) ? (data!.supported as string[]) : [];
    const modern = supported.find((v) => eraOfVersion(v) === "modern");
    if (opts.pinned) {
      return verdict(
        { era: "modern-wrong-version", steps },
        msg("era.pinned", { preferred, supported: JSON.stringify(supported) }),
      );
    }
    if (modern) {
      const retry = await discover(modern);
      if (retry.kind === "result") {
        return verdict(
          { era: "modern-wrong-version", version: modern, steps, result: retry.result },
          msg("era.retried", { preferred, supported: JSON.stringify(supported), modern }),
        );
      }
      return verdict(
        { era: "modern-wrong-version", version: modern, steps },
        msg("era.retryFailed", { supported: JSON.stringify(supported), modern }),
      );
    }
    // AMBIG-3: the only mutual versions are legacy ones, and speaking them needs initialize.
    const legacy = supported[0];
    if (!legacy) return verdict({ era: "modern-wrong-version", steps }, msg("era.noSupported"));
    return legacyFallback(msg("era.onlyLegacy", { supported: JSON.stringify(supported) }), legacy);
  }
  if (first.kind === "error" && isModernErrorCode(first.code)) {
    return verdict({ era: "modern", steps }, msg("era.modernError", { error: describeError(first) }));
  }
  if (first.kind === "none" && first.fatal) {
    return verdict({ era: "unreachable", steps }, msg("era.discoverFatal", { why: noAnswer(first) }));
  }
  const why =
    first.kind === "error"
      ? msg("era.discoverAnswered", { error: describeError(first) })
      : msg("era.discoverNone", { why: noAnswer(first) });
  return legacyFallback(why, preferred);
}

/** notifications/initialized: the last word of a 2025-11-25 handshake. */
export const INITIALIZED_FRAME = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });

/** What a 2025-11-25 session's later requests carry: its Mcp-Session-Id and the version initialize settled on. */
export function legacySessionHeaders(sessionId?: string, version?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (sessionId) headers["Mcp-Session-Id"] = sessionId;
  if (version) headers["MCP-Protocol-Version"] = version;
  return headers;
}

/** The probe's moves so far, shared by its two halves (discover first, initialize as the fallback). */
interface ProbeRun {
  steps: ProbeStep[];
  step(what: Msg, text: string, headers?: Record<string, string>): Promise<Reply>;
  nextId(): number | string;
  capabilities: Record<string, unknown>;
  opts: ProbeOptions;
}

/** A legacy revision is spoken with initialize (and notifications/initialized, unless told not to). */
async function legacyFallbackOf(run: ProbeRun, why: Msg, askFor: string): Promise<ProbeVerdict> {
  const { steps, step, nextId, capabilities, opts } = run;
  const init = await step(
    msg("probeSteps.initialize", { version: askFor }),
    frame(nextId(), "initialize", initializeParams(askFor, capabilities)),
  );
  if (init.kind !== "result") {
    const what = init.kind === "error" ? msg("era.initAnswered", { error: describeError(init) }) : noAnswer(init);
    return verdict({ era: "unreachable", steps }, msg("era.neither", { why, what }));
  }
  const version = typeof init.result.protocolVersion === "string" ? init.result.protocolVersion : undefined;
  const sessionId = steps[steps.length - 1].exchange.http?.sessionId;
  if (opts.completeHandshake !== false) {
    await step(msg("probeSteps.initialized"), INITIALIZED_FRAME, legacySessionHeaders(sessionId, version));
  }
  return verdict(
    { era: "legacy", version, steps, result: init.result, sessionId },
    version ? msg("era.legacy", { why, askFor, version }) : msg("era.legacyNoVersion", { why, askFor }),
  );
}
