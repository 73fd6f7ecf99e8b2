/**
 * One send, start to end: the card appears pending with the send head, the client cache may answer a plain send,
 * otherwise the bridge client delivers it; the card then settles as done or as a bridge error, and a target with a
 * process gets its status refreshed. No React; the client is injected so tests can pass a fake.
 */
import type { Msg } from "../i18n/translate";
// The one bridge client interface: the page's lazy client (components/playground/useSession.ts) and tests' fakes implement it.
import type { BridgeClient } from "../bridge/client";
import type { Exchange, SendHead, SendOptions, SendRequest, Target } from "../bridge/contract";
import { keepSentOnce, sentText } from "../protocol/exchange";
import { frameValue, type FrameDraft } from "../protocol/frame";
import { pageSendOptions } from "../bridge/send-options";
import { sendTimeoutMs } from "./first-run";
import { oneLine } from "./one-line";
import { selectTarget, targetHasProcess, type TargetView } from "./selectors";
import type { TimelineEntry } from "./state";
import type { Store } from "./store";

/** The send head of the send the cache sees, with the target's key and its upstream headers. */
export interface CacheHookContext extends SendHead {
  targetKey: string;
  /** The sent frame parsed (undefined when it is not JSON): the cache reads this, not `sent`. */
  sentFrame: unknown;
  /** Every header this send carries upstream (target headers, then per-send ones): Authorization keys private entries. */
  headers?: Record<string, string>;
}

/** What the session's deliver() calls (lib/cache/runtime.ts implements it): a local answer (or null to go to the server), and every real exchange. */
export interface CacheHooks {
  answer(ctx: CacheHookContext): Exchange | null;
  observe(exchange: Exchange, ctx: CacheHookContext): void;
}

export interface CommandDeps {
  client: BridgeClient;
  now?: () => number;
  newSendId?: () => string;
  /** The client cache (Cache tab): may answer a plain send locally, and sees every real exchange. */
  cache?: CacheHooks;
}

export type ProcessAction = "status" | "restart" | "close";

/** What a panel may set on a send besides the frame (the conformance checks need all of it); the session itself decides insist and headers. */
export type SendExtras = Omit<SendOptions, "insist" | "headers">;

