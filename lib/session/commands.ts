/**
 * What the buttons do: each command reads the store, talks to the bridge client and dispatches what happened.
 * No React here; the client is injected so tests can pass a fake.
 */
import type {
  BridgeReply,
  Exchange,
  ProcessStatus,
  SendHead,
  SendOptions,
  SendRequest,
  Target,
} from "../bridge/contract";
import { runEraProbe } from "../protocol/era";
import { draftFrame, frameValue, type FrameDraft } from "../protocol/frame";
import { pageSendOptions } from "../bridge/send-options";
import { profileOf } from "./envelope";
import { emulatedSend } from "./emulated-send";
import { sendTimeoutMs } from "./first-run";
import { oneLine } from "./one-line";
import { selectSendHeaders, selectTarget, targetHasProcess, targetView, type TargetView } from "./selectors";
import type { TimelineEntry } from "./state";
import type { Store } from "./store";

export interface BridgeClientLike {
  send(req: SendRequest): Promise<BridgeReply<Exchange>>;
  cancel(sendId: string): Promise<BridgeReply<unknown>>;
  process(action: "status" | "restart" | "close", target: Target): Promise<BridgeReply<ProcessStatus>>;
  post<T>(route: string, body: unknown): Promise<BridgeReply<T>>;
}

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
  client: BridgeClientLike;
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

