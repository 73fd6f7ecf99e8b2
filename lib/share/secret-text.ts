/**
 * What a secret looks like (header names, token shapes, `NAME=value`, `--flag value`, secrets inside URLs) and the
 * collector that notes each removed value with every spelling of it. The rules are listed in secrets.ts. Pure.
 */
import { SESSION_HEADER, TOKEN_HEADER } from "../bridge/contract";
import { msg, say, type Msg } from "../i18n/translate";

export const LEFT_OUT = "[left out of the link]";

const ALWAYS_SENSITIVE_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "mcp-session-id",
  TOKEN_HEADER,
  SESSION_HEADER,
]);

const SECRET_WORDS =
  /(auth|token|secret|passw|passwd|pwd|credential|cookie|session|signature|bearer|jwt|private|api-?key|apikey|access-?key)/i;
/** "key" only as a whole word (SSH_KEY, X-Key), not inside MONKEY or KEYBOARD. */
const KEY_WORD = /(^|[^a-z])keys?($|[^a-z])/i;

const AUTH_SCHEME_VALUE = /^\s*(bearer|basic|token|digest|negotiate|apikey|api-key)\s+\S/i;

/**
 * Values shorter than this are not hunted for elsewhere in the state ("1" or "true" would match everywhere):
 * an env value, which is removed whether or not it is a secret. A value removed because it *is* a secret
 * (a password, a secret flag's value) is hunted down from MIN_SECRET_SCRUB_LENGTH on ("k123"); shorter ones
 * are still removed where they stand, labels included.
 */
const MIN_SCRUB_LENGTH = 8;
const MIN_SECRET_SCRUB_LENGTH = 4;

/** Shapes of well-known credentials: removed wherever they appear, whatever names them. */
export const TOKEN_SHAPES = [
  /\bsk-[A-Za-z0-9_-]{10,}/g, // OpenAI, Anthropic (sk-proj-…, sk-ant-…)
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}/g, // Stripe
  /\bgh[pousr]_[A-Za-z0-9]{16,}/g, // GitHub
  /\bgithub_pat_[A-Za-z0-9_]{16,}/g,
  /\bglpat-[A-Za-z0-9_-]{16,}/g, // GitLab
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack
  /\bhf_[A-Za-z0-9]{16,}/g, // Hugging Face
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key id
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google API key
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWT
];

export function looksLikeToken(value: string): boolean {
  return TOKEN_SHAPES.some((shape) => value.match(shape) !== null);
}

