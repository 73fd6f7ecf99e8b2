/**
 * Talking to a server as a host of an extension (MCP Apps, Skills) would: the era probe with the host's declared
 * client capabilities, then requests in that era (the 2026-07-28 envelope, or a legacy session's headers), each a
 * labelled exchange the caller records (the page's timeline, the CLI's report, a check run's evidence). Pure: the
 * caller supplies send.
 */
import type { Exchange } from "./exchange";
import { runEraProbe, readReply, type ProbeVerdict } from "./era";
import { asObject, type JsonObject } from "./json";
import { buildEnvelope } from "./meta";
import { MODERN_VERSION } from "./versions";
import type { Reply } from "./reply";

/** One labelled send (with a legacy session's headers when there are any); the caller records the exchange. */
export type LabelledSend = (
  frameText: string,
  opts: { label: string; headers?: Record<string, string> },
) => Promise<Exchange>;

export interface ExtensionConnection {
  era: ProbeVerdict["era"];
  version?: string;
  reason: string;
  modern: boolean;
  /** The server's capabilities (discover or initialize result). */
  serverCapabilities?: JsonObject;
  /** The discover or initialize result itself. */
  result?: JsonObject;
  request(method: string, params: JsonObject, label: string): Promise<Reply>;
}

export async function connectExtension(
  send: LabelledSend,
  opts: {
    /** Every exchange's label starts with this ("skills", "apps (claude)"). */
    label: string;
    clientCapabilities?: JsonObject;
    /** Speak only this (legacy) revision, as a legacy-only host does. */
    pinVersion?: string;
  },
): Promise<ExtensionConnection> {
  let id = 0;
  const verdict = await runEraProbe(
    (text, extra) => send(text, { label: `${opts.label} ${extra?.label ?? ""}`.trim(), headers: extra?.headers }),
    {
      clientCapabilities: opts.clientCapabilities,
      preferredVersion: opts.pinVersion ?? MODERN_VERSION,
      ...(opts.pinVersion ? { pinned: true } : {}),
      nextId: () => ++id,
    },
  );
  const modern = verdict.era === "modern" || verdict.era === "modern-wrong-version";
  const version = verdict.version ?? (modern ? MODERN_VERSION : undefined);
  const legacyHeaders: Record<string, string> = {};
  if (verdict.sessionId) legacyHeaders["Mcp-Session-Id"] = verdict.sessionId;
  if (verdict.sessionId && version) legacyHeaders["MCP-Protocol-Version"] = version;
  const envelope = buildEnvelope({ protocolVersion: version, clientCapabilities: opts.clientCapabilities });
  return {
    era: verdict.era,
    version,
    reason: verdict.reason,
    modern,
    serverCapabilities: asObject(verdict.result?.capabilities),
    result: verdict.result,
    async request(method, params, label) {
      const withEnvelope = modern ? { ...params, _meta: { ...asObject(params._meta), ...envelope } } : params;
      const frame = JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: withEnvelope });
      const exchange = await send(frame, {
        label: `${opts.label} ${label}`,
        headers: modern ? undefined : legacyHeaders,
      });
      return readReply(exchange);
    },
  };
}
