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

export type ProbeSend = (
  frameText: string,
  extra?: { headers?: Record<string, string>; label?: string },
) => Promise<Exchange>;

export interface ProbeStep {
  label: string;
  exchange: Exchange;
}

export interface ProbeVerdict {
  era: "modern" | "modern-wrong-version" | "legacy" | "unreachable";
  /** The version to speak: from supportedVersions, data.supported, or the initialize answer. */
  version?: string;
  reason: string;
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

function frame(id: number | string, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
}

export async function runEraProbe(send: ProbeSend, opts: ProbeOptions = {}): Promise<ProbeVerdict> {
  let counter = 0;
  const nextId = opts.nextId ?? (() => ++counter);
  const preferred = opts.preferredVersion ?? MODERN_VERSION;
  const capabilities = opts.clientCapabilities ?? {};
  const steps: ProbeStep[] = [];
  const step = async (label: string, text: string, headers?: Record<string, string>) => {
    const exchange = await send(text, { headers, label });
    steps.push({ label, exchange });
    return readReply(exchange);
  };
  const discover = (version: string) =>
    step(
      `probe: server/discover (${version})`,
      frame(nextId(), "server/discover", {
        _meta: buildEnvelope({ protocolVersion: version, clientCapabilities: capabilities }),
      }),
    );

  // A client that speaks only a legacy revision (emulation) opens as such clients do: initialize, no discover.
  if (opts.pinned && eraOfVersion(preferred) === "legacy")
    return legacyFallback(
      `the client is pinned to ${preferred}, a legacy revision, so it opens with initialize`,
      preferred,
    );

  const first = await discover(preferred);
  if (first.kind === "result") {
    const supported = Array.isArray(first.result.supportedVersions) ? (first.result.supportedVersions as string[]) : [];
    const version = supported.includes(preferred)
      ? preferred
      : (supported.find((v) => eraOfVersion(v) === "modern") ?? preferred);
    return {
      era: "modern",
      version,
      reason: `server/discover answered supportedVersions ${JSON.stringify(supported)}: a 2026-07-28-era server.`,
      steps,
      result: first.result,
    };
  }
  if (first.kind === "error" && first.code === -32022) {
    const data = asObject(first.data);
    const supported = Array.isArray(data?.supported) ? (data!.supported as string[]) : [];
    const modern = supported.find((v) => eraOfVersion(v) === "modern");
    if (opts.pinned) {
      return {
        era: "modern-wrong-version",
        reason: `server/discover for ${preferred} answered -32022 (supported ${JSON.stringify(supported)}); the client is pinned to ${preferred}, so it tries no other version.`,
        steps,
      };
    }
    if (modern) {
      const retry = await discover(modern);
      if (retry.kind === "result") {
        return {
          era: "modern-wrong-version",
          version: modern,
          reason: `server/discover for ${preferred} answered -32022 (supported ${JSON.stringify(supported)}); retried with ${modern} and it answered.`,
          steps,
          result: retry.result,
        };
      }
      return {
        era: "modern-wrong-version",
        version: modern,
        reason: `server/discover answered -32022 (supported ${JSON.stringify(supported)}), but the retry with ${modern} did not succeed.`,
        steps,
      };
    }
    // AMBIG-3: the only mutual versions are legacy ones, and speaking them needs initialize.
    const legacy = supported[0];
    if (!legacy)
      return {
        era: "modern-wrong-version",
        reason: "server/discover answered -32022 without data.supported: no version to retry with.",
        steps,
      };
    return legacyFallback(
      `server/discover answered -32022 listing only legacy versions ${JSON.stringify(supported)} (digest AMBIG-3)`,
      legacy,
    );
  }
  if (first.kind === "error" && isModernErrorCode(first.code)) {
    return {
      era: "modern",
      reason: `server/discover answered ${describeError(first)}: a modern error, so the server is modern — fix the request (headers or declared capabilities).`,
      steps,
    };
  }
  if (first.kind === "none" && first.fatal) {
    return { era: "unreachable", reason: `server/discover ${first.why}.`, steps };
  }
  const why =
    first.kind === "error" ? `server/discover answered ${describeError(first)}` : `server/discover ${first.why}`;
  return legacyFallback(why, preferred);

  async function legacyFallback(why: string, askFor: string): Promise<ProbeVerdict> {
    const init = await step(
      `probe: initialize (asks for ${askFor})`,
      frame(nextId(), "initialize", initializeParams(askFor, capabilities)),
    );
    if (init.kind !== "result") {
      const what = init.kind === "error" ? `answered ${describeError(init)}` : init.why;
      return {
        era: "unreachable",
        reason: `${why}; initialize ${what}: neither a modern nor a legacy server answered.`,
        steps,
      };
    }
    const version = typeof init.result.protocolVersion === "string" ? init.result.protocolVersion : undefined;
    const sessionId = steps[steps.length - 1].exchange.http?.sessionId;
    if (opts.completeHandshake !== false) {
      const headers: Record<string, string> = {};
      if (sessionId) headers["Mcp-Session-Id"] = sessionId;
      if (version) headers["MCP-Protocol-Version"] = version;
      await step(
        "probe: notifications/initialized",
        JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
        headers,
      );
    }
    return {
      era: "legacy",
      version,
      reason: `${why}; initialize asked for ${askFor}, server answered ${version ?? "no protocolVersion"}: a legacy server.`,
      steps,
      result: init.result,
      sessionId,
    };
  }
}
