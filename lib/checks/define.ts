/** How a check is declared, and small judgement helpers shared by the check modules. Pure. */
import { englishT, msg, type Msg } from "../i18n/translate";
import type { CheckContext } from "./context";
import type { CheckEra, Level, SpecRef, TransportScope, Verdict } from "./types";
import { asObject, replyMsg, type Reply } from "./wire";

export interface CheckDef {
  /** The digest §14 number, e.g. "C07". */
  id: string;
  title: string;
  /** The strongest keyword of the rule. */
  level: Level;
  spec: SpecRef;
  transports: TransportScope;
  /**
   * The protocol eras the rule belongs to. A rule both eras share is written once and runs on legacy servers too
   * (over the session the era probe opened); a modern-only rule does not apply to a legacy server.
   */
  eras: readonly CheckEra[];
  /** Judges the traffic of the whole run (plus a little of its own), so it runs after the others. */
  aggregate?: boolean;
  run(ctx: CheckContext): Promise<Verdict>;
}

/** A check as its module writes it: only what differs from the module's defaults (a section, another page, transports). */
export type CheckInput = Omit<CheckDef, "title" | "spec" | "transports" | "eras"> & {
  /** Default: the catalogue's title for the id (checkTitle); only a title with values names its own. */
  title?: string;
  section?: string;
  spec?: SpecRef;
  transports?: TransportScope;
  /** Default: both eras when the rule names its 2025-11-25 page (legacySpec), else the 2026-07-28 era only. */
  eras?: readonly CheckEra[];
  /** The 2025-11-25 page of a rule legacy servers are judged on too (LEGACY_SPEC). */
  legacySpec?: string;
  /** The server capability the rule is about: without it the check is skipped. */
  needs?: string;
};

/**
 * A module's checks with what they share filled in: the title from the catalogue, the spec page (and section, unless a check names its own),
 * the transports ("both" unless said), the era every check here belongs to, and the skip when a needed capability
 * is not declared.
 */
export function defineChecks(
  defaults: { spec: SpecRef; transports?: TransportScope },
  checks: CheckInput[],
): CheckDef[] {
  return checks.map(({ title, section, spec, transports, needs, eras, legacySpec, ...check }) => ({
    ...check,
    title: title ?? checkTitle(check.id),
    ...(needs && { run: skipUnlessDeclared(needs, check.run) }),
    spec: withLegacy(spec ?? (section ? { ...defaults.spec, section } : defaults.spec), legacySpec),
    transports: transports ?? defaults.transports ?? "both",
    eras: eras ?? (legacySpec ? BOTH_ERAS : MODERN_ONLY),
  }));
}

function withLegacy(spec: SpecRef, legacy: string | undefined): SpecRef {
  return legacy ? { ...spec, legacy } : spec;
}

export const MODERN_ONLY: readonly CheckEra[] = ["modern"];
/** Rules 2026-07-28 shares with 2025-11-25 (and 2025-06-18): written once, run on both. */
export const BOTH_ERAS: readonly CheckEra[] = ["modern", "legacy"];
export const LEGACY_ONLY: readonly CheckEra[] = ["legacy"];

function skipUnlessDeclared(capability: string, run: CheckDef["run"]): CheckDef["run"] {
  return async (ctx) =>
    (await ctx.declares(capability)) ? run(ctx) : ctx.skip(msg("checks.d.noCapability", { capability }));
}

/** The positional form for modules whose checks share page and section (HTTP §9.2, stdio §9.1). */
export function check(id: string, level: Level, run: CheckDef["run"], aggregate = false, legacy?: string): CheckInput {
  return { id, level, run, ...(aggregate ? { aggregate } : {}), ...(legacy ? { legacySpec: legacy } : {}) };
}

export function specRefText(spec: SpecRef): string {
  return `digest ${spec.section} · spec/${spec.path}`;
}

/**
 * The public page of the normative text (a link only; nothing is fetched): the 2025-11-25 page for a legacy run of
 * a shared rule, the 2026-07-28 page otherwise.
 */
export function specUrl(spec: SpecRef, era: CheckEra = "modern"): string {
  // Extension rules live in their own repository (ext-tasks: the Tasks extension's normative text).
  if (spec.path.startsWith("ext-tasks:"))
    return `https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/${spec.path.slice("ext-tasks:".length)}`;
  if (era === "legacy" && spec.legacy) return `https://modelcontextprotocol.io/specification/2025-11-25/${spec.legacy}`;
  return `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/${spec.path}`;
}

