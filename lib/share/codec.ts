/**
 * The share link codec: ShareState ⇄ URL fragment. Public format, documented in docs/link-format.md.
 *
 *   #v=1&s=<base64url of raw DEFLATE of the v1 JSON payload>      (current)
 *   #code=<lz-string of the editor text>&target=<preset>          (v0, read-only)
 *
 * Decoding treats the fragment as hostile: sizes are checked before each step, the payload is only ever
 * JSON.parse'd and validated (never evaluated), and every failure carries a reason a person can act on.
 * Pure: takes and returns strings; the caller reads and writes location.hash.
 */
import type { z } from "zod";
import { deflateToLink, inflateFromLink } from "./deflate";
import { inflateFromLink as inflateLz } from "./lz";
import { SHARE_LIMITS } from "./limits";
import { valueNestsDeeperThan } from "../protocol/json-depth";
import { firstIssue } from "../protocol/issues";
import { stripSecrets, type StripOptions } from "./secrets";
import { msg, say, type Msg } from "../i18n/translate";
import { fitForReaderAsync } from "./fit";
import type { ShareState } from "./state";
import { PayloadV0Schema, migrateV0toV1 } from "./v0";
import { PayloadV1Schema, fromPayloadV1, type PayloadV1 } from "./v1";

export const CURRENT_VERSION = 1;

export interface EncodedLink {
  /** Starts with "#". */
  fragment: string;
  /** The state as the link holds it (secrets removed). */
  state: ShareState;
  /** What was left out, one line each, in English; `omittedMsgs` the same for the Share dialog in the reader's language. */
  omitted: string[];
  omittedMsgs: Msg[];
}

/** UTF-8 bytes of `text` (what the reader's inflate counts), without encoding when it cannot matter. */
function utf8Bytes(text: string): number {
  return text.length * 3 <= SHARE_LIMITS.maxJsonChars ? text.length : new TextEncoder().encode(text).length;
}

/**
 * The link for a state, fitted to what a reader opens: exchanges the reader would refuse, then the oldest ones while
 * the fragment is over SHARE_LIMITS.maxFragmentChars, are left out and named (lib/share/fit.ts), in the link's
 * `omitted` and in `omittedMsgs` for the Share dialog.
 */
export async function encodeShareFragment(state: ShareState, options: StripOptions = {}): Promise<EncodedLink> {
  const stripped = stripSecrets(state, options);
  // A payload over the reader's inflated bound gets no link (null); each payload is encoded once.
  const made = new WeakMap<PayloadV1, string | null>();
  const fragmentOf = async (p: PayloadV1): Promise<string | null> => {
    if (!made.has(p)) {
      const json = JSON.stringify(p);
      made.set(
        p,
        utf8Bytes(json) > SHARE_LIMITS.maxJsonChars ? null : `#v=${CURRENT_VERSION}&s=${await deflateToLink(json)}`,
      );
    }
    return made.get(p)!;
  };
  const fitted = await fitForReaderAsync(
    stripped.state,
    async (p) => {
      const fragment = await fragmentOf(p);
      return fragment !== null && fragment.length <= SHARE_LIMITS.maxFragmentChars;
    },
    msg("share.omit.why.link", { max: SHARE_LIMITS.maxFragmentChars }),
  );
  // Nothing fits (a state over the limits without any exchange): the link is written anyway and its reader says why.
  const fragment =
    (await fragmentOf(fitted.payload)) ??
    `#v=${CURRENT_VERSION}&s=${await deflateToLink(JSON.stringify(fitted.payload))}`;
  return {
    fragment,
    state: fitted.state,
    omitted: [...stripped.omitted, ...fitted.leftOut.map((m) => say(m))],
    omittedMsgs: [...stripped.omittedMsgs, ...fitted.leftOut],
  };
}

/** The page URL with its fragment replaced. */
export function withFragment(pageUrl: string, fragment: string): string {
  const hash = pageUrl.indexOf("#");
  return (hash === -1 ? pageUrl : pageUrl.slice(0, hash)) + fragment;
}

export type DecodedLink =
  /** The fragment is empty or not a playground link (e.g. "#top"): load the default page silently. */
  | { kind: "none" }
  | { kind: "ok"; state: ShareState; version: number; migratedFrom?: number }
  /** Show `could not load this link: ${reason}` and the default page. */
  | { kind: "error"; reason: string };

const fail = (reason: string): DecodedLink => ({ kind: "error", reason });

