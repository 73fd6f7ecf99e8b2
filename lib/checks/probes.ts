/**
 * The probes a run shares (CheckContext memoises them): server/discover, the pages of a list, and a request that
 * answers input_required. Each takes the context that sends, so every exchange stays a check's evidence. Pure.
 */
import { followCursors } from "../protocol/paging";
import { answerInputRequests, promptArguments } from "./synthesize";
import type { CheckSendOptions, LegacySession } from "./types";
import { asObject, replyOf, type JsonObject, type Reply } from "./wire";

export interface EnvelopeOptions {
  version?: string;
  capabilities?: JsonObject;
  logLevel?: string;
  progressToken?: string | number;
  /** Leave required keys out, to test the -32602 answer. */
  drop?: ("protocolVersion" | "clientCapabilities")[];
}

export type RequestOptions = CheckSendOptions & {
  /** null sends params without _meta; an object replaces the default envelope. */
  meta?: JsonObject | null;
  envelope?: EnvelopeOptions;
  /**
   * HTTP tools/call: add the Mcp-Param-* headers the tool's x-mcp-header annotations ask for, as a conforming
   * client must (default true); C51 turns it off to send them wrong on purpose.
   */
  paramHeaders?: boolean;
};

/** What a probe needs of the run's context. CheckContext provides it; it is declared here so that context.ts can
 * import the probes without the probes importing it back. */
export interface ProbeContext {
  readonly checkId: string;
  request(method: string, params?: JsonObject, opts?: RequestOptions): Promise<Reply>;
  declares(capability: string): Promise<boolean>;
  list(method: ListMethod): Promise<ListInfo>;
  callableTools(): Promise<JsonObject[]>;
  toolArguments(tool: JsonObject, all?: boolean): JsonObject;
}

export const LIST_METHODS = ["tools/list", "prompts/list", "resources/list", "resources/templates/list"] as const;
export type ListMethod = (typeof LIST_METHODS)[number];
export const LIST_KEY: Record<ListMethod, string> = {
  "tools/list": "tools",
  "prompts/list": "prompts",
  "resources/list": "resources",
  "resources/templates/list": "resourceTemplates",
};
/** The capability that gates each list method. */
export const LIST_CAPABILITY: Record<ListMethod, string> = {
  "tools/list": "tools",
  "prompts/list": "prompts",
  "resources/list": "resources",
  "resources/templates/list": "resources",
};

/** Every input-request kind declared: what a client that can answer anything sends. */
export const FULL_CAPABILITIES: JsonObject = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };

export interface DiscoverInfo {
  reply: Reply;
  result?: JsonObject;
  capabilities: JsonObject;
  supportedVersions: string[];
}

export interface ListInfo {
  method: ListMethod;
  items: JsonObject[];
  pages: Reply[];
  /** Set when a page was not a result (the list stops there). */
  failure?: Reply;
  truncated: boolean;
}

/** A request found to answer input_required, and that first answer. */
export interface MrtrProbe {
  method: "tools/call" | "prompts/get" | "resources/read";
  /** The params without _meta (name/arguments or uri). */
  params: JsonObject;
  label: string;
  first: Reply & { kind: "result" };
}

const MAX_PAGES = 20;
const MAX_MRTR_PROBES = 6;

export async function fetchDiscover(ctx: ProbeContext): Promise<DiscoverInfo> {
  const reply = await ctx.request("server/discover", {}, { label: `${ctx.checkId} server/discover` });
  const result = reply.kind === "result" ? reply.result : undefined;
  const versions = Array.isArray(result?.supportedVersions)
    ? result.supportedVersions.filter((v): v is string => typeof v === "string")
    : [];
  return { reply, result, capabilities: asObject(result?.capabilities) ?? {}, supportedVersions: versions };
}

/** A legacy run knows the capabilities from the probe's initialize answer: the same shape, no extra request. */
export function legacyDiscover(session: LegacySession): DiscoverInfo {
  const version = session.result.protocolVersion;
  return {
    reply: replyOf(session.handshake[0]),
    result: session.result as JsonObject,
    capabilities: asObject(session.result.capabilities) ?? {},
    supportedVersions: typeof version === "string" ? [version] : [],
  };
}

/** The pages of a list, following nextCursor up to pageLimit pages (truncated when it still had more). */
export async function fetchPages(
  ctx: ProbeContext,
  method: ListMethod,
  opts: RequestOptions = {},
  pageLimit = MAX_PAGES,
): Promise<ListInfo> {
  const items: JsonObject[] = [];
  // Repeated cursors are followed: C67 judges a loop from the pages it made.
  const { pages, end } = await followCursors<Reply>(
    async (cursor) => {
      const reply = await ctx.request(method, cursor === undefined ? {} : { cursor }, opts);
      if (reply.kind !== "result") return { stop: true, page: reply };
      const page = reply.result[LIST_KEY[method]];
      if (Array.isArray(page)) for (const it of page) if (asObject(it)) items.push(it as JsonObject);
      return { page: reply, next: reply.result.nextCursor };
    },
    { maxPages: pageLimit, repeats: "follow" },
  );
  const failure = end.kind === "stopped" ? pages.at(-1) : undefined;
  return { method, items, pages, ...(failure ? { failure } : {}), truncated: end.kind === "page-limit" };
}

/** Prompts and resources first (no side effects), then the tools the policy allows; the first input_required wins. */
export async function findMrtr(ctx: ProbeContext): Promise<MrtrProbe | undefined> {
  const candidates: Omit<MrtrProbe, "first">[] = [];
  if (await ctx.declares("prompts")) {
    for (const p of (await ctx.list("prompts/list")).items.slice(0, MAX_MRTR_PROBES)) {
      if (typeof p.name === "string")
        candidates.push({
          method: "prompts/get",
          params: { name: p.name, arguments: promptArguments(p) },
          label: `prompt ${p.name}`,
        });
    }
  }
  if (await ctx.declares("resources")) {
    for (const r of (await ctx.list("resources/list")).items.slice(0, MAX_MRTR_PROBES)) {
      if (typeof r.uri === "string")
        candidates.push({ method: "resources/read", params: { uri: r.uri }, label: `resource ${r.uri}` });
    }
  }
  for (const t of (await ctx.callableTools()).slice(0, MAX_MRTR_PROBES)) {
    if (typeof t.name === "string")
      candidates.push({
        method: "tools/call",
        params: { name: t.name, arguments: ctx.toolArguments(t) },
        label: `tool ${t.name}`,
      });
  }
  for (const c of candidates) {
    const first = await ctx.request(c.method, c.params, { envelope: { capabilities: FULL_CAPABILITIES } });
    if (first.kind === "result" && first.result.resultType === "input_required") return { ...c, first } as MrtrProbe;
  }
  return undefined;
}

/** Retry params for an MRTR answer: same method params, the suite's answers and the exact requestState. */
export function retryParams(
  probe: MrtrProbe,
  changes: { inputResponses?: JsonObject; requestState?: string | null } = {},
): JsonObject {
  const inputResponses = changes.inputResponses ?? answerInputRequests(probe.first.result.inputRequests);
  const state = changes.requestState === undefined ? probe.first.result.requestState : changes.requestState;
  return { ...probe.params, inputResponses, ...(typeof state === "string" ? { requestState: state } : {}) };
}
