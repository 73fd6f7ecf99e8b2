/**
 * Talking to a skills server as a host would: the era probe, then requests in that era (the 2026-07-28 envelope, or
 * a legacy session's headers), each a labelled exchange the caller records (the page's timeline, the CLI's report,
 * a check run's evidence). Pure: the caller supplies send.
 */
import type { Exchange } from "../protocol/exchange";
import { runEraProbe, readReply, type ProbeVerdict } from "../protocol/era";
import { asObject, type JsonObject } from "../protocol/json";
import { buildEnvelope } from "../protocol/meta";
import { MODERN_VERSION } from "../protocol/versions";
import type { Reply } from "../protocol/reply";
import { DIRECTORY_READ_SETTING, SKILLS_EXTENSION_ID } from "./constants";

export type SkillsSend = (
  frameText: string,
  opts: { label: string; headers?: Record<string, string> },
) => Promise<Exchange>;

export interface SkillsConnection {
  era: ProbeVerdict["era"];
  version?: string;
  reason: string;
  modern: boolean;
  serverCapabilities?: JsonObject;
  instructions?: string;
  request(method: string, params: JsonObject, label: string): Promise<Reply>;
}

/** The extension's settings object when the server declares it ("Capability Negotiation"), else undefined. */
export function skillsSettings(capabilities: JsonObject | undefined): JsonObject | undefined {
  return asObject(asObject(capabilities?.extensions)?.[SKILLS_EXTENSION_ID]);
}

export function declaresSkills(capabilities: JsonObject | undefined): boolean {
  return skillsSettings(capabilities) !== undefined;
}

/** `directoryRead: true` and nothing else counts (the setting's default is false). */
export function declaresDirectoryRead(capabilities: JsonObject | undefined): boolean {
  return skillsSettings(capabilities)?.[DIRECTORY_READ_SETTING] === true;
}

export async function connectSkills(send: SkillsSend): Promise<SkillsConnection> {
  let id = 0;
  const verdict = await runEraProbe(
    (text, extra) => send(text, { label: `skills ${extra?.label ?? ""}`.trim(), headers: extra?.headers }),
    { preferredVersion: MODERN_VERSION, nextId: () => ++id },
  );
  const modern = verdict.era === "modern" || verdict.era === "modern-wrong-version";
  const version = verdict.version ?? (modern ? MODERN_VERSION : undefined);
  const legacyHeaders: Record<string, string> = {};
  if (verdict.sessionId) legacyHeaders["Mcp-Session-Id"] = verdict.sessionId;
  if (verdict.sessionId && version) legacyHeaders["MCP-Protocol-Version"] = version;
  const instructions = verdict.result?.instructions;
  return {
    era: verdict.era,
    version,
    reason: verdict.reason,
    modern,
    serverCapabilities: asObject(verdict.result?.capabilities),
    ...(typeof instructions === "string" ? { instructions } : {}),
    async request(method, params, label) {
      const withEnvelope = modern
        ? { ...params, _meta: { ...asObject(params._meta), ...buildEnvelope({ protocolVersion: version }) } }
        : params;
      const frame = JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: withEnvelope });
      const exchange = await send(frame, { label: `skills ${label}`, headers: modern ? undefined : legacyHeaders });
      return readReply(exchange);
    },
  };
}
