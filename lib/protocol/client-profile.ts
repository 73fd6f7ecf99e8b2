/**
 * The client the playground speaks as: what it declares (capabilities, the protocol version) and what it does
 * (client emulation: no MRTR, no Mcp-Param-* headers, first page of lists only, a pinned version). Built once —
 * from the page's envelope settings (lib/session/envelope.ts), from the CLI's flags, from a check run's options —
 * and read by the send, the probe, the checks, the token bill, the cache audit and the CLI, so each applies the
 * same emulation the same way. Pure.
 */
import { activeEmulation, emulatedCapabilities, emulateDraft, emulationText, type Emulation } from "./emulation";
import type { FrameDraft } from "./frame";
import { paramHeaders, type ToolLike } from "./http-headers";
import { asObject } from "./json";
import type { PagingRules } from "./paging";
import { MODERN_VERSION } from "./versions";

export interface ClientProfile {
  /** Only the switches that are on; undefined when the client emulates nothing. */
  readonly emulation?: Emulation;
  /** The emulation in words for a report or a card, or undefined. */
  readonly emulationText?: string;
  /** What the client declares, after emulation (no input capabilities without MRTR support). */
  readonly capabilities: Record<string, unknown>;
  /** The version requests name and the probe prefers; `pinned`: the probe asks for it alone. */
  readonly protocolVersion: string;
  readonly pinned: boolean;
  /** The frame as this client sends it, with one note per change. */
  prepare(draft: FrameDraft): { draft: FrameDraft; changes: string[] };
  /**
   * Mcp-Param-* for a parsed tools/call, from the tool's inputSchema among `tools` (SEP-2243). `omitted` names the
   * headers an emulated client leaves out (then `headers` is empty).
   */
  paramHeaders(frame: unknown, tools: readonly ToolLike[]): { headers: Record<string, string>; omitted: string[] };
  /**
   * Does this client send Mcp-Param-* headers at all? The one place the omit-param-headers switch is decided;
   * `paramHeaders` follows it, and a caller that would read tools/list only for those headers asks it first.
   */
  readonly sendsParamHeaders: boolean;
  /** How this client reads a list (lib/protocol/paging.ts). */
  paging(maxPages: number): PagingRules;
}

export interface ProfileInput {
  emulate?: Emulation;
  /** Declared before emulation (the page's checkboxes or raw JSON, a check's, the CLI's). */
  capabilities?: Record<string, unknown>;
  protocolVersion?: string;
}

/** The tools/call a frame is, with the tool's name and arguments, or undefined. */
export function toolCallOf(frame: unknown): { name: string; arguments: unknown } | undefined {
  const params = asObject(asObject(frame)?.params);
  if (asObject(frame)?.method !== "tools/call" || typeof params?.name !== "string") return undefined;
  return { name: params.name, arguments: params.arguments };
}

export function clientProfile(input: ProfileInput = {}): ClientProfile {
  const emulation = activeEmulation(input.emulate);
  const pin = emulation?.pinVersion;
  const sendsParamHeaders = !emulation?.omitParamHeaders;
  return {
    ...(emulation ? { emulation, emulationText: emulationText(emulation) } : {}),
    capabilities: emulatedCapabilities(input.capabilities ?? {}, emulation),
    protocolVersion: pin ?? (input.protocolVersion?.trim() || MODERN_VERSION),
    pinned: pin !== undefined,
    prepare: (draft) => emulateDraft(draft, emulation),
    paramHeaders(frame, tools) {
      const call = toolCallOf(frame);
      const tool = call && tools.find((t) => t.name === call.name);
      const headers = tool ? Object.fromEntries(paramHeaders(call.arguments, tool.inputSchema).headers) : {};
      return sendsParamHeaders ? { headers, omitted: [] } : { headers: {}, omitted: Object.keys(headers) };
    },
    sendsParamHeaders,
    paging: (maxPages) => ({ maxPages, ...(emulation?.firstPageOnly ? { firstPageOnly: true } : {}) }),
  };
}
