/**
 * Reads a server's catalogue through a `send` function (the bridge, the CLI's sender, a test's): the handshake
 * the caller chose, then tools/list following every nextCursor, and the instructions from server/discover or
 * initialize. Every exchange is returned as a step, so the UI can put it on the timeline: nothing is hidden.
 */
import {
  INITIALIZED_FRAME,
  legacySessionHeaders,
  readReply,
  runEraProbe,
  type ProbeSend,
  type ProbeStep,
} from "../protocol/era";
import { buildEnvelope, META_KEYS } from "../protocol/meta";
import { initializeParams, LEGACY_VERSIONS, MODERN_VERSION } from "../protocol/versions";
import { checkPage, type Catalogue, type Handshake, type Measured } from "./catalogue";
import { isJsonObject, type JsonObject } from "../protocol/json";
import { followCursors } from "../protocol/paging";

export interface FetchOptions {
  handshake?: Handshake;
  /** Declared in initialize, or in every request's _meta (modern). The chapter's figures: {}. */
  clientCapabilities?: JsonObject;
  /** A server that keeps handing out cursors is stopped here. */
  maxPages?: number;
  /** Client emulation: the first page is the catalogue (nextCursor is not followed). */
  firstPageOnly?: boolean;
  nextId?: () => number | string;
  transport?: "stdio" | "http";
  target?: string;
}

export type FetchResult =
  { ok: true; catalogue: Catalogue; steps: ProbeStep[] } | { ok: false; message: string; steps: ProbeStep[] };

export const DEFAULT_MAX_PAGES = 1000;

type Session = { modern: boolean; version?: string; headers: Record<string, string> };

function frameText(id: number | string, method: string, params?: JsonObject): string {
  return JSON.stringify(params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params });
}

function serverInfoOf(result: JsonObject | undefined): Measured["serverInfo"] {
  const info =
    result &&
    (isJsonObject(result.serverInfo)
      ? result.serverInfo
      : isJsonObject(result._meta)
        ? result._meta[META_KEYS.serverInfo]
        : undefined);
  if (!isJsonObject(info)) return undefined;
  return {
    name: typeof info.name === "string" ? info.name : undefined,
    version: typeof info.version === "string" ? info.version : undefined,
  };
}

/** One catalogue read's moves and findings so far, shared by its handshakes and its listing. */
interface CatalogueRun {
  step(label: string, text: string, headers?: Record<string, string>): Promise<ReturnType<typeof readReply>>;
  nextId(): number | string;
  capabilities: JsonObject;
  maxPages: number;
  opts: FetchOptions;
  steps: ProbeStep[];
  measured: Measured;
  learn(result: JsonObject | undefined, from: "server/discover" | "initialize"): void;
  fail(message: string): FetchResult;
}

/** tools/list page by page (every nextCursor unless told otherwise): the pages, or why the listing stopped. */
async function listPages(run: CatalogueRun, session: Session): Promise<JsonObject[] | string> {
  const { step, nextId, capabilities, maxPages, opts } = run;
  let failed: string | undefined;
  const { pages, end } = await followCursors<JsonObject>(
    async (cursor, index) => {
      const params: JsonObject | undefined = session.modern
        ? {
            _meta: buildEnvelope({ protocolVersion: session.version, clientCapabilities: capabilities }),
            ...(cursor !== undefined ? { cursor } : {}),
          }
        : cursor !== undefined
          ? { cursor }
          : undefined;
      const label = `catalogue: tools/list${cursor !== undefined ? ` (cursor ${JSON.stringify(cursor).slice(0, 40)})` : ""}`;
      const reply = await step(label, frameText(nextId(), "tools/list", params), session.headers);
      if (reply.kind === "error")
        failed = `tools/list answered ${reply.status && reply.status !== 200 ? `HTTP ${reply.status}, ` : ""}${reply.code} ${reply.message}`;
      else if (reply.kind === "none") failed = `tools/list ${reply.why}`;
      else failed = checkPage(reply.result, index + 1) ?? undefined;
      return failed !== undefined || reply.kind !== "result"
        ? { stop: true }
        : { page: reply.result, next: reply.result.nextCursor };
    },
    { maxPages, firstPageOnly: opts.firstPageOnly },
  );
  if (failed !== undefined) return failed;
  switch (end.kind) {
    case "page-limit":
      return `tools/list still returned a nextCursor after ${maxPages} pages; stopped`;
    case "bad-cursor":
      return `tools/list page ${pages.length} has a nextCursor that is not a string: ${JSON.stringify(end.value).slice(0, 80)}`;
    case "repeated-cursor":
      return `tools/list returned the cursor ${JSON.stringify(end.cursor).slice(0, 80)} a second time; stopped (it would loop)`;
    default:
      return pages;
  }
}

