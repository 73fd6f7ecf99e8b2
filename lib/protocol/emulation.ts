/**
 * Client emulation (issue 20): how a less capable client talks to a server, so a server author sees what such a
 * client gets. One table for the checks (lib/checks), the page's envelope settings (lib/session) and the CLI
 * (`send` and `check` flags). Pure.
 */
import { asObject, type JsonObject } from "./json";
import { draftFrame, draftOfValue, type FrameDraft } from "./frame";
import { META_KEYS } from "./meta";
import { englishT, type Translate } from "../i18n/translate";

export interface Emulation {
  /** No MRTR support: no input capabilities (elicitation, sampling, roots) are ever declared. */
  noMrtr?: boolean;
  /** HTTP: Mcp-Param-* headers are not mirrored for x-mcp-header arguments (SEP-2243). */
  omitParamHeaders?: boolean;
  /** Lists are read to their first page only (nextCursor is not followed). */
  firstPageOnly?: boolean;
  /** The one protocol version the client speaks: every request names it, the probe asks for it alone. */
  pinVersion?: string;
}

export type EmulationSwitch = "noMrtr" | "omitParamHeaders" | "firstPageOnly";

/**
 * What a switch is called, what the client then does, and how a report names it: catalogue keys
 * (checksMore.emulation.<switch or "pin">.<part>), so the page, the CLI's --help and every report say the same words.
 */
export type EmulationPart = "label" | "does" | "report";
export function emulationWords(which: EmulationSwitch | "pin", part: EmulationPart, t: Translate = englishT): string {
  return t(`checksMore.emulation.${which}.${part}`);
}

/** The on/off switches: the CLI flag, the short label and what the client then does (shown on screen, in English). */
export const EMULATION_SWITCHES: readonly {
  key: EmulationSwitch;
  flag: string;
  label: string;
  does: string;
  report: string;
}[] = (
  [
    ["noMrtr", "no-mrtr"],
    ["omitParamHeaders", "omit-param-headers"],
    ["firstPageOnly", "first-page-only"],
  ] as const
).map(([key, flag]) => ({
  key,
  flag,
  label: emulationWords(key, "label"),
  does: emulationWords(key, "does"),
  report: emulationWords(key, "report"),
}));

export const PIN_VERSION = {
  flag: "pin-version",
  label: emulationWords("pin", "label"),
  does: emulationWords("pin", "does"),
} as const;

/** The input capabilities a client without MRTR support cannot declare. */
export const INPUT_CAPABILITIES = ["elicitation", "sampling", "roots"] as const;

/** Only what is switched on, or undefined when nothing is (a report then says nothing about emulation). */
export function activeEmulation(e: Emulation | undefined): Emulation | undefined {
  if (!e) return undefined;
  const out: Emulation = {};
  for (const s of EMULATION_SWITCHES) if (e[s.key] === true) out[s.key] = true;
  const pin = e.pinVersion?.trim();
  if (pin) out.pinVersion = pin;
  return Object.keys(out).length ? out : undefined;
}

/** The emulation in words, e.g. "no MRTR support (no input capabilities declared), first page of lists only". */
export function emulationText(e: Emulation, t: Translate = englishT): string {
  const parts = EMULATION_SWITCHES.filter((s) => e[s.key] === true).map((s) => emulationWords(s.key, "report", t));
  if (e.pinVersion) parts.push(t("checksMore.emulation.pin.report", { version: e.pinVersion }));
  return parts.join(", ");
}

/** The capabilities without the input ones when the client has no MRTR support. */
export function emulatedCapabilities<T extends Record<string, unknown>>(capabilities: T, e: Emulation | undefined): T {
  if (!e?.noMrtr) return capabilities;
  const out = { ...capabilities };
  for (const k of INPUT_CAPABILITIES) delete out[k];
  return out;
}

/**
 * A request frame as the emulated client would send it: input capabilities taken out of the envelope (no
 * MRTR), the envelope's protocolVersion replaced by the pin. Returns the draft unchanged when nothing applies
 * (not JSON, not a request, no envelope), with one note per change for the exchange card. Reads the draft's
 * value: nothing is parsed here.
 */
export function emulateDraft(draft: FrameDraft, e: Emulation | undefined): { draft: FrameDraft; changes: string[] } {
  if (!e || (!e.noMrtr && !e.pinVersion) || !draft.json.ok) return { draft, changes: [] };
  const obj = asObject(draft.json.value);
  const meta = asObject(asObject(obj?.params)?._meta);
  if (!obj || typeof obj.method !== "string" || !meta) return { draft, changes: [] };
  const changes: string[] = [];
  const next: JsonObject = { ...meta };
  const caps = asObject(meta[META_KEYS.clientCapabilities]);
  if (e.noMrtr && caps) {
    const dropped = INPUT_CAPABILITIES.filter((k) => k in caps);
    if (dropped.length) {
      next[META_KEYS.clientCapabilities] = emulatedCapabilities(caps, e);
      changes.push(`no MRTR support: took ${dropped.join(", ")} out of clientCapabilities`);
    }
  }
  if (e.pinVersion && meta[META_KEYS.protocolVersion] !== e.pinVersion) {
    next[META_KEYS.protocolVersion] = e.pinVersion;
    changes.push(
      `protocolVersion pinned to ${e.pinVersion} (the frame said ${JSON.stringify(meta[META_KEYS.protocolVersion] ?? null)})`,
    );
  }
  if (!changes.length) return { draft, changes };
  const params = { ...asObject(obj.params), _meta: next };
  // Keep the author's layout: a one-line frame stays on one line, a pretty one stays pretty.
  const out = { ...obj, params };
  const text = draft.text.includes("\n") ? JSON.stringify(out, null, 2) : JSON.stringify(out);
  return { draft: draftOfValue(out, text), changes };
}

/** emulateDraft for a frame that is only text (the CLI's --frame): parsed here, once. */
export function emulateFrame(text: string, e: Emulation | undefined): { text: string; changes: string[] } {
  if (!e || (!e.noMrtr && !e.pinVersion)) return { text, changes: [] };
  const { draft, changes } = emulateDraft(draftFrame(text), e);
  return { text: draft.text, changes };
}
