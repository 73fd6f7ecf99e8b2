/**
 * What a check gets to work with: frame builders with fresh ids, the envelope, memoised discover / list /
 * MRTR probes shared by the run, every exchange seen so far, and verdict helpers whose evidence is the set of
 * exchanges the check sent or relied on. Pure: all I/O goes through the injected send.
 */
import type { Exchange } from "../bridge/contract";
import { emulatedCapabilities } from "../protocol/emulation";
import { isMsg, msg, say, type Msg } from "../i18n/translate";
import { META_KEYS } from "../protocol/meta";
import { PLAYGROUND_CLIENT_INFO, initializeParams } from "../protocol/versions";
import { synthesize } from "./synthesize";
import {
  fetchDiscover,
  fetchPages,
  legacyDiscover,
  findMrtr,
  LIST_CAPABILITY,
  LIST_METHODS,
  retryParams,
  type DiscoverInfo,
  type EnvelopeOptions,
  type ListInfo,
  type ListMethod,
  type MrtrProbe,
  type RequestOptions,
} from "./probes";
import type { RunState } from "./run-state";

import type { CheckContextBase, CheckSendOptions, Detail, Level, Verdict } from "./types";
import { asObject, replyOf, sendIds, type JsonObject, type Reply } from "./wire";

export {
  FULL_CAPABILITIES,
  type EnvelopeOptions,
  type RequestOptions,
  LIST_CAPABILITY,
  LIST_METHODS,
  type DiscoverInfo,
  type ListInfo,
  type ListMethod,
  type MrtrProbe,
} from "./probes";

export { RunState } from "./run-state";

export class CheckContext implements CheckContextBase {
  readonly transport: "stdio" | "http";
  readonly era: CheckContextBase["era"];
  readonly legacy: CheckContextBase["legacy"];
  readonly version: string;
  readonly options: CheckContextBase["options"];
  private counter = 0;
  private touched: Exchange[] = [];

  constructor(
    private readonly run: RunState,
    readonly checkId: string,
  ) {
    this.transport = run.base.transport;
    this.era = run.base.era;
    this.legacy = run.base.legacy;
    this.version = run.base.version;
    this.options = run.base.options;
  }

  nextId(): string {
    this.counter += 1;
    return `${this.checkId}-${this.counter}`;
  }

  envelope(o: EnvelopeOptions = {}): JsonObject {
    const env: JsonObject = {};
    if (!o.drop?.includes("protocolVersion")) env[META_KEYS.protocolVersion] = o.version ?? this.version;
    env[META_KEYS.clientInfo] = { ...PLAYGROUND_CLIENT_INFO };
    if (!o.drop?.includes("clientCapabilities"))
      env[META_KEYS.clientCapabilities] = emulatedCapabilities(o.capabilities ?? {}, this.run.profile.emulation);
    if (o.logLevel !== undefined) env[META_KEYS.logLevel] = o.logLevel;
    if (o.progressToken !== undefined) env.progressToken = o.progressToken;
    return env;
  }

  /** A timeline label with words in it: "<check id> <what>", said in the reader's language on the page's card. */
  labelled(what: Msg): { label: string; labelMsg: Msg } {
    return { label: `${this.checkId} ${say(what)}`, labelMsg: msg("checkLabels.named", { check: this.checkId, what }) };
  }

  /** Sends text as is; every exchange is recorded for the run and as this check's evidence. */
  async raw(text: string, opts: CheckSendOptions = {}): Promise<Exchange> {
    const { session, ...rest } = opts;
    const headers = session === false ? rest.headers : { ...this.sessionHeaders(), ...rest.headers };
    const exchange = await this.run.send(text, {
      timeoutMs: this.options.timeoutMs,
      ...rest,
      ...(headers && Object.keys(headers).length ? { headers } : {}),
      label: opts.label ?? `${this.checkId}`,
    });
    this.run.observed.push(exchange);
    this.touched.push(exchange);
    return exchange;
  }

