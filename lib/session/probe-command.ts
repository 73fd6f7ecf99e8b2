/** The era probe as a command: server/discover → verdict, falling back to initialize; every step lands in the timeline. */
import { runEraProbe } from "../protocol/era";
import { draftFrame } from "../protocol/frame";
import { msg } from "../i18n/translate";
import type { Deliver } from "./deliver";
import { profileOf } from "./envelope";
import { selectTarget } from "./selectors";
import type { Store } from "./store";

export async function probeTarget(store: Store, deliver: Deliver): Promise<void> {
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
          ...(extra?.labelMsg ? { labelMsg: msg("probeSteps.step", { step, what: extra.labelMsg }) } : {}),
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
}
