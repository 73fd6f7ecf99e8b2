/** How a check is declared, and small judgement helpers shared by the check modules. Pure. */
import type { CheckContext } from "./context";
import type { Level, SpecRef, TransportScope, Verdict } from "./types";
import { describeReply, asObject, type Reply } from "./wire";

export interface CheckDef {
  /** The digest §14 number, e.g. "C07". */
  id: string;
  title: string;
  /** The strongest keyword of the rule. */
  level: Level;
  spec: SpecRef;
  transports: TransportScope;
  /** The protocol era the rule belongs to; legacy servers get the era report instead. */
  era: "2026-07-28";
  /** Judges the traffic of the whole run (plus a little of its own), so it runs after the others. */
  aggregate?: boolean;
  run(ctx: CheckContext): Promise<Verdict>;
}

/** A check as its module writes it: only what differs from the module's defaults (a section, another page, transports). */
export type CheckInput = Omit<CheckDef, "spec" | "transports" | "era"> & {
  section?: string;
  spec?: SpecRef;
  transports?: TransportScope;
  /** The server capability the rule is about: without it the check is skipped. */
  needs?: string;
};

/**
 * A module's checks with what they share filled in: the spec page (and section, unless a check names its own),
 * the transports ("both" unless said), the era every check here belongs to, and the skip when a needed capability
 * is not declared.
 */
export function defineChecks(defaults: { spec: SpecRef; transports?: TransportScope }, checks: CheckInput[]): CheckDef[] {
  return checks.map(({ section, spec, transports, needs, ...check }) => ({
    ...check,
    ...(needs && { run: skipUnlessDeclared(needs, check.run) }),
    spec: spec ?? (section ? { ...defaults.spec, section } : defaults.spec),
    transports: transports ?? defaults.transports ?? "both",
    era: "2026-07-28",
  }));
}

function skipUnlessDeclared(capability: string, run: CheckDef["run"]): CheckDef["run"] {
  return async (ctx) => ((await ctx.declares(capability)) ? run(ctx) : ctx.skip(`The server declares no ${capability} capability.`));
}

/** The positional form for modules whose checks share page and section (HTTP §9.2, stdio §9.1). */
export function check(id: string, title: string, level: Level, run: CheckDef["run"], aggregate = false): CheckInput {
  return { id, title, level, run, ...(aggregate ? { aggregate } : {}) };
}

export function specRefText(spec: SpecRef): string {
  return `digest ${spec.section} · spec/${spec.path}`;
}

/** The GitHub page of the normative text (a link only; nothing is fetched). */
export function specUrl(spec: SpecRef): string {
  // Extension rules live in their own repository (ext-tasks: the Tasks extension's normative text).
  if (spec.path.startsWith("ext-tasks:"))
    return `https://github.com/modelcontextprotocol/experimental-ext-tasks/blob/main/${spec.path.slice("ext-tasks:".length)}`;
  return `https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/${spec.path}`;
}

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

/**
 * The common shape of "send X, expect error `code` (HTTP `status`)": pass, or fail saying what came back
 * and how to fix it.
 */
export function expectError(ctx: CheckContext, reply: Reply, code: number, status: number, fix: string): Verdict {
  const badStatus = wrongStatus(reply, status);
  if (isErrorCode(reply, code) && !badStatus) return ctx.pass(`Answered ${describeReply(reply)} as required.`);
  if (isErrorCode(reply, code)) return ctx.fail(`Right code ${code} but ${badStatus}; ${fix}`);
  return ctx.fail(`Got ${describeReply(reply)} instead of error ${code}${reply.exchange.transport === "http" ? ` with HTTP ${status}` : ""}; ${fix}`);
}

export function isInteger(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}

/** Problems with ttlMs/cacheScope on a complete result ([] when fine); non-integer ttlMs is AMBIG-6. */
export function cacheHintProblems(result: Record<string, unknown>): { errors: string[]; ambiguous: string[] } {
  const errors: string[] = [];
  const ambiguous: string[] = [];
  const ttl = result.ttlMs;
  if (typeof ttl !== "number") errors.push(ttl === undefined ? "ttlMs is missing" : `ttlMs is ${JSON.stringify(ttl)}, not a number`);
  else if (ttl < 0) errors.push(`ttlMs is ${ttl} (must be >= 0)`);
  else if (!Number.isInteger(ttl)) ambiguous.push(`ttlMs ${ttl} is not an integer`);
  const scope = result.cacheScope;
  if (scope !== "public" && scope !== "private") {
    errors.push(scope === undefined ? "cacheScope is missing" : `cacheScope is ${JSON.stringify(scope)} (must be "public" or "private")`);
  }
  return { errors, ambiguous };
}

export const AMBIG6 = "ambiguous in the spec (AMBIG-6): schema.ts types ttlMs as a number, schema.json and caching.mdx as an integer";

export function errorData(reply: Reply): Record<string, unknown> | undefined {
  return reply.kind === "error" ? asObject(reply.data) : undefined;
}
