/**
 * Secrets never go into a link or a session file. This module removes them from a ShareState and returns the
 * list of what it left out, worded for the Share dialog. Rules (docs/link-format.md, "What a link never holds"):
 *
 * - headers: Authorization, Proxy-Authorization, Cookie, Set-Cookie, Mcp-Session-Id, the playground token, and any
 *   header whose name suggests a secret (token, secret, password, key, auth, session, credential, signature…) or
 *   whose value starts with an auth scheme (Bearer, Basic, Token…);
 * - stdio env: every value (keys stay, so the confirmation dialog can show them);
 * - URLs: user:password@ and query parameters whose names suggest a secret;
 * - argv: the value of a flag whose name suggests a secret (--api-key X, --token=X);
 * - every other occurrence of a removed value (or of a caller-supplied secret such as the playground token)
 *   anywhere else in the state, frames and wire text included.
 * Pure.
 */
import { TOKEN_HEADER, type Target, type WireEvent } from "../bridge/contract";
import type { RecordedExchange, ShareState } from "./state";

export const LEFT_OUT = "[left out of the link]";

const ALWAYS_SENSITIVE_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "mcp-session-id", TOKEN_HEADER]);

const SECRET_WORDS = /(auth|token|secret|passw|passwd|pwd|credential|cookie|session|signature|bearer|jwt|private|api-?key|apikey|access-?key)/i;
/** "key" only as a whole word (SSH_KEY, X-Key), not inside MONKEY or KEYBOARD. */
const KEY_WORD = /(^|[^a-z])keys?($|[^a-z])/i;

const AUTH_SCHEME_VALUE = /^\s*(bearer|basic|token|digest|negotiate|apikey|api-key)\s+\S/i;

/** Values shorter than this are not hunted for elsewhere in the state: "1" or "true" would match everywhere. */
const MIN_SCRUB_LENGTH = 8;

export function nameSuggestsSecret(name: string): boolean {
  const spaced = name.replace(/[_.]/g, "-");
  return SECRET_WORDS.test(spaced) || KEY_WORD.test(spaced);
}

export function isSensitiveHeader(name: string, value = ""): boolean {
  return ALWAYS_SENSITIVE_HEADERS.has(name.toLowerCase()) || nameSuggestsSecret(name) || AUTH_SCHEME_VALUE.test(value);
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

class Collector {
  readonly omitted: string[] = [];
  readonly values = new Set<string>();
  note(line: string, value?: string) {
    if (!this.omitted.includes(line)) this.omitted.push(line);
    if (value !== undefined && value.length >= MIN_SCRUB_LENGTH) this.values.add(value);
  }
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
    c.note(`${where}: the user name and password in the URL`, url.password ? decodeURIComponent(url.password) : undefined);
    url.username = "";
    url.password = "";
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (nameSuggestsSecret(name)) {
      c.note(`${where}: the query parameter "${name}"`, url.searchParams.get(name) ?? undefined);
      url.searchParams.delete(name);
      changed = true;
    }
  }
  return changed ? url.toString() : raw;
}

/** argv: `--api-key X` and `--token=X` keep the flag, lose the value. */
function stripArgv(argv: string[], where: string, c: Collector): string[] {
  const out = [...argv];
  for (let i = 0; i < out.length; i++) {
    const flag = /^(--?[A-Za-z0-9][\w.-]*)(=(.*))?$/s.exec(out[i]);
    if (!flag || !nameSuggestsSecret(flag[1].replace(/^-+/, ""))) continue;
    if (flag[2] !== undefined) {
      if (flag[3] === "") continue;
      c.note(`${where}: the value of ${flag[1]}`, flag[3]);
      out[i] = `${flag[1]}=`;
    } else if (i + 1 < out.length && !out[i + 1].startsWith("-")) {
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
      return { ...target };
    case "stdio": {
      const next: Target = { ...target, args: stripArgv(target.args, "command", c) };
      if (target.env) {
        next.env = Object.fromEntries(Object.keys(target.env).map((k) => [k, ""]));
        for (const [k, v] of Object.entries(target.env)) if (v !== "") c.note(`env ${k}: its value (env values are never shared; the key is kept)`, v);
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
      return { ...e, url: stripUrl(e.url, `${where} (request URL)`, c), headers: stripHeaderList(e.headers, `${where} (request)`, c) };
    case "http-response":
      return { ...e, headers: stripHeaderList(e.headers, `${where} (response)`, c) };
    default:
      return e;
  }
}

function stripExchange(x: RecordedExchange, index: number, c: Collector): RecordedExchange {
  const where = `exchange ${index + 1}`;
  const next: RecordedExchange = { ...x, events: x.events.map((e) => stripEvent(e, where, c)) };
  if (x.target) next.target = stripTarget(x.target, c);
  if (x.http?.sessionId) {
    c.note(`${where}: the Mcp-Session-Id the server minted`, x.http.sessionId);
    next.http = { ...x.http, sessionId: LEFT_OUT };
  }
  return next;
}

/** Replaces every occurrence of each value in every string of a JSON-like value (keys included). */
function scrub<T>(value: T, secrets: string[], count: { n: number }): T {
  const fix = (s: string): string => {
    let out = s;
    for (const secret of secrets) {
      if (out.includes(secret)) {
        count.n += out.split(secret).length - 1;
        out = out.split(secret).join(LEFT_OUT);
      }
    }
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return fix(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, inner]) => [fix(k), walk(inner)]));
    return v;
  };
  return walk(value) as T;
}

export function stripSecrets(state: ShareState, options: StripOptions = {}): Stripped {
  const c = new Collector();
  const structural: ShareState = {
    ...state,
    target: stripTarget(state.target, c),
    exchanges: state.exchanges.map((x, i) => stripExchange(x, i, c)),
  };
  for (const s of options.knownSecrets ?? []) if (s.length > 0) c.values.add(s);
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...c.values].sort((a, b) => b.length - a.length);
  const count = { n: 0 };
  const { omitted: _previous, ...rest } = structural;
  const scrubbed = { ...scrub(rest, secrets, count), omitted: structural.omitted } as ShareState;
  void _previous;
  if (count.n > 0) c.note(`${count.n} other occurrence${count.n === 1 ? "" : "s"} of a removed secret (in frames, wire text or the editor)`);
  const omitted = [...new Set([...state.omitted, ...c.omitted])];
  return { state: { ...scrubbed, omitted }, omitted: c.omitted };
}
