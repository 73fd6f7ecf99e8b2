/**
 * What the buttons do: each command reads the store, talks to the bridge client and dispatches what happened.
 * No React here; the client is injected so tests can pass a fake. One send's way is deliver.ts; the probe's is
 * probe-command.ts.
 */
import type { Msg } from "../i18n/translate";
import type { BridgeReply, Exchange, Target } from "../bridge/contract";
import { draftFrame } from "../protocol/frame";
import { createDelivery, type CommandDeps, type ProcessAction, type SendExtras } from "./deliver";
import { emulatedSend } from "./emulated-send";
import { probeTarget } from "./probe-command";
import { selectSendHeaders, selectTarget, targetHasProcess, targetView } from "./selectors";
import type { Store } from "./store";

export type { BridgeClient } from "../bridge/client";
export type { CacheHookContext, CacheHooks, CommandDeps, ProcessAction, SendExtras } from "./deliver";

export function createCommands(store: Store, deps: CommandDeps) {
  const { client } = deps;
  const { deliver, refreshProcess } = createDelivery(store, deps);

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
    probe: (): Promise<void> => probeTarget(store, deliver),

    /**
     * For panels: deliver a frame they composed (catalogue fetch, checks, MRTR retry…) to the current target,
     * visibly — it lands in the timeline like any other send, labelled. Resolves with the exchange, or null
     * when the target is incomplete or the bridge refused (the timeline card says why).
     */
    async sendFrame(
      text: string,
      opts: {
        label: string;
        labelMsg?: Msg;
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
