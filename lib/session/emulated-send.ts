/**
 * A plain send as the page's client makes it (lib/protocol/client-profile.ts, built from the envelope settings):
 * the frame with the emulation applied, the per-send headers (a remembered legacy session; on HTTP the
 * Mcp-Param-* headers a conforming client mirrors, unless the emulated client omits them) and what the exchange
 * card says about it. Pure: it reads the draft's parsed value and parses nothing.
 */
import { frameValue, type FrameDraft } from "../protocol/frame";
import { profileOf } from "./envelope";
import { toolsSeen } from "./param-headers";
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
  const profile = profileOf(state.envelope);
  const { draft, changes } = profile.prepare(written);
  const params =
    view.transport === "http"
      ? profile.paramHeaders(frameValue(draft), toolsSeen(state, view.key))
      : { headers: {}, omitted: [] };
  if (params.omitted.length) changes.push(`Mcp-Param-* headers omitted: ${params.omitted.join(", ")}`);
  const headers = { ...params.headers, ...selectSendHeaders(state, view.key, draft) };
  return {
    draft,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(profile.emulationText !== undefined ? { emulation: { text: profile.emulationText, changes } } : {}),
  };
}