/** The 2025-11-25 handshake: initialize, then notifications/initialized with the session's headers. */
async function legacyHandshake(run: CatalogueRun): Promise<Session | FetchResult> {
  const { step, nextId, capabilities, steps } = run;
  const asked = LEGACY_VERSIONS[0];
  const init = await step(
    `handshake: initialize (asks for ${asked})`,
    frameText(nextId(), "initialize", initializeParams(asked, capabilities)),
  );
  if (init.kind !== "result")
    return run.fail(`initialize ${init.kind === "error" ? `answered ${init.code} ${init.message}` : init.why}`);
  const version = typeof init.result.protocolVersion === "string" ? init.result.protocolVersion : undefined;
  const headers = legacySessionHeaders(steps[steps.length - 1].exchange.http?.sessionId, version);
  await step("handshake: notifications/initialized", INITIALIZED_FRAME, headers);
  Object.assign(run.measured, { handshake: "legacy", era: "legacy", protocolVersion: version });
  run.learn(init.result, "initialize");
  return { modern: false, version, headers };
}

/** The 2026-07-28 handshake: server/discover, whose result holds the instructions. */
async function modernHandshake(run: CatalogueRun): Promise<Session | FetchResult> {
  const { step, nextId, capabilities } = run;
  const reply = await step(
    `handshake: server/discover (${MODERN_VERSION})`,
    frameText(nextId(), "server/discover", { _meta: buildEnvelope({ clientCapabilities: capabilities }) }),
  );
  if (reply.kind !== "result") {
    const what = reply.kind === "error" ? `answered ${reply.code} ${reply.message}` : reply.why;
    return run.fail(`server/discover ${what}: not a ${MODERN_VERSION} server; try the auto or legacy handshake`);
  }
  Object.assign(run.measured, { handshake: "modern", era: "modern", protocolVersion: MODERN_VERSION });
  run.learn(reply.result, "server/discover");
  return { modern: true, version: MODERN_VERSION, headers: {} };
}

export async function fetchCatalogue(send: ProbeSend, opts: FetchOptions = {}): Promise<FetchResult> {
  let counter = 0;
  const nextId = opts.nextId ?? (() => ++counter);
  const requested = opts.handshake ?? "auto";
  const capabilities = opts.clientCapabilities ?? {};
  const maxPages = opts.maxPages ?? DEFAULT_MAX_PAGES;
  const steps: ProbeStep[] = [];
  const fail = (message: string): FetchResult => ({ ok: false, message, steps });
  const step = async (label: string, text: string, headers?: Record<string, string>) => {
    const exchange = await send(text, { headers, label });
    steps.push({ label, exchange });
    return readReply(exchange);
  };

  const measured: Measured = {
    requested,
    handshake: "none",
    era: "unknown",
    capabilities,
    transport: opts.transport,
    target: opts.target,
  };
  let instructions: string | undefined;
  const learn = (result: JsonObject | undefined, from: "server/discover" | "initialize") => {
    measured.serverInfo = serverInfoOf(result) ?? measured.serverInfo;
    if (typeof result?.instructions === "string") {
      instructions = result.instructions;
      measured.instructionsFrom = from;
    }
  };

  const run: CatalogueRun = { step, nextId, capabilities, maxPages, opts, steps, measured, learn, fail };
  let session: Session;
  if (requested === "none") {
    const pages = await listPages(run, { modern: false, headers: {} });
    if (typeof pages === "string")
      return fail(
        `${pages}. With no handshake some servers refuse to list anything; try the auto or legacy handshake.`,
      );
    // Only now, with the catalogue in hand, ask for the instructions (and the era), without completing a handshake.
    const verdict = await runEraProbe(send, { clientCapabilities: capabilities, nextId, completeHandshake: false });
    steps.push(...verdict.steps.map((s) => ({ ...s, label: s.label.replace(/^probe:/, "instructions:") })));
    if (verdict.era !== "unreachable") {
      measured.era = verdict.era === "legacy" ? "legacy" : "modern";
      measured.protocolVersion = verdict.version;
      learn(verdict.result, verdict.era === "legacy" ? "initialize" : "server/discover");
    }
    return { ok: true, catalogue: { pages, instructions, measured }, steps };
  }

  if (requested === "legacy") {
    const opened = await legacyHandshake(run);
    if ("ok" in opened) return opened;
    session = opened;
  } else if (requested === "modern") {
    const opened = await modernHandshake(run);
    if ("ok" in opened) return opened;
    session = opened;
  } else {
    const verdict = await runEraProbe(send, { clientCapabilities: capabilities, nextId });
    steps.push(...verdict.steps);
    if (verdict.era === "unreachable" || (verdict.era !== "legacy" && !verdict.result)) return fail(verdict.reason);
    const modern = verdict.era !== "legacy";
    Object.assign(measured, {
      handshake: modern ? "modern" : "legacy",
      era: modern ? "modern" : "legacy",
      protocolVersion: verdict.version,
    });
    learn(verdict.result, modern ? "server/discover" : "initialize");
    const headers: Record<string, string> = {};
    if (verdict.sessionId) headers["Mcp-Session-Id"] = verdict.sessionId;
    if (!modern && verdict.version) headers["MCP-Protocol-Version"] = verdict.version;
    session = { modern, version: verdict.version, headers };
  }

  const pages = await listPages(run, session);
  if (typeof pages === "string") return fail(pages);
  return { ok: true, catalogue: { pages, instructions, measured }, steps };
}
