/**
 * The client cache at work: hooks the session's send path calls (answer locally when on; observe every
 * real exchange), the listen streams, and the gateway replay. No React: useCache() adapts the store, and
 * the bridge's listen client is injected (the page loads it lazily, tests pass the real one).
 */
import type { Exchange, Target } from "../bridge/contract";
import type { ListenLine, ListenRequest } from "../bridge/listen-contract";
import type { Envelope } from "../protocol/meta";
import {
  auditCacheHints,
  authContextFromHeaders,
  localAnswerExchange,
  lookup,
  partitionFor,
  replayAsUsers,
  type GatewaySend,
} from "./rules";
import type { CacheHooks } from "../session/commands";
import { createReducerStore, type ReducerStore } from "../session/store";
import { cacheReducer, initialCacheState, type CacheAction, type CacheSessionState } from "./state";
import { tryParseJson } from "../protocol/json";
import { replyFrame } from "../protocol/exchange";

export interface ListenStreamLike {
  /** The end line (also when the bridge refused before streaming, which sends no lines at all). */
  done: Promise<Extract<ListenLine, { kind: "end" }>>;
  close(): Promise<void>;
}

export type OpenListenStream = (req: ListenRequest, onLine: (line: ListenLine) => void) => ListenStreamLike;

/** The session's sendFrame(), as the gateway uses it: every upstream fetch lands in the timeline, labelled. */
export type SendFrame = (
  text: string,
  opts: { label: string; headers?: Record<string, string>; noCache?: boolean },
) => Promise<Exchange | null>;

export type CacheStore = ReducerStore<CacheSessionState, CacheAction>;

export function createCacheStore(initial: CacheSessionState = initialCacheState()): CacheStore {
  return createReducerStore(cacheReducer, initial);
}

/** The session's send-path hooks: answer a send from the cache when it is on and holds a hit; observe every exchange. */
function cacheHooks(store: CacheStore, now: () => number): CacheHooks {
  return {
    answer(ctx) {
      if (!store.getState().enabled) return null;
      const frame = ctx.sentFrame;
      const at = now();
      const partition = partitionFor(ctx.targetKey, frame);
      const look = lookup(store.getState().cache, frame, {
        partition,
        auth: authContextFromHeaders(ctx.headers),
        now: at,
      });
      if (look.kind !== "hit") return null;
      const { entry, ageMs } = look;
      const requestId = (frame as { id: string | number }).id;
      const exchange = localAnswerExchange({ ...ctx, sentFrame: frame, requestId, entry, ageMs, now: at });
      const served = { sendId: ctx.sendId, entryId: entry.id, keyLabel: entry.keyLabel, ageMs, now: at };
      store.dispatch({ type: "cache/served", ...served });
      return exchange;
    },
    observe(exchange, ctx) {
      const auth = authContextFromHeaders(ctx.headers);
      store.dispatch({ type: "cache/observed", exchange, targetKey: ctx.targetKey, auth, now: now() });
    },
  };
}

export interface ListenInput {
  target: Target;
  targetKey: string;
  targetLabel: string;
  frameText: string;
  headers?: Record<string, string>;
}

/** The cache's subscriptions/listen streams through the bridge: their notifications invalidate entries as they arrive. */
function cacheListens(store: CacheStore, openStream: OpenListenStream, now: () => number) {
  const streams = new Map<string, ListenStreamLike>();
  let listenSeq = 0;
  return {
    openListen(input: ListenInput): string {
      const listenId = `listen-${Date.now().toString(36)}-${++listenSeq}`;
      const { targetKey, targetLabel, frameText } = input;
      store.dispatch({ type: "listen/opened", listenId, targetKey, targetLabel, frameText });
      const stream = openStream(
        { listenId, target: input.target, frame: frameText, ...(input.headers ? { headers: input.headers } : {}) },
        (line) => store.dispatch({ type: "listen/line", listenId, line, now: now() }),
      );
      streams.set(listenId, stream);
      void stream.done.then((end) => {
        streams.delete(listenId);
        // A refusal before streaming comes back only as the end value, never as a line.
        const session = store.getState().listens.find((l) => l.listenId === listenId);
        if (session && session.status !== "ended")
          store.dispatch({ type: "listen/line", listenId, line: end, now: now() });
      });
      return listenId;
    },
    async closeListen(listenId: string): Promise<void> {
      await streams.get(listenId)?.close();
    },
  };
}