/** `NAME=value` (optionally `export NAME=…`) at the start of a word, in argv or in command text. */
const ASSIGNMENT = /(^|[\s;&|(`])(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)=("[^"]*"|'[^']*'|[^\s;&|'"`)]+)/g;
/** `--flag value` or `--flag=value` inside command text. */
const FLAG_IN_TEXT = /(^|[\s;&|(`])(--?[A-Za-z0-9][\w.-]*)(?:=|\s+)("[^"]*"|'[^']*'|[^\s;&|'"`)-][^\s;&|'"`)]*)/g;

const unquote = (v: string) => (/^(["']).*\1$/s.test(v) ? v.slice(1, -1) : v);

export function nameSuggestsSecret(name: string): boolean {
  const spaced = name.replace(/[_.]/g, "-");
  return SECRET_WORDS.test(spaced) || KEY_WORD.test(spaced);
}

export function isSensitiveHeader(name: string, value = ""): boolean {
  return (
    ALWAYS_SENSITIVE_HEADERS.has(name.toLowerCase()) ||
    nameSuggestsSecret(name) ||
    AUTH_SCHEME_VALUE.test(value) ||
    looksLikeToken(value)
  );
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

export class Collector {
  /** One line per thing left out, in English (links and session files keep these). */
  readonly omitted: string[] = [];
  /** The same lines as Msgs (share.omit.*), for the Share dialog in the reader's language. */
  readonly omittedMsgs: Msg[] = [];
  readonly values = new Set<string>();
  /** `secret`: the value was removed because it is one (so short values count, in every spelling). */
  note(line: Msg, value?: string, secret = true) {
    const english = say(line);
    if (!this.omitted.includes(english)) {
      this.omitted.push(english);
      this.omittedMsgs.push(line);
    }
    if (value === undefined) return;
    const min = secret ? MIN_SECRET_SCRUB_LENGTH : MIN_SCRUB_LENGTH;
    const forms = secret
      ? [value, safeDecode(value), decodeURIComponentSafe(value), encodeURIComponent(value)]
      : [value];
    for (const form of forms) if (form.length >= min) this.values.add(form);
  }
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Secrets inside free text (one argv element, an `sh -c` script, a header value, a label): token shapes,
 * `NAME=value` with a secret NAME, `--secret-flag value`. Each is noted and replaced.
 */
export function stripText(text: string, where: Msg, c: Collector): string {
  let out = text.replace(URL_IN_TEXT, (url) => stripUrl(url, where, c));
  const remove = (value: string, line: Msg) => {
    if (value === "" || value === LEFT_OUT) return;
    c.note(line, value);
    out = out.split(value).join(LEFT_OUT);
  };
  for (const shape of TOKEN_SHAPES)
    for (const m of text.matchAll(shape)) remove(m[0], msg("share.omit.tokenShaped", { where }));
  for (const m of text.matchAll(ASSIGNMENT))
    if (nameSuggestsSecret(m[2])) remove(unquote(m[3]), msg("share.omit.valueOf", { where, name: `${m[2]}=` }));
  for (const m of text.matchAll(FLAG_IN_TEXT))
    if (nameSuggestsSecret(m[2].replace(/^-+/, "")))
      remove(unquote(m[3]), msg("share.omit.valueOf", { where, name: m[2] }));
  return out;
}

/** A URL inside free text (an argv element, an `sh -c` script): any scheme, up to whitespace or a quote. */
const URL_IN_TEXT = /\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s'"`]+/g;

/**
 * A path segment that is a secret by its shape: capability URLs carry their key there (/s/<32 hex>/mcp). Hex runs of 32
 * or more (dashes ignored, so UUIDs count), or 24+ base64url characters mixing upper case, lower case and digits.
 */
function looksLikeOpaqueSecret(segment: string): boolean {
  const word = safeDecode(segment);
  if (/^[0-9a-f]{32,}$/i.test(word.replace(/-/g, "")) && /\d/.test(word)) return true;
  return /^[A-Za-z0-9_-]{24,}$/.test(word) && /[a-z]/.test(word) && /[A-Z]/.test(word) && /\d/.test(word);
}

/** Secret parameters in a query or a fragment (`#access_token=…`): names that suggest a secret, values shaped like a token. */
function secretParams(params: URLSearchParams, rawPart: string, line: Msg, c: Collector): boolean {
  const rawValues = new Map<string, string[]>();
  for (const pair of rawPart.split("&")) {
    const eq = pair.indexOf("=");
    if (eq > 0)
      rawValues.set(safeDecode(pair.slice(0, eq)), [
        ...(rawValues.get(safeDecode(pair.slice(0, eq))) ?? []),
        pair.slice(eq + 1),
      ]);
  }
  let changed = false;
  for (const name of [...new Set(params.keys())]) {
    const values = params.getAll(name);
    if (nameSuggestsSecret(name) || values.some(looksLikeToken)) {
      for (const value of [...values, ...(rawValues.get(name) ?? [])])
        c.note(msg("share.omit.param", { line, name }), value);
      params.delete(name);
      changed = true;
    }
  }
  return changed;
}

export function stripUrl(raw: string, where: Msg, c: Collector): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  let changed = false;
  if (url.username || url.password) {
    c.note(msg("share.omit.userinfo", { where }), url.password || undefined); // raw; note() adds the decoded form
    url.username = "";
    url.password = "";
    changed = true;
  }
  // Raw (as written) values too: `?key=a%2Bb` must not survive as "a%2Bb" when "a+b" is removed.
  const query = new URLSearchParams(url.search);
  if (secretParams(query, url.search.slice(1), msg("share.omit.queryParam", { where }), c)) {
    url.search = query.toString();
    changed = true;
  }
  if (url.hash.includes("=")) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    if (secretParams(fragment, url.hash.slice(1), msg("share.omit.fragmentParam", { where }), c)) {
      url.hash = fragment.toString();
      changed = true;
    }
  } else if (url.hash.length > 1 && (looksLikeOpaqueSecret(url.hash.slice(1)) || looksLikeToken(url.hash))) {
    c.note(msg("share.omit.fragment", { where }), url.hash.slice(1));
    url.hash = "";
    changed = true;
  }
  const opaque = url.pathname.split("/").filter(looksLikeOpaqueSecret);
  let out = changed ? url.toString() : raw;
  for (const segment of opaque) {
    c.note(msg("share.omit.pathSegment", { where }), segment);
    out = out.split(`/${segment}`).join(`/${LEFT_OUT}`);
  }
  return out;
}
/** argv: `--api-key X` and `--token=X` keep the flag, lose the value; each element is also searched as text. */
export function stripArgv(argv: string[], where: Msg, c: Collector): string[] {
  const out = argv.map((arg) => stripText(arg, where, c));
  for (let i = 0; i < out.length; i++) {
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=(.*))?$/s.exec(out[i]);
    if (!flag || !nameSuggestsSecret(flag[1].replace(/^-+/, ""))) continue;
    if (flag[2] !== undefined) {
      if (flag[3] === "") continue;
      c.note(msg("share.omit.valueOf", { where, name: flag[1] }), flag[3]);
      out[i] = `${flag[1]}=`;
    } else if (i + 1 < out.length && !out[i + 1].startsWith("-") && out[i + 1] !== LEFT_OUT) {
      c.note(msg("share.omit.valueOf", { where, name: flag[1] }), out[i + 1]);
      out[i + 1] = "";
      i++;
    }
  }
  return out;
}