  /**
   * The request a client opens with: server/discover (2026-07-28), or initialize (legacy: on a fresh process or
   * without a session it starts one of its own, so send it with processMode "fresh" / session: false).
   */
  openingFrame(): string {
    if (this.era === "legacy")
      return JSON.stringify({
        jsonrpc: "2.0",
        id: this.nextId(),
        method: "initialize",
        params: initializeParams(this.version, {}),
      });
    return this.frame("server/discover");
  }

  /** A legacy Streamable HTTP run: what every request of the session carries (2025-11-25 transports). */
  sessionHeaders(): Record<string, string> {
    if (this.era !== "legacy" || this.transport !== "http") return {};
    return {
      ...(this.legacy?.sessionId ? { "Mcp-Session-Id": this.legacy.sessionId } : {}),
      "MCP-Protocol-Version": this.version,
    };
  }

  /** A request frame: with the 2026-07-28 envelope in a modern run, with plain params in a legacy one. */
  frame(
    method: string,
    params: JsonObject = {},
    opts: RequestOptions = {},
    id: string | number = this.nextId(),
  ): string {
    const meta =
      opts.meta === null || (this.era === "legacy" && opts.meta === undefined)
        ? undefined
        : (opts.meta ?? this.envelope(opts.envelope));
    const p = meta === undefined ? params : { _meta: meta, ...params };
    return JSON.stringify({ jsonrpc: "2.0", id, method, params: p });
  }

  async request(method: string, params: JsonObject = {}, opts: RequestOptions = {}): Promise<Reply> {
    let send: RequestOptions = opts;
    if (
      method === "tools/call" &&
      this.transport === "http" &&
      opts.paramHeaders !== false &&
      this.run.profile.sendsParamHeaders
    ) {
      const headers = await this.paramHeadersFor(params);
      if (Object.keys(headers).length) send = { ...opts, headers: { ...headers, ...opts.headers } };
    }
    return replyOf(await this.raw(this.frame(method, params, send), { label: `${this.checkId} ${method}`, ...send }));
  }

  /** Mcp-Param-{Name} for each annotated argument that is present and not null (lib/protocol/http-headers.ts). */
  private async paramHeadersFor(params: JsonObject): Promise<Record<string, string>> {
    const { items } = await this.run.once(`list:tools/list`, () => this.fetchList("tools/list"));
    const tools = items.flatMap((t) =>
      typeof t.name === "string" ? [{ name: t.name, inputSchema: t.inputSchema }] : [],
    );
    return this.run.profile.paramHeaders({ method: "tools/call", params }, tools).headers;
  }

  async notify(method: string, params: JsonObject = {}, opts: CheckSendOptions = {}): Promise<Exchange> {
    return this.raw(JSON.stringify({ jsonrpc: "2.0", method, params }), {
      label: `${this.checkId} ${method}`,
      ...opts,
    });
  }

  /** Adds exchanges another check produced (memoised lists, the MRTR probe) to this check's evidence. */
  cite(...items: (Reply | Exchange | undefined)[]): void {
    for (const x of items) {
      if (!x) continue;
      const ex = "sendId" in x ? x : x.exchange;
      if (!this.touched.includes(ex)) this.touched.push(ex);
    }
  }

