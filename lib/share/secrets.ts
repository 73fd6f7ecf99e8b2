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
import type { Target, WireEvent } from "../bridge/contract";
import { targetLabel } from "../bridge/target";
import { msg, type Msg } from "../i18n/translate";
import type { RecordedExchange, ShareState } from "./state";
import { joinCommandLine, splitCommandLine } from "../bridge/command-line";
import {
  Collector,
  LEFT_OUT,
  TOKEN_SHAPES,
  isSensitiveHeader,
  looksLikeToken,
  nameSuggestsSecret,
  stripArgv,
  stripText,
  stripUrl,
} from "./secret-text";

export { LEFT_OUT, isSensitiveHeader, looksLikeToken, nameSuggestsSecret } from "./secret-text";

export interface StripOptions {
  /** Strings to remove wherever they appear (the playground token, a key the user typed). */
  knownSecrets?: string[];
}

export interface Stripped {
  state: ShareState;
  /** One line per thing left out, in English (what a link or a session file keeps). */
  omitted: string[];
  /** The same lines as Msgs, for the Share dialog in the reader's language. */
  omittedMsgs: Msg[];
}

function stripTarget(target: Target, c: Collector): Target {
  switch (target.kind) {
    case "demo":
    case "replay":
      return { ...target };
    case "stdio": {
      const next: Target = { ...target, args: stripArgv(target.args, msg("share.omit.where.command"), c) };
      if (target.env) {
        next.env = Object.fromEntries(Object.keys(target.env).map((k) => [k, ""]));
        for (const [k, v] of Object.entries(target.env))
          if (v !== "") c.note(msg("share.omit.env", { key: k }), v, nameSuggestsSecret(k) || looksLikeToken(v));
      }
      return next;
    }
    case "http": {
      const next: Target = { ...target, url: stripUrl(target.url, msg("share.omit.where.targetUrl"), c) };
      if (target.headers) {
        const kept: Record<string, string> = {};
        for (const [k, v] of Object.entries(target.headers)) {
          if (isSensitiveHeader(k, v)) c.note(msg("share.omit.targetHeader", { key: k }), v);
          else kept[k] = v;
        }
        next.headers = kept;
      }
      return next;
    }
  }
}

function stripHeaderList(headers: [string, string][], where: Msg, c: Collector): [string, string][] {
  return headers.map(([k, v]) => {
    if (!isSensitiveHeader(k, v) || v === LEFT_OUT) return [k, v];
    c.note(msg("share.omit.header", { where, key: k }), v);
    return [k, LEFT_OUT];
  });
}

function stripEvent(e: WireEvent, where: Msg, c: Collector): WireEvent {
  switch (e.kind) {
    case "spawn":
      return { ...e, argv: stripArgv(e.argv, msg("share.omit.where.spawned", { where }), c) };
    case "http-request":
      return {
        ...e,
        url: stripUrl(e.url, msg("share.omit.where.requestUrl", { where }), c),
        headers: stripHeaderList(e.headers, msg("share.omit.where.request", { where }), c),
      };
    case "http-response":
      return { ...e, headers: stripHeaderList(e.headers, msg("share.omit.where.response", { where }), c) };
    default:
      return e;
  }
}

/**
 * An exchange's target label: the stripped target's own label when it was recorded against the shared target,
 * otherwise stripped as what it is (a URL, or a command line joined with spaces).
 */
function stripLabel(label: string, target: { original: Target; stripped: Target }, where: Msg, c: Collector): string {
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
  const where = msg("share.omit.where.exchange", { n: index + 1 });
  // An exchange may carry its own target (a link replays each frame to it): its label follows that one.
  const own = x.target ? { original: x.target, stripped: stripTarget(x.target, c) } : target;
  const next: RecordedExchange = {
    ...x,
    targetLabel: stripLabel(x.targetLabel, own, msg("share.omit.where.target", { where }), c),
    events: x.events.map((e) => stripEvent(e, where, c)),
  };
  if (x.target) next.target = own.stripped;
  if (x.http?.sessionId) {
    c.note(msg("share.omit.sessionId", { where }), x.http.sessionId);
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
  if (count.n > 0) c.note(msg("share.omit.occurrences", { count: count.n }));
  const omitted = [...new Set([...state.omitted, ...c.omitted])];
  return { state: { ...scrubbed, omitted }, omitted: c.omitted, omittedMsgs: c.omittedMsgs };
}
