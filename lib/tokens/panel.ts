/**
 * The Catalogue panel's state, as a pure reducer (the component only renders it; the hook only wires it).
 * Bill replies carry a sequence number: a reply to an older request (options changed, another edit) is dropped.
 */
import { englishT, type Msg, type Translate } from "../i18n/translate";
import type { Bill } from "./bill";
import { catalogueTools, replaceInstructions, replaceTool, type Catalogue, type Handshake } from "./catalogue";
import { DEFAULT_BILL_OPTIONS, DEFAULT_FLEET, type BillOptions } from "./options";
import { parseToolEdit, toolEditText } from "./whatif";

/** Which bill: the catalogue as shown (maybe edited), or as fetched (the baseline a what-if is compared to). */
export type BillWhich = "current" | "baseline";

export type BillSlot =
  | { status: "none" }
  | { status: "pending"; seq: number; last?: Bill }
  | { status: "done"; seq: number; bill: Bill }
  | { status: "failed"; seq: number; message: string; last?: Bill };

/** What the what-if editor edits: a tool by its position in the catalogue, or the instructions. */
export type WhatIfSubject = { kind: "tool"; index: number } | { kind: "instructions" };

export interface PanelState {
  options: BillOptions;
  handshake: Handshake;
  /** Client capabilities to declare, as typed (JSON object); validated by selectCapabilities. The chapter's: {}. */
  capsText: string;
  /** As typed; validated by selectFleet. */
  fleet: { servers: string; window: string };
  fetch:
    | { status: "idle" }
    | { status: "running"; targetLabel: string }
    | { status: "failed"; message: string }
    | { status: "done" };
  /** What was fetched, and from where (a bill is only about the target it was fetched from). */
  source?: { targetKey: string; targetLabel: string; original: Catalogue };
  catalogue?: Catalogue;
  bills: Record<BillWhich, BillSlot>;
  /** `error` in English; `errorMsg` the same in the reader's language, set with it. */
  whatIf: { subject: WhatIfSubject | null; text: string; error: string | null; errorMsg?: Msg };
}

export type PanelAction =
  | { type: "options/set"; patch: Partial<BillOptions> }
  | { type: "handshake/set"; handshake: Handshake }
  | { type: "caps/set"; text: string }
  | { type: "fleet/set"; servers?: string; window?: string }
  | { type: "fetch/started"; targetLabel: string }
  | { type: "fetch/finished"; targetKey: string; targetLabel: string; catalogue: Catalogue }
  | { type: "fetch/failed"; message: string }
  | { type: "bill/requested"; which: BillWhich; seq: number }
  | { type: "bill/finished"; which: BillWhich; seq: number; bill: Bill }
  | { type: "bill/failed"; which: BillWhich; seq: number; message: string }
  | { type: "whatif/select"; subject: WhatIfSubject | null }
  | { type: "whatif/text"; text: string }
  | { type: "whatif/apply" }
  | { type: "whatif/reset" };

export function initialPanelState(): PanelState {
  return {
    options: DEFAULT_BILL_OPTIONS,
    handshake: "auto",
    capsText: "{}",
    fleet: { servers: String(DEFAULT_FLEET.servers), window: String(DEFAULT_FLEET.window) },
    fetch: { status: "idle" },
    bills: { current: { status: "none" }, baseline: { status: "none" } },
    whatIf: { subject: null, text: "", error: null },
  };
}

/** The last bill worth showing in a slot (a pending or failed request keeps showing the previous bill). */
export function slotBill(slot: BillSlot): Bill | undefined {
  return slot.status === "done" ? slot.bill : slot.status === "none" ? undefined : slot.last;
}

function subjectText(catalogue: Catalogue | undefined, subject: WhatIfSubject | null): string {
  if (!catalogue || !subject) return "";
  if (subject.kind === "instructions") return catalogue.instructions ?? "";
  const tool = catalogueTools(catalogue)[subject.index];
  return tool ? toolEditText(tool) : "";
}

