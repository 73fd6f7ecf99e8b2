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

export function createCacheRuntime(deps: { openStream: OpenListenStream; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const store = createCacheStore();
  const streams = new Map<string, ListenStreamLike>();
  let listenSeq = 0;

  const hooks: CacheHooks = {
    answer(ctx) {
      if (!store.getState().enabled) return null;
      const frame = ctx.sentFrame;
      const auth = authContextFromHeaders(ctx.headers);
      const at = now();
      const look = lookup(store.getState().cache, frame, {
        partition: partitionFor(ctx.targetKey, frame),
        auth,
        now: at,
      });
      if (look.kind !== "hit") return null;
      const exchange = localAnswerExchange({
        ...ctx,
        sentFrame: frame,
        requestId: (frame as { id: string | number }).id,
        entry: look.entry,
        ageMs: look.ageMs,
        now: at,
      });
      store.dispatch({
        type: "cache/served",
        sendId: ctx.sendId,
        entryId: look.entry.id,
        keyLabel: look.entry.keyLabel,
        ageMs: look.ageMs,
        now: at,
      });
      return exchange;
    },
    observe(exchange, ctx) {
      store.dispatch({
        type: "cache/observed",
        exchange,
        targetKey: ctx.targetKey,
        auth: authContextFromHeaders(ctx.headers),
        now: now(),
      });
    },
  };

  return {
    store,
    hooks,
    /** A bare listen stream through the bridge (the Tasks view's push), outside the cache's own listens. */
    openStream: deps.openStream,

    /** Opens a subscriptions/listen stream through the bridge; its notifications invalidate entries as they arrive. */
    openListen(input: {
      target: Target;
      targetKey: string;
      targetLabel: string;
      frameText: string;
      headers?: Record<string, string>;
    }): string {
      const listenId = `listen-${Date.now().toString(36)}-${++listenSeq}`;
      store.dispatch({
        type: "listen/opened",
        listenId,
        targetKey: input.targetKey,
        targetLabel: input.targetLabel,
        frameText: input.frameText,
      });
      const stream = deps.openStream(
        {
          listenId,
          target: input.target,
          frame: input.frameText,
          ...(input.headers ? { headers: input.headers } : {}),
        },
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

    /** Every cacheable method once (lists page by page), each request visible in the timeline as "cache audit". */
    async audit(
      sendFrame: SendFrame,
      input: { targetLabel: string; envelope?: Envelope; firstPageOnly?: boolean },
    ): Promise<void> {
      store.dispatch({ type: "audit/started", targetLabel: input.targetLabel });
      try {
        const report = await auditCacheHints(
          async (text) => {
            const method = (tryParseJson(text) as { method?: string } | undefined)?.method ?? "?";
            const exchange = await sendFrame(text, { label: `cache audit: ${method}`, noCache: true });
            if (!exchange) return { ok: false, message: "the bridge did not deliver it (see the timeline)" };
            return exchange.outcome.kind === "response"
              ? { ok: true, response: exchange.outcome.frame }
              : { ok: false, message: exchange.outcome.kind === "failure" ? exchange.outcome.message : "no reply" };
          },
          { ...(input.envelope ? { envelope: input.envelope } : {}), ...(input.firstPageOnly ? { maxPages: 1 } : {}) },
        );
        store.dispatch({ type: "audit/finished", report });
      } catch (e) {
        store.dispatch({ type: "audit/failed", message: (e as Error).message });
      }
    },

    /** The editor's frame as each gateway user, through one shared cache: public results cross users, private ones never. */
    async replayAsUsers(
      sendFrame: SendFrame,
      input: { frameText: string; targetKey: string; targetLabel: string; overHttp: boolean },
    ): Promise<void> {
      if (tryParseJson(input.frameText) === undefined) {
        store.dispatch({
          type: "gateway/failed",
          message:
            "The editor's frame is not JSON; the gateway replays a request such as resources/read or tools/list.",
        });
        return;
      }
      store.dispatch({ type: "gateway/started" });
      const send: GatewaySend = async (text, user) => {
        const headers = input.overHttp ? { Authorization: user.authorization } : undefined;
        // noCache: the gateway's fetches belong to the gateway's cache, not to this client's.
        const exchange = await sendFrame(text, { label: `gateway: ${user.name}`, headers, noCache: true });
        if (!exchange) return { ok: false, message: "the bridge did not deliver it (see the timeline)" };
        if (exchange.outcome.kind !== "response")
          return { ok: false, message: exchange.outcome.kind === "failure" ? exchange.outcome.message : "no reply" };
        return { ok: true, response: exchange.outcome.frame, sendId: exchange.sendId };
      };
      try {
        const state = store.getState();
        const out = await replayAsUsers(
          state.gateway.cache,
          input.frameText,
          state.gateway.users,
          input.targetKey,
          send,
          now,
        );
        store.dispatch({
          type: "gateway/finished",
          frameText: input.frameText,
          targetLabel: input.targetLabel,
          cache: out.state,
          steps: out.steps,
        });
      } catch (e) {
        store.dispatch({ type: "gateway/failed", message: (e as Error).message });
      }
    },
  };
}

export type CacheRuntime = ReturnType<typeof createCacheRuntime>;
