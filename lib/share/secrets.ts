/**
 * Secrets never go into a link or a session file. This module removes them from a ShareState and returns the
 * list of what it left out, worded for the Share dialog. Rules (docs/link-format.md, "What a link never holds"):
 *
 * - headers: Authorization, Proxy-Authorization, Cookie, Set-Cookie, Mcp-Session-Id, the playground token, and any
 *   header whose name suggests a secret (token, secret, password, key, auth, session, credential, signature…) or
 *   whose value starts with an auth scheme (Bearer, Basic, Token…);
 * - stdio env: every value (keys stay, so the confirmation dialog can show them);
 * - URLs (a target URL, or one inside an argument such as postgresql://user:password@host/db): user:password@, query
 *   and fragment parameters (#access_token=…) whose names suggest a secret or whose values look like a token, and
 *   path segments shaped like an opaque secret (32+ hex digits, or a long random-looking base64url word);
 * - argv, and command text inside an argument (`sh -c "…"`): the value of a flag whose name suggests a secret
 *   (--api-key X, --token=X), `NAME=value` when NAME suggests a secret (API_KEY=…), and token-shaped values;
 * - values shaped like well-known credentials (sk-…, ghp_…, xoxb-…, AKIA…, JWTs) anywhere, in any header;
 * - each exchange's target label, rebuilt from the stripped target (or stripped like a URL or a command line);
 * - every other occurrence of a removed value, raw and percent-decoded/encoded (or of a caller-supplied secret
 *   such as the playground token) anywhere else in the state, frames and wire text included.
 * Pure.
 */