  /** Memoises work shared by several checks of the run (the first caller's exchanges carry it). */
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.run.once(key, make);
  }

  observed(): readonly Exchange[] {
    return this.run.observed;
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** The sendIds this check sent or relied on so far. */
  evidence(): string[] {
    return sendIds(...this.touched);
  }

  /** A detail is English text, or a catalogue Msg (kept next to its English so the page can say it in any language). */
  private verdict(status: Verdict["status"], detail: Detail, level?: Level): Verdict {
    const text = isMsg(detail) ? { detail: say(detail), detailMsg: detail } : { detail };
    return { status, ...text, evidence: sendIds(...this.touched), ...(level ? { level } : {}) };
  }
  pass(detail: Detail, level?: Level): Verdict {
    return this.verdict("pass", detail, level);
  }
  fail(detail: Detail, level?: Level): Verdict {
    return this.verdict("fail", detail, level);
  }
  warn(detail: Detail, level?: Level): Verdict {
    return this.verdict("warn", detail, level);
  }
  /** The feature is absent: the check does not apply (it leaves the score). */
  skip(detail: Detail): Verdict {
    return this.verdict("skip", detail);
  }
  /** A precondition broke (see the check named in the detail): the check could not run (it stays in the score). */
  blocked(detail: Detail): Verdict {
    return { ...this.verdict("skip", detail), blocked: true };
  }
  /** The rule applies, but something optional the test needs is missing (no tool it may call…): not a failure. */
  notTestable(detail: Detail): Verdict {
    return this.verdict("not-testable", detail);
  }

  // ---- memoised probes shared by the run (lib/checks/probes.ts) ----

  async discover(): Promise<DiscoverInfo> {
    if (this.legacy) return legacyDiscover(this.legacy);
    const info = await this.run.once("discover", () => fetchDiscover(this));
    this.cite(info.reply);
    return info;
  }

  /** Whether server/discover declared the capability (e.g. "prompts"). */
  async declares(capability: string): Promise<boolean> {
    const info = await this.discover();
    if (info.result || !this.run.inferCapabilities) return asObject(info.capabilities[capability]) !== undefined;
    const method = LIST_METHODS.find((m) => LIST_CAPABILITY[m] === capability);
    return method !== undefined && !(await this.list(method)).failure;
  }

  /** Discovery is broken, so only the list capabilities are known (inferred); the others are unknown, not absent. */
  async capabilitiesUnknown(): Promise<boolean> {
    return this.run.inferCapabilities && !(await this.discover()).result;
  }

  /** All pages of a list, following nextCursor (at most 20 pages, one when emulating); memoised for the run. */
  async list(method: ListMethod): Promise<ListInfo> {
    const info = await this.run.once(`list:${method}`, () => this.fetchList(method));
    this.cite(...info.pages);
    return info;
  }

  /** All pages of a list, fetched now (not memoised): to compare answers across sends or processes. */
  fetchList(method: ListMethod, opts: RequestOptions = {}): Promise<ListInfo> {
    // An emulated first-page-only client stops after one page (reported as truncated when the list had more).
    return fetchPages(this, method, opts, this.run.profile.emulation?.firstPageOnly ? 1 : undefined);
  }

  /** Sends text as is and reads the answer. */
  async rawRequest(text: string, opts: CheckSendOptions = {}): Promise<Reply> {
    return replyOf(await this.raw(text, opts));
  }

  /** Tools the policy lets the suite call (read-only: annotations.readOnlyHint === true). */
  async callableTools(): Promise<JsonObject[]> {
    if (this.options.toolCalls === "none" || !(await this.declares("tools"))) return [];
    const { items } = await this.list("tools/list");
    if (this.options.toolCalls === "all") return items;
    return items.filter((t) => asObject(t.annotations)?.readOnlyHint === true);
  }

  /** Arguments for a tool: required properties only, or (`all`) every property, optional ones included. */
  toolArguments(tool: JsonObject, all = false): JsonObject {
    return (asObject(synthesize(asObject(tool.inputSchema) ?? { type: "object" }, 0, all)) ?? {}) as JsonObject;
  }

  /** Finds a request that answers input_required: prompts and resources first (no side effects), then tools. */
  async mrtr(): Promise<MrtrProbe | undefined> {
    const probe = await this.run.once("mrtr", () => findMrtr(this));
    if (probe) this.cite(probe.first);
    return probe;
  }

  /** Retry params for an MRTR answer: same method params, the suite's answers and the exact requestState. */
  retryParams(
    probe: MrtrProbe,
    changes: { inputResponses?: JsonObject; requestState?: string | null } = {},
  ): JsonObject {
    return retryParams(probe, changes);
  }
}
