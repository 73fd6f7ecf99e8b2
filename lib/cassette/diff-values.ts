/**
 * The cassette diff's classification of one difference between a recorded and a live value (diff.ts lists what is
 * breaking), and the shapes of its report. Pure.
 */
import { msg, say, type Msg } from "../i18n/translate";
import { canonicalJson, type JsonObject } from "../protocol/json";

export interface Difference {
  kind: string;
  path: string;
  /** In English (the CLI's --json, JUnit); `detailMsg` says the same in the reader's language (diffDetail.*). */
  detail: string;
  detailMsg: Msg;
  /** Index of the cassette interaction it was found in. */
  interaction?: number;
  /** Other interactions that fail because of it (a recorded call of a removed tool), told in `detail`, not counted again. */
  alsoBreaks?: number[];
}

export interface DiffReport {
  breaking: Difference[];
  nonBreaking: Difference[];
  /** Interactions answered identically (ids aside). */
  same: number;
  compared: number;
}

export interface DiffPair {
  /** Index in the cassette's interactions. */
  index: number;
  request: JsonObject;
  /** The recorded answer frame (result or error). */
  recorded: JsonObject;
  live: { frame?: JsonObject; failure?: string };
}

export type Sink = { breaking: Difference[]; nonBreaking: Difference[]; index: number };

const WORDING_KEYS = new Set(["description", "title"]);
const ID_OR_TIME_KEY = /(^id$|Id$|_id$|^uuid$|At$|_at$|^timestamp$|^time$|^date$|^created|^updated|^etag$)/i;
const TIMESTAMP_VALUE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function typeOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

export function add(sink: Sink, breaking: boolean, kind: string, path: string, detailMsg: Msg): void {
  const detail = say(detailMsg);
  (breaking ? sink.breaking : sink.nonBreaking).push({ kind, path, detail, detailMsg, interaction: sink.index });
}

/** A difference's detail in the reader's language (English by default, as in the CLI's --json). */
export function sayDetail(d: Difference, t?: Parameters<typeof say>[1]): string {
  return say(d.detailMsg, t);
}

export function short(v: unknown): string {
  const text = JSON.stringify(v) ?? "undefined";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Any two JSON values: shape changes break, wording and values do not. */
export function compareValues(a: unknown, b: unknown, path: string, sink: Sink): void {
  const ta = typeOf(a);
  const tb = typeOf(b);
  const key = path.slice(path.lastIndexOf(".") + 1);
  if (ta !== tb)
    return add(
      sink,
      true,
      "type-changed",
      path,
      msg("diffDetail.typeChanged", { was: `${ta} ${short(a)}`, now: `${tb} ${short(b)}` }),
    );
  if (ta === "object") {
    const oa = a as JsonObject;
    const ob = b as JsonObject;
    for (const k of Object.keys(oa)) {
      const p = `${path}.${k}`;
      if (!(k in ob)) {
        if (WORDING_KEYS.has(k)) add(sink, false, "description-changed", p, msg("diffDetail.wordingRemoved"));
        else add(sink, true, "field-removed", p, msg("diffDetail.fieldGoneWas", { was: short(oa[k]) }));
      } else compareValues(oa[k], ob[k], p, sink);
    }
    for (const k of Object.keys(ob))
      if (!(k in oa))
        add(sink, false, "field-added", `${path}.${k}`, msg("diffDetail.fieldNew", { value: short(ob[k]) }));
    return;
  }
  if (ta === "array") {
    const xa = a as unknown[];
    const xb = b as unknown[];
    if (canonicalJson(xa) === canonicalJson(xb)) return;
    const sorted = (x: unknown[]) => x.map(canonicalJson).sort().join("\n");
    if (xa.length === xb.length && sorted(xa) === sorted(xb))
      return add(sink, false, "order-changed", path, msg("diffDetail.orderChanged"));
    for (let i = 0; i < Math.min(xa.length, xb.length); i++) compareValues(xa[i], xb[i], `${path}[${i}]`, sink);
    if (xb.length > xa.length)
      add(sink, false, "items-added", path, msg("diffDetail.itemsAdded", { count: xb.length - xa.length }));
    if (xb.length < xa.length)
      add(sink, false, "items-removed", path, msg("diffDetail.itemsRemoved", { count: xa.length - xb.length }));
    return;
  }
  if (a === b) return;
  const change = msg("diffDetail.changed", { was: short(a), now: short(b) });
  if (WORDING_KEYS.has(key)) return add(sink, false, "description-changed", path, change);
  const idOrTime =
    ID_OR_TIME_KEY.test(key) ||
    (typeof a === "string" && TIMESTAMP_VALUE.test(a) && typeof b === "string" && TIMESTAMP_VALUE.test(b));
  add(sink, false, idOrTime ? "id-or-timestamp-changed" : "value-changed", path, change);
}

export function rest(obj: JsonObject, ...without: string[]): JsonObject {
  return Object.fromEntries(Object.entries(obj).filter(([k]) => !without.includes(k)));
}

/**
 * One JSON Schema node (an argument, an output field): its `type` changing, or an `enum` losing values, breaks; nested
 * properties and items are compared the same way; every other keyword is compared as a value (wording, not shape).
 */