/** What a send through the timeline brought back, as the audit and the gateway read it. */
function replyOf(exchange: Exchange | null) {
  if (!exchange) return { ok: false as const, message: "the bridge did not deliver it (see the timeline)" };
  if (exchange.outcome.kind !== "response")
    return { ok: false as const, message: exchange.outcome.kind === "failure" ? exchange.outcome.message : "no reply" };
  return { ok: true as const, response: replyFrame(exchange), sendId: exchange.sendId };
}

export interface AuditInput {
  targetLabel: string;
  envelope?: Envelope;
  firstPageOnly?: boolean;
}

/** Every cacheable method once (lists page by page), each request visible in the timeline as "cache audit". */
async function audit(store: CacheStore, sendFrame: SendFrame, input: AuditInput): Promise<void> {
  store.dispatch({ type: "audit/started", targetLabel: input.targetLabel });
  try {
    const report = await auditCacheHints(
      async (text) => {
        const method = (tryParseJson(text) as { method?: string } | undefined)?.method ?? "?";
        const reply = replyOf(await sendFrame(text, { label: `cache audit: ${method}`, noCache: true }));
        return reply.ok ? { ok: true, response: reply.response } : reply;
      },
      { ...(input.envelope ? { envelope: input.envelope } : {}), ...(input.firstPageOnly ? { maxPages: 1 } : {}) },
    );
    store.dispatch({ type: "audit/finished", report });
  } catch (e) {
    store.dispatch({ type: "audit/failed", message: (e as Error).message });
  }
}

export interface GatewayInput {
  frameText: string;
  targetKey: string;
  targetLabel: string;
  overHttp: boolean;
}

/** The editor's frame as each gateway user, through one shared cache: public results cross users, private ones never. */
async function replayGateway(store: CacheStore, now: () => number, sendFrame: SendFrame, input: GatewayInput) {
  if (tryParseJson(input.frameText) === undefined) {
    const message =
      "The editor's frame is not JSON; the gateway replays a request such as resources/read or tools/list.";
    store.dispatch({ type: "gateway/failed", message });
    return;
  }
  store.dispatch({ type: "gateway/started" });
  const send: GatewaySend = async (text, user) => {
    const headers = input.overHttp ? { Authorization: user.authorization } : undefined;
    // noCache: the gateway's fetches belong to the gateway's cache, not to this client's.
    return replyOf(await sendFrame(text, { label: `gateway: ${user.name}`, headers, noCache: true }));
  };
  try {
    const { cache, users } = store.getState().gateway;
    const out = await replayAsUsers(cache, input.frameText, users, input.targetKey, send, now);
    const { frameText, targetLabel } = input;
    store.dispatch({ type: "gateway/finished", frameText, targetLabel, cache: out.state, steps: out.steps });
  } catch (e) {
    store.dispatch({ type: "gateway/failed", message: (e as Error).message });
  }
}

export function createCacheRuntime(deps: { openStream: OpenListenStream; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const store = createCacheStore();
  return {
    store,
    hooks: cacheHooks(store, now),
    /** A bare listen stream through the bridge (the Tasks view's push), outside the cache's own listens. */
    openStream: deps.openStream,
    ...cacheListens(store, deps.openStream, now),
    audit: (sendFrame: SendFrame, input: AuditInput) => audit(store, sendFrame, input),
    replayAsUsers: (sendFrame: SendFrame, input: GatewayInput) => replayGateway(store, now, sendFrame, input),
  };
}

export type CacheRuntime = ReturnType<typeof createCacheRuntime>;
