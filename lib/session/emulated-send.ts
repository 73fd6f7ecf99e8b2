/**
 * A plain send as the envelope's client makes it (lib/protocol/emulation.ts): the frame with the emulation
 * applied, the per-send headers (a remembered legacy session; on HTTP the Mcp-Param-* headers a conforming
 * client mirrors, unless the emulated client omits them) and what the exchange card says about it. Pure: it reads
 * the draft's parsed value and parses nothing.
 */
import { activeEmulation, emulateDraft, emulationText } from "../protocol/emulation";
import { frameValue, type FrameDraft } from "../protocol/frame";
import { sendParamHeaders } from "./param-headers";
import { selectSendHeaders, type TargetView } from "./selectors";
import type { SessionState, TimelineEntry } from "./state";

export interface SendPlan {
  draft: FrameDraft;
  headers?: Record<string, string>;
  emulation?: TimelineEntry["emulation"];
}

export function emulatedSend(
  state: SessionState,
  view: Extract<TargetView, { kind: "ready" }>,
  written: FrameDraft,
): SendPlan {
  const emulate = activeEmulation(state.envelope.emulate);
  const { draft, changes } = emulateDraft(written, emulate);
  const params = view.transport === "http" ? sendParamHeaders(state, view.key, frameValue(draft)) : {};
  const omitted = emulate?.omitParamHeaders ? Object.keys(params) : [];
  if (omitted.length) changes.push(`Mcp-Param-* headers omitted: ${omitted.join(", ")}`);
  const session = selectSendHeaders(state, view.key, draft);
  const headers = { ...(omitted.length ? {} : params), ...session };
  return {
    draft,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(emulate ? { emulation: { text: emulationText(emulate), changes } } : {}),
  };
}
