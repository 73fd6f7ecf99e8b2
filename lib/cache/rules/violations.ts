/**
 * Cache-hint violations a server author should see, each with the rule it breaks (digest §7, §14 checks
 * 2, 14, 15, 16, 25). MUST-level breaks are errors; AMBIG-6 (non-integer ttlMs) and the descriptive
 * "input_required carries no caching hints" are warnings.
 */
import { eraOfVersion } from "../../protocol/versions";
import { envelopeVersion } from "../../protocol/meta";
import { resultTypeOf } from "./cacheability";
import { readScope, readTtl, type CacheScope } from "./hints";
import { msg, say, type Msg } from "../../i18n/translate";
import { asObject } from "../../protocol/json";
import { isCacheableMethod } from "./methods";

export type CacheRuleId =
  | "hints-required-ttl"
  | "hints-required-scope"
  | "ttl-not-negative"
  | "ttl-integer"
  | "ttl-is-number"
  | "scope-enum"
  | "scope-uniform-across-pages"
  | "no-hints-on-input-required";

export interface CacheViolation {
  rule: CacheRuleId;
  level: "error" | "warning";
  message: string;
  /** The message as a Msg (cache.violation.*), said in the reader's language; `message` is its English. */
  messageMsg?: Msg;
  /** Where the rule is written. */
  spec: string;
}

export const CACHE_RULES: Record<CacheRuleId, { level: "error" | "warning"; rule: string; spec: string }> = {
  "hints-required-ttl": {
    level: "error",
    rule: "A complete result of a cacheable method MUST carry ttlMs.",
    spec: "caching.mdx; schema CacheableResult (digest §7, checks 2/14/15)",
  },
  "hints-required-scope": {
    level: "error",
    rule: "A complete result of a cacheable method MUST carry cacheScope.",
    spec: "caching.mdx; schema CacheableResult (digest §7, checks 2/14/15)",
  },
  "ttl-not-negative": {
    level: "error",
    rule: "Servers MUST send ttlMs >= 0 (a client ignores a negative value and treats it as 0).",
    spec: "caching.mdx (digest §7)",
  },
  "ttl-integer": {
    level: "warning",
    rule: "ttlMs should be an integer (schema.json and caching.mdx say integer; schema.ts says number).",
    spec: "digest AMBIG-6",
  },
  "ttl-is-number": {
    level: "error",
    rule: "ttlMs is a number of milliseconds.",
    spec: "schema CacheableResult (digest §7)",
  },
  "scope-enum": {
    level: "error",
    rule: 'cacheScope is "public" or "private".',
    spec: "schema CacheableResult (digest §7)",
  },
  "scope-uniform-across-pages": {
    level: "error",
    rule: "Servers MUST use the same cacheScope on all pages of one list.",
    spec: "caching.mdx Pagination (digest §7, check 16)",
  },
  "no-hints-on-input-required": {
    level: "warning",
    rule: "An input_required result is not cacheable and carries no ttlMs/cacheScope.",
    spec: "mrtr.mdx (digest §6 rule 8, check 25)",
  },
};

function violation(rule: CacheRuleId, detail: Msg): CacheViolation {
  const { level, spec } = CACHE_RULES[rule];
  return { rule, level, message: say(detail), messageMsg: detail, spec };
}

/** A list said in the reader's language ("a, b, c"): each item is a Msg or a value as it came. */
function listMsg(items: (Msg | string)[]): Msg | string {
  if (items.length === 1) return items[0];
  return msg("cache.violation.list", { first: items[0], rest: listMsg(items.slice(1)) });
}

/** Was the request spoken in 2026-07-28 or later? Only then are the hints required. */
export function isModernRequest(requestFrame: unknown): boolean {
  const version = envelopeVersion(requestFrame);
  return version !== undefined && eraOfVersion(version) === "modern";
}

/** Violations visible in one request/response pair. */
export function hintViolations(requestFrame: unknown, responseFrame: unknown): CacheViolation[] {
  const method = asObject(requestFrame)?.method;
  const result = asObject(asObject(responseFrame)?.result);
  if (!result) return [];
  const out: CacheViolation[] = [];
  const type = resultTypeOf(result);
  if (type === "input_required") {
    const fields = ["ttlMs", "cacheScope"].filter((k) => k in result);
    if (fields.length > 0)
      out.push(
        violation(
          "no-hints-on-input-required",
          msg("cache.violation.inputRequiredHints", {
            fields: fields.length === 2 ? msg("cache.violation.ttlAndScope") : fields[0],
          }),
        ),
      );
    return out;
  }
  if (!isCacheableMethod(method) || type !== "complete") return out;

  const ttl = readTtl(result);
  const scope = readScope(result);
  if (ttl.kind === "absent" && isModernRequest(requestFrame))
    out.push(violation("hints-required-ttl", msg("cache.violation.noTtl", { method: String(method) })));
  if (scope.kind === "absent" && isModernRequest(requestFrame))
    out.push(violation("hints-required-scope", msg("cache.violation.noScope", { method: String(method) })));
  if (ttl.kind === "negative")
    out.push(violation("ttl-not-negative", msg("cache.violation.ttlZero", { raw: String(ttl.raw) })));
  if (ttl.kind === "non-integer")
    out.push(violation("ttl-integer", msg("cache.violation.ttlNotInteger", { raw: String(ttl.raw) })));
  if (ttl.kind === "not-a-number")
    out.push(violation("ttl-is-number", msg("cache.violation.ttlZero", { raw: String(JSON.stringify(ttl.raw)) })));
  if (scope.kind === "unknown")
    out.push(violation("scope-enum", msg("cache.violation.scopePrivate", { raw: String(JSON.stringify(scope.raw)) })));
  return out;
}

export interface PageScope {
  cursor: string | null;
  scope: CacheScope;
}

/** A new page of a list whose other pages (still known) came with a different scope. */
export function pageScopeViolation(
  method: string,
  page: PageScope,
  otherPages: PageScope[],
): CacheViolation | undefined {
  const differing = otherPages.filter((p) => p.cursor !== page.cursor && p.scope !== page.scope);
  if (differing.length === 0) return undefined;
  const name = (c: string | null) =>
    c === null ? msg("cache.violation.firstPage") : msg("cache.violation.cursor", { c });
  const others = listMsg(
    differing.map((p) => msg("cache.violation.pageScope", { page: name(p.cursor), scope: p.scope })),
  );
  return violation(
    "scope-uniform-across-pages",
    msg("cache.violation.scopeDiffers", { method, page: name(page.cursor), scope: page.scope, others }),
  );
}