/** The options that are set, so the request carries no `undefined` members. */
function setOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function defaultSendId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `s-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** How deliver() is asked to send: who sends it (label null = the user), its headers and the send's options. */
export type DeliverOptions = {
  label: string | null;
  /** The label in the reader's language (its English is `label`). */
  labelMsg?: Msg;
  headers?: Record<string, string>;
  insist: boolean;
  notJson: boolean;
  noCache?: boolean;
  view?: TargetView;
  emulation?: TimelineEntry["emulation"];
} & SendExtras;

/** Asks the bridge for the target's process status (or restarts or closes it) and stores the answer under key. */
async function refreshProcessOf(
  store: Store,
  client: BridgeClient,
  target: Target,
  key: string,
  action: ProcessAction,
): Promise<void> {
  const reqSeq = store.getState().processSeq + 1;
  store.dispatch({ type: "process/requested", targetKey: key, reqSeq });
  try {
    const reply = await client.process(action, target);
    if (reply.ok) store.dispatch({ type: "process/result", targetKey: key, reqSeq, value: reply.value });
    else store.dispatch({ type: "process/error", targetKey: key, reqSeq, message: `${reply.kind}: ${reply.message}` });
  } catch (e) {
    store.dispatch({
      type: "process/error",
      targetKey: key,
      reqSeq,
      message: `could not reach the bridge (${(e as Error).message})`,
    });
  }
}

/**
 * The record keeps the sent frame as text only (in its event): when that is the text this page sent, the draft's
 * parse is its parse, so nothing after the send parses the frame again (issue 31 item 1).
 */
function withDraftParse(exchange: Exchange, ctx: CacheHookContext): Exchange {
  return sentText(exchange) === ctx.sent ? keepSentOnce(exchange, { frame: ctx.sentFrame }) : exchange;
}

export function createDelivery(store: Store, deps: CommandDeps) {
  const now = deps.now ?? Date.now;
  const newSendId = deps.newSendId ?? defaultSendId;
  const { client } = deps;

  const refreshProcess = (target: Target, key: string, action: ProcessAction = "status") =>
    refreshProcessOf(store, client, target, key, action);

  /** The bridge's answer settles the card (seq) as done, or as a bridge error; the cache sees every real exchange. */
  async function viaBridge(req: SendRequest, seq: number, cacheCtx: CacheHookContext, noCache?: boolean) {
    try {
      const reply = await client.send(req);
      if (!reply.ok) {
        store.dispatch({ type: "send/failed", seq, kind: reply.kind, message: reply.message });
        return null;
      }
      const exchange = withDraftParse(reply.value, cacheCtx);
      store.dispatch({ type: "send/finished", seq, exchange });
      if (!noCache) deps.cache?.observe(exchange, cacheCtx);
      return exchange;
    } catch (e) {
      store.dispatch({
        type: "send/failed",
        seq,
        kind: "network",
        message: `could not reach the bridge (${(e as Error).message}); is the playground server still running?`,
      });
      return null;
    }
  }

  /** Delivers one frame and records it in the timeline; resolves with the exchange, or null if the bridge refused. */
  async function deliver(draft: FrameDraft, opts: DeliverOptions): Promise<Exchange | null> {
    const state = store.getState();
    const view = opts.view ?? selectTarget(state);
    if (view.kind !== "ready") return null;
    const text = draft.text;
    const frame = !opts.notJson && view.transport === "stdio" && state.stdioOneLine ? oneLine(text) : text;
    const sentFrame = frameValue(draft);
    const seq = state.seq + 1;
    const sendId = newSendId();
    const { label, labelMsg, headers, insist, notJson, noCache, view: _view, emulation, ...extras } = opts;
    void _view;
    const ranBefore = state.entries.some((e) => e.targetKey === view.key && e.phase.status === "done");
    const timeoutMs = opts.timeoutMs ?? sendTimeoutMs(view.target, state.timeoutMs, ranBefore);
    const head: SendHead = { sendId, targetLabel: view.label, transport: view.transport, timeoutMs, sent: frame };
    store.dispatch({
      type: "send/started",
      ...head,
      seq,
      label,
      ...(labelMsg ? { labelMsg } : {}),
      targetKey: view.key,
      target: view.target,
      notJson,
      oneLined: frame !== text,
      sendHeaders: headers ?? null,
      ...(emulation ? { emulation } : {}),
      startedAt: now(),
      sentFrame,
    });
    const upstreamHeaders = { ...(view.target.kind === "http" ? view.target.headers : {}), ...headers };
    const cacheCtx: CacheHookContext = { ...head, sentFrame, targetKey: view.key, headers: upstreamHeaders };
    // Only a plain user send may be answered locally: probe and gateway steps must reach the server.
    const local = label === null && !noCache && !notJson ? (deps.cache?.answer(cacheCtx) ?? null) : null;
    if (local) {
      store.dispatch({ type: "send/finished", seq, exchange: local });
      return local;
    }
    const request: SendRequest = {
      sendId,
      target: view.target,
      frame,
      insist,
      ...(headers ? { headers } : {}),
      // The page's send options, unless the caller chose (docs/timeouts.md).
      ...pageSendOptions(state.sendOptions ?? {}, timeoutMs),
      ...setOnly(extras),
      timeoutMs,
    };
    const exchange = await viaBridge(request, seq, cacheCtx, noCache);
    if (targetHasProcess(view.target)) void refreshProcess(view.target, view.key);
    return exchange;
  }

  return { deliver, refreshProcess };
}

export type Deliver = ReturnType<typeof createDelivery>["deliver"];
