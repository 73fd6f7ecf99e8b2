/**
 * The examples gallery: every wire trace of the chapter, recorded from real servers by
 * scripts/record-examples.mjs and stored in link format v1. Each loads through the same validator as a link,
 * so a bad example fails at import (and in the unit tests), never in a student's browser. Pure.
 */
import { formatFrame } from "../../protocol/meta";
import { tryParseJson } from "../../protocol/json";
import { stateFromPayload } from "../codec";
import type { ShareState } from "../state";
import legacyBareToolsList from "./legacy-bare-tools-list.json";
import modernToolsList from "./modern-tools-list.json";
import discoverLegacyFallback from "./discover-legacy-fallback.json";
import missingEnvelope from "./missing-envelope.json";
import missingCapability from "./missing-capability.json";
import unsupportedVersion from "./unsupported-version.json";
import calendarThreeWays from "./calendar-three-ways.json";
import calendarAppWay from "./calendar-app-way.json";
import dentistMrtr from "./dentist-mrtr.json";
import isolationAbc from "./isolation-abc.json";
import tokenBill from "./token-bill.json";

export interface GalleryExample {
  id: string;
  title: string;
  about: string;
  state: ShareState;
}

/** In the chapter's order. */
const RECORDED: { id: string; payload: unknown }[] = [
  legacyBareToolsList,
  modernToolsList,
  discoverLegacyFallback,
  missingEnvelope,
  missingCapability,
  unsupportedVersion,
  calendarThreeWays,
  calendarAppWay,
  dentistMrtr,
  isolationAbc,
  tokenBill,
];

function load(recorded: { id: string; payload: unknown }): GalleryExample {
  const r = stateFromPayload(1, recorded.payload);
  if (!r.ok) throw new Error(`example ${recorded.id} does not load: ${r.reason}`);
  // The editor shows the example's frame formatted (two-space JSON), not as the one line stdio needs.
  const parsed = r.state.editor.includes("\n") ? undefined : tryParseJson(r.state.editor);
  const state = parsed !== undefined ? { ...r.state, editor: formatFrame(parsed) } : r.state;
  return { id: recorded.id, title: state.title ?? recorded.id, about: state.about ?? "", state };
}

export const EXAMPLES: readonly GalleryExample[] = RECORDED.map(load);

export function exampleById(id: string): GalleryExample | undefined {
  return EXAMPLES.find((e) => e.id === id);
}
