/**
 * What is in flight on the bridge: the slot queue every send waits in (at most LIMITS.maxConcurrentSends run,
 * the next LIMITS.maxQueuedSends wait in arrival order) and the map of cancellable sends and listens that
 * POST /api/bridge/cancel reaches. Importable by the CLI.
 */
import { performance } from "node:perf_hooks";
import type { FailureKind } from "@/lib/bridge/contract";
import { BridgeError } from "./errors";
import { LIMITS } from "./limits";

const inFlight = new Map<string, AbortController>();

/** At most LIMITS.maxConcurrentSends sends run; the next LIMITS.maxQueuedSends wait in arrival order. */
interface SendSlots {
  running: number;
  waiting: (() => void)[];
}
const slots: SendSlots = { running: 0, waiting: [] };

type SlotResult = { ok: true; waitedMs: number } | { ok: false; failure: FailureKind; message: string };

export function acquireSlot(signal: AbortSignal): Promise<SlotResult> | SlotResult {
  if (slots.running < LIMITS.maxConcurrentSends) {
    slots.running++;
    return { ok: true, waitedMs: 0 };
  }
  if (slots.waiting.length >= LIMITS.maxQueuedSends) {
    return {
      ok: false,
      failure: "refused",
      message: `the bridge is at capacity (${LIMITS.maxConcurrentSends} sends in flight, ${LIMITS.maxQueuedSends} waiting); nothing was sent, try again shortly`,
    };
  }
  const queuedAt = performance.now();
  return new Promise((resolve) => {
    const finish = (result: SlotResult) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      const at = slots.waiting.indexOf(grant);
      if (at !== -1) slots.waiting.splice(at, 1);
      resolve(result);
    };
    // A freed slot is handed over directly (running stays the same), so nobody can overtake the queue.
    const grant = () => finish({ ok: true, waitedMs: Math.round(performance.now() - queuedAt) });
    const onAbort = () =>
      finish({
        ok: false,
        failure: "cancelled",
        message: "cancelled by the user while waiting for a free bridge slot; nothing was sent",
      });
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          failure: "refused",
          message: `no free bridge slot within ${LIMITS.maxQueueWaitMs} ms (${LIMITS.maxConcurrentSends} sends in flight); nothing was sent`,
        }),
      LIMITS.maxQueueWaitMs,
    );
    signal.addEventListener("abort", onAbort, { once: true });
    slots.waiting.push(grant);
  });
}

export function releaseSlot(): void {
  const next = slots.waiting.shift();
  if (next) next();
  else slots.running--;
}

/** Sends running and waiting right now (for the load test and status pages). */
export function sendLoad(): { running: number; waiting: number } {
  return { running: slots.running, waiting: slots.waiting.length };
}

/** A send registers under its sendId for its whole life; a second send with the same id is refused. */
export function registerSend(sendId: string, controller: AbortController): () => void {
  if (inFlight.has(sendId))
    throw new BridgeError(
      "bad-request",
      `a send with sendId ${JSON.stringify(sendId)} is already in flight; use a new sendId`,
    );
  inFlight.set(sendId, controller);
  return () => {
    if (inFlight.get(sendId) === controller) inFlight.delete(sendId);
  };
}

/** Long-lived requests (subscriptions/listen) register here, so POST /api/bridge/cancel ends them too. */
export function registerCancellable(id: string, controller: AbortController): () => void {
  if (inFlight.has(id))
    throw new BridgeError(
      "bad-request",
      `a send or listen with id ${JSON.stringify(id)} is already in flight; use a new id`,
    );
  inFlight.set(id, controller);
  return () => {
    if (inFlight.get(id) === controller) inFlight.delete(id);
  };
}

/** Cancels an in-flight send (stdio: notifications/cancelled; HTTP: closes the stream). False if none. */
export function cancel(sendId: string): boolean {
  const controller = inFlight.get(sendId);
  if (!controller) return false;
  controller.abort();
  return true;
}