function applyEdit(state: PanelState): PanelState {
  const { catalogue } = state;
  const { subject, text } = state.whatIf;
  if (!catalogue || !subject) return state;
  if (subject.kind === "instructions")
    return { ...state, catalogue: replaceInstructions(catalogue, text), whatIf: { ...state.whatIf, error: null } };
  const edit = parseToolEdit(text);
  if (!edit.ok) return { ...state, whatIf: { ...state.whatIf, error: edit.error, errorMsg: edit.errorMsg } };
  return {
    ...state,
    catalogue: replaceTool(catalogue, subject.index, edit.tool),
    whatIf: { ...state.whatIf, error: null },
  };
}

export function panelReducer(state: PanelState, action: PanelAction): PanelState {
  switch (action.type) {
    case "options/set":
      return { ...state, options: { ...state.options, ...action.patch } };
    case "handshake/set":
      return { ...state, handshake: action.handshake };
    case "caps/set":
      return { ...state, capsText: action.text };
    case "fleet/set":
      return {
        ...state,
        fleet: { servers: action.servers ?? state.fleet.servers, window: action.window ?? state.fleet.window },
      };
    case "fetch/started":
      return { ...state, fetch: { status: "running", targetLabel: action.targetLabel } };
    case "fetch/failed":
      return { ...state, fetch: { status: "failed", message: action.message } };
    case "fetch/finished":
      return {
        ...state,
        fetch: { status: "done" },
        source: { targetKey: action.targetKey, targetLabel: action.targetLabel, original: action.catalogue },
        catalogue: action.catalogue,
        whatIf: { subject: null, text: "", error: null },
      };
    case "bill/requested": {
      const last = slotBill(state.bills[action.which]);
      return {
        ...state,
        bills: { ...state.bills, [action.which]: { status: "pending", seq: action.seq, ...(last ? { last } : {}) } },
      };
    }
    case "bill/finished":
    case "bill/failed": {
      const slot = state.bills[action.which];
      if (slot.status !== "pending" || slot.seq !== action.seq) return state; // a stale reply
      const next: BillSlot =
        action.type === "bill/finished"
          ? { status: "done", seq: action.seq, bill: action.bill }
          : { status: "failed", seq: action.seq, message: action.message, ...(slot.last ? { last: slot.last } : {}) };
      return { ...state, bills: { ...state.bills, [action.which]: next } };
    }
    case "whatif/select":
      return {
        ...state,
        whatIf: { subject: action.subject, text: subjectText(state.catalogue, action.subject), error: null },
      };
    case "whatif/text":
      return { ...state, whatIf: { ...state.whatIf, text: action.text } };
    case "whatif/apply":
      return applyEdit(state);
    case "whatif/reset":
      if (!state.source) return state;
      return {
        ...state,
        catalogue: state.source.original,
        whatIf: { ...state.whatIf, text: subjectText(state.source.original, state.whatIf.subject), error: null },
      };
  }
}

export function isEdited(state: PanelState): boolean {
  return state.catalogue !== undefined && state.source !== undefined && state.catalogue !== state.source.original;
}

export type FleetInput = { ok: true; servers: number; window: number } | { ok: false; error: string };

export function selectFleet(state: PanelState, t: Translate = englishT): FleetInput {
  const servers = Number(state.fleet.servers);
  const window = Number(state.fleet.window.replace(/[,_\s]/g, ""));
  if (!Number.isInteger(servers) || servers < 1 || servers > 10_000)
    return { ok: false, error: t("catalogueMenus.fleet.servers") };
  if (!Number.isInteger(window) || window < 1 || window > 100_000_000)
    return { ok: false, error: t("catalogueMenus.fleet.window") };
  return { ok: true, servers, window };
}

export type CapabilitiesInput = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export function selectCapabilities(state: PanelState, t: Translate = englishT): CapabilitiesInput {
  let value: unknown;
  try {
    value = JSON.parse(state.capsText);
  } catch (e) {
    return { ok: false, error: t("catalogueMenus.caps.notJson", { message: (e as Error).message }) };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, error: t("catalogueMenus.caps.notObject") };
  return { ok: true, value: value as Record<string, unknown> };
}