/** Splits `a=1&b=2` on the first "=" of each part. No URLSearchParams: it would turn the payload's "+" into spaces. */
export function parseFragment(
  fragment: string,
): { ok: true; params: Map<string, string> } | { ok: false; reason: string } {
  const body = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  const params = new Map<string, string>();
  for (const part of body.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = eq === -1 ? part : part.slice(0, eq);
    let value = eq === -1 ? "" : part.slice(eq + 1);
    if (value.includes("%")) {
      try {
        value = decodeURIComponent(value);
      } catch {
        return { ok: false, reason: `the "${key.slice(0, 40)}" part has a broken %-escape` };
      }
    }
    if (params.has(key)) return { ok: false, reason: `the "${key.slice(0, 40)}" part appears twice` };
    params.set(key, value);
  }
  return { ok: true, params };
}

function describeIssue(error: z.ZodError): string {
  const { path, message, more } = firstIssue(error.issues);
  return `${path ? `the field ${path}` : "the state"} is invalid: ${message}${more}`;
}

/** JSON text (from a link or a session file) → validated JSON value, with a reason when it is not. */
export function parsePayloadJson(
  json: string,
  source: "link" | "file",
): { ok: true; value: unknown } | { ok: false; reason: string } {
  if (json.length > SHARE_LIMITS.maxJsonChars)
    return {
      ok: false,
      reason: `the ${source} holds more than ${SHARE_LIMITS.maxJsonChars.toLocaleString("en-US")} characters of state`,
    };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // V8 says "Unexpected end of JSON input" or names a position at the very end when the text stops early.
    const at = /position (\d+)/.exec(message);
    const endsEarly =
      /end of (json )?(data|input)/i.test(message) || (at !== null && Number(at[1]) >= json.trimEnd().length);
    const cut = endsEarly ? (source === "link" ? "; the link was probably cut off" : "; the file is incomplete") : "";
    return { ok: false, reason: `the state is not valid JSON (${message.slice(0, 120)})${cut}` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, reason: "the state must be a JSON object" };
  if (valueNestsDeeperThan(value, SHARE_LIMITS.maxDepth + 8))
    return { ok: false, reason: `the state nests deeper than ${SHARE_LIMITS.maxDepth} levels` };
  return { ok: true, value };
}

/** A parsed payload of a known version → ShareState (validated, migrated). */
export function stateFromPayload(
  version: number,
  value: unknown,
): { ok: true; state: ShareState } | { ok: false; reason: string } {
  let v1: PayloadV1;
  if (version === 0) {
    const parsed = PayloadV0Schema.safeParse(value);
    if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error) };
    v1 = migrateV0toV1(parsed.data);
  } else {
    const parsed = PayloadV1Schema.safeParse(value);
    if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error) };
    v1 = parsed.data;
  }
  return { ok: true, state: fromPayloadV1(v1) };
}

export async function decodeShareFragment(fragment: string): Promise<DecodedLink> {
  if (fragment.length > SHARE_LIMITS.maxFragmentChars) {
    return fail(
      `it is ${fragment.length.toLocaleString("en-US")} characters long, over the ${SHARE_LIMITS.maxFragmentChars.toLocaleString("en-US")}-character limit`,
    );
  }
  const split = parseFragment(fragment);
  if (!split.ok) return fail(split.reason);
  const { params } = split;
  const v = params.get("v");
  const s = params.get("s");

  if (v === undefined && s === undefined) {
    const code = params.get("code");
    if (code === undefined) return { kind: "none" };
    const text = inflateLz(code, SHARE_LIMITS.maxJsonChars);
    if (!text.ok) return fail(text.reason.replace("the compressed state", "the compressed editor text (code=)"));
    const state = stateFromPayload(0, {
      code: text.text,
      ...(params.has("target") ? { target: params.get("target") } : {}),
    });
    return state.ok ? { kind: "ok", state: state.state, version: 0, migratedFrom: 0 } : fail(state.reason);
  }
  if (v === undefined) return fail("it has a state (s=) but no format version (v=)");
  if (!/^\d{1,6}$/.test(v)) return fail(`its format version "${v.slice(0, 20)}" is not a number`);
  const version = Number(v);
  if (version > CURRENT_VERSION)
    return fail(
      `it was made by a newer playground (format v${version}); this one reads formats up to v${CURRENT_VERSION}`,
    );
  if (version < 1) return fail(`format v${version} links carry code= and target=, not s=`);
  if (s === undefined || s === "") return fail("the state (s=) is missing; the link was probably cut off");
  const json = await inflateFromLink(s, SHARE_LIMITS.maxJsonChars);
  if (!json.ok) return fail(json.reason);
  const parsed = parsePayloadJson(json.text, "link");
  if (!parsed.ok) return fail(parsed.reason);
  const state = stateFromPayload(version, parsed.value);
  return state.ok ? { kind: "ok", state: state.state, version } : fail(state.reason);
}

/** The line the page shows for a bad link. */
export function linkErrorMessage(reason: string): string {
  return `could not load this link: ${reason}`;
}