import { SESSION_HEADER, TOKEN_HEADER, type Target, type WireEvent } from "../bridge/contract";
import { targetLabel } from "../bridge/target";
import type { RecordedExchange, ShareState } from "./state";
import { joinCommandLine, splitCommandLine } from "../bridge/command-line";

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
const TOKEN_SHAPES = [
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

export interface StripOptions {
  /** Strings to remove wherever they appear (the playground token, a key the user typed). */
  knownSecrets?: string[];
}

export interface Stripped {
  state: ShareState;
  /** One line per thing left out, for the Share dialog. */
  omitted: string[];
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

class Collector {
  readonly omitted: string[] = [];
  readonly values = new Set<string>();
  /** `secret`: the value was removed because it is one (so short values count, in every spelling). */
  note(line: string, value?: string, secret = true) {
    if (!this.omitted.includes(line)) this.omitted.push(line);
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
function stripText(text: string, where: string, c: Collector): string {
  let out = text.replace(URL_IN_TEXT, (url) => stripUrl(url, where, c));
  const remove = (value: string, line: string) => {
    if (value === "" || value === LEFT_OUT) return;
    c.note(line, value);
    out = out.split(value).join(LEFT_OUT);
  };
  for (const shape of TOKEN_SHAPES)
    for (const m of text.matchAll(shape)) remove(m[0], `${where}: a value shaped like an API token`);
  for (const m of text.matchAll(ASSIGNMENT))
    if (nameSuggestsSecret(m[2])) remove(unquote(m[3]), `${where}: the value of ${m[2]}=`);
  for (const m of text.matchAll(FLAG_IN_TEXT))
    if (nameSuggestsSecret(m[2].replace(/^-+/, ""))) remove(unquote(m[3]), `${where}: the value of ${m[2]}`);
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
function secretParams(params: URLSearchParams, rawPart: string, line: string, c: Collector): boolean {
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
      for (const value of [...values, ...(rawValues.get(name) ?? [])]) c.note(`${line} "${name}"`, value);
      params.delete(name);
      changed = true;
    }
  }
  return changed;
}

function stripUrl(raw: string, where: string, c: Collector): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  let changed = false;
  if (url.username || url.password) {
    c.note(`${where}: the user name and password in the URL`, url.password || undefined); // raw; note() adds the decoded form
    url.username = "";
    url.password = "";
    changed = true;
  }
  // Raw (as written) values too: `?key=a%2Bb` must not survive as "a%2Bb" when "a+b" is removed.
  const query = new URLSearchParams(url.search);
  if (secretParams(query, url.search.slice(1), `${where}: the query parameter`, c)) {
    url.search = query.toString();
    changed = true;
  }
  if (url.hash.includes("=")) {
    const fragment = new URLSearchParams(url.hash.slice(1));
    if (secretParams(fragment, url.hash.slice(1), `${where}: the fragment parameter`, c)) {
      url.hash = fragment.toString();
      changed = true;
    }
  } else if (url.hash.length > 1 && (looksLikeOpaqueSecret(url.hash.slice(1)) || looksLikeToken(url.hash))) {
    c.note(`${where}: the URL fragment (it looks like a secret)`, url.hash.slice(1));
    url.hash = "";
    changed = true;
  }
  const opaque = url.pathname.split("/").filter(looksLikeOpaqueSecret);
  let out = changed ? url.toString() : raw;
  for (const segment of opaque) {
    c.note(`${where}: a path segment that looks like a secret key`, segment);
    out = out.split(`/${segment}`).join(`/${LEFT_OUT}`);
  }
  return out;
}
/** argv: `--api-key X` and `--token=X` keep the flag, lose the value; each element is also searched as text. */
function stripArgv(argv: string[], where: string, c: Collector): string[] {
  const out = argv.map((arg) => stripText(arg, where, c));
  for (let i = 0; i < out.length; i++) {
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=(.*))?$/s.exec(out[i]);
    if (!flag || !nameSuggestsSecret(flag[1].replace(/^-+/, ""))) continue;
    if (flag[2] !== undefined) {
      if (flag[3] === "") continue;
      c.note(`${where}: the value of ${flag[1]}`, flag[3]);
      out[i] = `${flag[1]}=`;
    } else if (i + 1 < out.length && !out[i + 1].startsWith("-") && out[i + 1] !== LEFT_OUT) {
      c.note(`${where}: the value of ${flag[1]}`, out[i + 1]);
      out[i + 1] = "";
      i++;
    }
  }
  return out;
}

function stripTarget(target: Target, c: Collector): Target {
  switch (target.kind) {
    case "demo":
    case "replay":
      return { ...target };
    case "stdio": {
      const next: Target = { ...target, args: stripArgv(target.args, "command", c) };
      if (target.env) {
        next.env = Object.fromEntries(Object.keys(target.env).map((k) => [k, ""]));
        for (const [k, v] of Object.entries(target.env))
          if (v !== "")
            c.note(
              `env ${k}: its value (env values are never shared; the key is kept)`,
              v,
              nameSuggestsSecret(k) || looksLikeToken(v),
            );
      }
      return next;
    }
    case "http": {
      const next: Target = { ...target, url: stripUrl(target.url, "target URL", c) };
      if (target.headers) {
        const kept: Record<string, string> = {};
        for (const [k, v] of Object.entries(target.headers)) {
          if (isSensitiveHeader(k, v)) c.note(`target header ${k} (credentials are never shared)`, v);
          else kept[k] = v;
        }
        next.headers = kept;
      }
      return next;
    }
  }
}

function stripHeaderList(headers: [string, string][], where: string, c: Collector): [string, string][] {
  return headers.map(([k, v]) => {
    if (!isSensitiveHeader(k, v) || v === LEFT_OUT) return [k, v];
    c.note(`${where}: the value of header ${k}`, v);
    return [k, LEFT_OUT];
  });
}

function stripEvent(e: WireEvent, where: string, c: Collector): WireEvent {
  switch (e.kind) {
    case "spawn":
      return { ...e, argv: stripArgv(e.argv, `${where} (spawned command)`, c) };
    case "http-request":
      return {
        ...e,
        url: stripUrl(e.url, `${where} (request URL)`, c),
        headers: stripHeaderList(e.headers, `${where} (request)`, c),
      };
    case "http-response":
      return { ...e, headers: stripHeaderList(e.headers, `${where} (response)`, c) };
    default:
      return e;
  }
}

/**
 * An exchange's target label: the stripped target's own label when it was recorded against the shared target,
 * otherwise stripped as what it is (a URL, or a command line joined with spaces).
 */
function stripLabel(
  label: string,
  target: { original: Target; stripped: Target },
  where: string,
  c: Collector,
): string {
  if (label === targetLabel(target.original)) return targetLabel(target.stripped);
  if (/^https?:\/\//i.test(label)) return stripText(stripUrl(label, where, c), where, c);
  // Labels quote the words that need it (targetLabel); an older unquoted one that does not split is split on spaces.
  const split = splitCommandLine(label);
  return joinCommandLine(stripArgv(split.ok ? split.argv : label.split(" "), where, c));
}

function stripExchange(
  x: RecordedExchange,
  index: number,
  target: { original: Target; stripped: Target },
  c: Collector,
): RecordedExchange {
  const where = `exchange ${index + 1}`;
  // An exchange may carry its own target (a link replays each frame to it): its label follows that one.
  const own = x.target ? { original: x.target, stripped: stripTarget(x.target, c) } : target;
  const next: RecordedExchange = {
    ...x,
    targetLabel: stripLabel(x.targetLabel, own, `${where} (target)`, c),
    events: x.events.map((e) => stripEvent(e, where, c)),
  };
  if (x.target) next.target = own.stripped;
  if (x.http?.sessionId) {
    c.note(`${where}: the Mcp-Session-Id the server minted`, x.http.sessionId);
    next.http = { ...x.http, sessionId: LEFT_OUT };
  }
  return next;
}

/** Replaces every occurrence of each value, and every token-shaped value, in every string of a JSON-like value (keys included). */
function scrub<T>(value: T, secrets: string[], count: { n: number }): T {
  const fix = (s: string): string => {
    let out = s;
    for (const secret of secrets) {
      if (out.includes(secret)) {
        count.n += out.split(secret).length - 1;
        out = out.split(secret).join(LEFT_OUT);
      }
    }
    for (const shape of TOKEN_SHAPES) {
      out = out.replace(shape, () => {
        count.n++;
        return LEFT_OUT;
      });
    }
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object")
      return Object.fromEntries(Object.entries(v).map(([k, inner]) => [fix(k), walk(inner)]));
    return v;
  };
  return walk(value) as T;
}

export function stripSecrets(state: ShareState, options: StripOptions = {}): Stripped {
  const c = new Collector();
  const target = { original: state.target, stripped: stripTarget(state.target, c) };
  const structural: ShareState = {
    ...state,
    target: target.stripped,
    exchanges: state.exchanges.map((x, i) => stripExchange(x, i, target, c)),
  };
  for (const s of options.knownSecrets ?? []) if (s.length > 0) c.values.add(s);
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...c.values].sort((a, b) => b.length - a.length);
  const count = { n: 0 };
  const { omitted: _previous, ...rest } = structural;
  const scrubbed = { ...scrub(rest, secrets, count), omitted: structural.omitted } as ShareState;
  void _previous;
  if (count.n > 0)
    c.note(
      `${count.n} other occurrence${count.n === 1 ? "" : "s"} of a removed secret (in frames, wire text or the editor)`,
    );
  const omitted = [...new Set([...state.omitted, ...c.omitted])];
  return { state: { ...scrubbed, omitted }, omitted: c.omitted };
}