export function createCommands(store: Store, deps: CommandDeps) {
  const now = deps.now ?? Date.now;
  const newSendId = deps.newSendId ?? defaultSendId;
  const { client } = deps;

  async function refreshProcess(target: Target, key: string, action: ProcessAction = "status"): Promise<void> {
    const reqSeq = store.getState().processSeq + 1;
    store.dispatch({ type: "process/requested", targetKey: key, reqSeq });
    try {
      const reply = await client.process(action, target);
      if (reply.ok) store.dispatch({ type: "process/result", targetKey: key, reqSeq, value: reply.value });
      else
        store.dispatch({ type: "process/error", targetKey: key, reqSeq, message: `${reply.kind}: ${reply.message}` });
    } catch (e) {
      store.dispatch({
        type: "process/error",
        targetKey: key,
        reqSeq,
        message: `could not reach the bridge (${(e as Error).message})`,
      });
    }
  }

  /** Delivers one frame and records it in the timeline; resolves with the exchange, or null if the bridge refused. */
  async function deliver(
    draft: FrameDraft,
    opts: {
      label: string | null;
      headers?: Record<string, string>;
      insist: boolean;
      notJson: boolean;
      noCache?: boolean;
      view?: TargetView;
      emulation?: TimelineEntry["emulation"];
    } & SendExtras,
  ): Promise<Exchange | null> {
    const state = store.getState();
    const view = opts.view ?? selectTarget(state);
    if (view.kind !== "ready") return null;
    const text = draft.text;
    const frame = !opts.notJson && view.transport === "stdio" && state.stdioOneLine ? oneLine(text) : text;
    const sentFrame = frameValue(draft);
    const seq = state.seq + 1;
    const sendId = newSendId();
    const {
      label: _label,
      headers: _headers,
      insist: _insist,
      notJson: _notJson,
      noCache: _noCache,
      view: _view,
      emulation,
      ...extras
    } = opts;
    const ranBefore = state.entries.some((e) => e.targetKey === view.key && e.phase.status === "done");
    const timeoutMs = opts.timeoutMs ?? sendTimeoutMs(view.target, state.timeoutMs, ranBefore);
    const head: SendHead = { sendId, targetLabel: view.label, transport: view.transport, timeoutMs, sent: frame };
    store.dispatch({
      type: "send/started",
      ...head,
      seq,
      label: opts.label,
      targetKey: view.key,
      target: view.target,
      notJson: opts.notJson,
      oneLined: frame !== text,
      sendHeaders: opts.headers ?? null,
      ...(emulation ? { emulation } : {}),
      startedAt: now(),
      sentFrame,
    });
    const upstreamHeaders = { ...(view.target.kind === "http" ? view.target.headers : {}), ...opts.headers };
    const cacheCtx: CacheHookContext = { ...head, sentFrame, targetKey: view.key, headers: upstreamHeaders };
    // Only a plain user send may be answered locally: probe and gateway steps must reach the server.
    const local = opts.label === null && !opts.noCache && !opts.notJson ? (deps.cache?.answer(cacheCtx) ?? null) : null;
    if (local) {
      store.dispatch({ type: "send/finished", seq, exchange: local });
      return local;
    }
    let exchange: Exchange | null = null;
    try {
      const reply = await client.send({
        sendId,
        target: view.target,
        frame,
        insist: opts.insist,
        ...(opts.headers ? { headers: opts.headers } : {}),
        // The page's send options, unless the caller chose (docs/timeouts.md).
        ...pageSendOptions(state.sendOptions ?? {}, timeoutMs),
        ...setOnly(extras),
        timeoutMs,
      });
      if (reply.ok) {
        exchange = reply.value;
        store.dispatch({ type: "send/finished", seq, exchange });
        if (!opts.noCache) deps.cache?.observe(exchange, cacheCtx);
      } else {
        store.dispatch({ type: "send/failed", seq, kind: reply.kind, message: reply.message });
      }
    } catch (e) {
      store.dispatch({
        type: "send/failed",
        seq,
        kind: "network",
        message: `could not reach the bridge (${(e as Error).message}); is the playground server still running?`,
      });
    }
    if (targetHasProcess(view.target)) void refreshProcess(view.target, view.key);
    return exchange;
  }

  return {
    /** Send the editor text as written. Text that is not JSON goes out only with insist. */
    async send(opts: { insist?: boolean } = {}): Promise<void> {
      const state = store.getState();
      const view = selectTarget(state);
      if (view.kind !== "ready") {
        store.dispatch({ type: "send/blocked", problem: { kind: "target", message: view.problem } });
        return;
      }
      // The one parse of this frame: everything after reads the draft's value.
      const written = draftFrame(state.editor.text);
      const notJson = !written.json.ok;
      if (!written.json.ok && !opts.insist) {
        const message = `The frame is not JSON: ${written.json.error}. Fix it, or press "Send anyway" to deliver it exactly as written (the server's parse error is worth seeing too).`;
        store.dispatch({ type: "send/blocked", problem: { kind: "not-json", message } });
        return;
      }
      const plan = emulatedSend(state, view, written);
      await deliver(plan.draft, {
        label: null,
        headers: plan.headers,
        insist: notJson,
        notJson,
        emulation: plan.emulation,
      });
    },

    async cancel(sendId: string): Promise<void> {
      try {
        await client.cancel(sendId);
      } catch {
        // The send itself reports what happened; a failed cancel changes nothing on screen.
      }
    },

    /** server/discover → verdict, falling back to initialize; every step lands in the timeline. */
    async probe(): Promise<void> {
      const state = store.getState();
      const view = selectTarget(state);
      if (view.kind !== "ready") {
        store.dispatch({ type: "send/blocked", problem: { kind: "target", message: view.problem } });
        return;
      }
      store.dispatch({ type: "probe/started", targetKey: view.key });
      // The probe speaks as the envelope's client: its capabilities (none for input without MRTR), its pinned version.
      const profile = profileOf(state.envelope);
      let step = 0;
      try {
        const verdict = await runEraProbe(
          async (frameText, extra) => {
            step += 1;
            const what = (extra?.label ?? "").replace(/^probe:\s*/, "");
            const exchange = await deliver(draftFrame(frameText), {
              label: `probe step ${step}: ${what}`,
              headers: extra?.headers,
              insist: false,
              notJson: false,
            });
            if (!exchange) throw new Error(`the bridge did not deliver probe step ${step} (${what}); see the timeline`);
            return exchange;
          },
          {
            preferredVersion: profile.protocolVersion,
            pinned: profile.pinned,
            clientCapabilities: profile.capabilities,
          },
        );
        const session =
          view.transport === "http" && verdict.sessionId
            ? { sessionId: verdict.sessionId, protocolVersion: verdict.version }
            : undefined;
        store.dispatch({
          type: "probe/finished",
          targetKey: view.key,
          verdict: {
            status: "done",
            era: verdict.era,
            version: verdict.version,
            reason: verdict.reason,
            reasonMsg: verdict.reasonMsg,
          },
          session,
        });
      } catch (e) {
        store.dispatch({ type: "probe/failed", targetKey: view.key, message: (e as Error).message });
      }
    },

    /**
     * For panels: deliver a frame they composed (catalogue fetch, checks, MRTR retry…) to the current target,
     * visibly — it lands in the timeline like any other send, labelled. Resolves with the exchange, or null
     * when the target is incomplete or the bridge refused (the timeline card says why).
     */
    async sendFrame(
      text: string,
      opts: {
        label: string;
        headers?: Record<string, string>;
        noCache?: boolean;
        insist?: boolean;
        rememberedSession?: boolean;
        target?: Target;
      } & SendExtras,
    ): Promise<Exchange | null> {
      const state = store.getState();
      // A replayed link sends each frame to the target it was recorded against, not the one in the form.
      const view = opts.target ? targetView(opts.target) : selectTarget(state);
      if (view.kind !== "ready") {
        store.dispatch({ type: "send/blocked", problem: { kind: "target", message: view.problem } });
        return null;
      }
      // The one parse of a panel's frame.
      const draft = draftFrame(text);
      // Checks compose every header themselves: they turn the remembered legacy session off.
      const remembered = opts.rememberedSession === false ? undefined : selectSendHeaders(state, view.key, draft);
      const headers = remembered || opts.headers ? { ...(remembered ?? {}), ...(opts.headers ?? {}) } : undefined;
      const { label, insist = false, noCache, rememberedSession, target, headers: asked, ...extras } = opts;
      return deliver(draft, { ...extras, label, headers, insist, notJson: false, noCache, view });
    },

    /** For panels: call another guarded API route (e.g. "lab/run") with the launch token; never throws. */
    async api<T>(route: string, body: unknown): Promise<BridgeReply<T>> {
      try {
        return await client.post<T>(route, body);
      } catch (e) {
        return {
          ok: false,
          kind: "internal",
          message: `could not reach the playground server (${(e as Error).message})`,
        };
      }
    },

    /** status / restart / close of the current target's kept-up process (stdio, or server-everything over HTTP). */
    async process(action: ProcessAction): Promise<void> {
      const view = selectTarget(store.getState());
      if (view.kind !== "ready" || !targetHasProcess(view.target)) return;
      await refreshProcess(view.target, view.key, action);
    },
  };
}

export type Commands = ReturnType<typeof createCommands>;