/** Pages of revision 2025-11-25 (the public site's paths), for the rules legacy servers are judged on. */
export const LEGACY_SPEC = {
  base: "basic",
  lifecycle: "basic/lifecycle",
  transports: "basic/transports",
  stdio: "basic/transports#stdio",
  http: "basic/transports#streamable-http",
  security: "basic/transports#security-warning",
  session: "basic/transports#session-management",
  protocolVersionHeader: "basic/transports#protocol-version-header",
  listening: "basic/transports#listening-for-messages-from-the-server",
  sending: "basic/transports#sending-messages-to-the-server",
  cancellation: "basic/utilities/cancellation",
  ping: "basic/utilities/ping",
  pagination: "server/utilities/pagination",
  tools: "server/tools",
  prompts: "server/prompts",
  resources: "server/resources",
  schema: "schema",
} as const;

export const SPEC = {
  base: "basic/index.mdx",
  versioning: "basic/versioning.mdx",
  stdio: "basic/transports/stdio.mdx",
  http: "basic/transports/streamable-http.mdx",
  mrtr: "basic/patterns/mrtr.mdx",
  subscriptions: "basic/patterns/subscriptions.mdx",
  progress: "basic/patterns/progress.mdx",
  cancellation: "basic/patterns/cancellation.mdx",
  caching: "server/utilities/caching.mdx",
  pagination: "server/utilities/pagination.mdx",
  logging: "server/utilities/logging.mdx",
  completion: "server/utilities/completion.mdx",
  tools: "server/tools.mdx",
  resources: "server/resources.mdx",
  prompts: "server/prompts.mdx",
  elicitation: "client/elicitation.mdx",
  authorization: "basic/authorization/index.mdx",
} as const;

/** True when the reply is a JSON-RPC error with one of `codes`. */
export function isErrorCode(reply: Reply, ...codes: number[]): reply is Reply & { kind: "error" } {
  return reply.kind === "error" && codes.includes(reply.code);
}

/** On HTTP the status must be `status`; stdio has none. Returns a clause for the detail when it is wrong. */
export function wrongStatus(reply: Reply, status: number): string | undefined {
  if (reply.exchange.transport !== "http") return undefined;
  return reply.status === status ? undefined : `HTTP status ${reply.status ?? "none"} instead of ${status}`;
}

/** wrongStatus as a catalogue Msg (undefined when the status is right or there is none). */
export function wrongStatusMsg(reply: Reply, status: number): Msg | undefined {
  if (!wrongStatus(reply, status)) return undefined;
  return msg("checks.d.wrongStatus", { got: reply.status ?? "none", status });
}

/**
 * The common shape of "send X, expect error `code` (HTTP `status`)": pass, or fail saying what came back
 * and how to fix it.
 */
export function expectError(ctx: CheckContext, reply: Reply, code: number, status: number, fix: Msg): Verdict {
  // The HTTP status of a JSON-RPC error is a 2026-07-28 rule; 2025-11-25 leaves it to the server.
  const badStatus = ctx.era === "legacy" ? undefined : wrongStatusMsg(reply, status);
  if (isErrorCode(reply, code) && !badStatus) return ctx.pass(msg("checks.d.asRequired", { reply: replyMsg(reply) }));
  if (isErrorCode(reply, code)) return ctx.fail(msg("checks.d.rightCode", { code, status: badStatus!, fix }));
  const withHttp = reply.exchange.transport === "http" && ctx.era !== "legacy";
  return ctx.fail(
    msg(withHttp ? "checks.d.gotInsteadHttp" : "checks.d.gotInstead", { reply: replyMsg(reply), code, status, fix }),
  );
}

export function isInteger(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

/** Problems with ttlMs/cacheScope on a complete result ([] when fine); non-integer ttlMs is AMBIG-6. */
export function cacheHintProblems(result: Record<string, unknown>): { errors: Msg[]; ambiguous: Msg[] } {
  const errors: Msg[] = [];
  const ambiguous: Msg[] = [];
  const ttl = result.ttlMs;
  if (typeof ttl !== "number")
    errors.push(
      ttl === undefined
        ? msg("checks.d.hints.ttlMissing")
        : msg("checks.d.hints.ttlType", { value: JSON.stringify(ttl) }),
    );
  else if (ttl < 0) errors.push(msg("checks.d.hints.ttlNegative", { value: String(ttl) }));
  else if (!Number.isInteger(ttl)) ambiguous.push(msg("checks.d.hints.ttlFraction", { value: String(ttl) }));
  const scope = result.cacheScope;
  if (scope !== "public" && scope !== "private") {
    errors.push(
      scope === undefined
        ? msg("checks.d.hints.scopeMissing")
        : msg("checks.d.hints.scopeValue", { value: JSON.stringify(scope) }),
    );
  }
  return { errors, ambiguous };
}

/** The clause a non-integer ttlMs warning ends with. */
export const AMBIG6: Msg = msg("checks.d.hints.ambig6");

export function errorData(reply: Reply): Record<string, unknown> | undefined {
  return reply.kind === "error" ? asObject(reply.data) : undefined;
}

/** A check's title, from the catalogues (checks.title.<id>): English here; the page says it in the reader's language. */
export function checkTitle(id: string, values?: Record<string, string>): string {
  return englishT(`checks.title.${id}`, values);
}
