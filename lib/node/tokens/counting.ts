/**
 * Bills a catalogue off the request thread, with bounded work: the route (/api/tokens) and the CLI
 * (`cli tokens`) both come here. The catalogue's size is checked first (characters, smaller in hosted mode),
 * then it is counted on a worker thread (dist-servers/tokens-worker.mjs, lib/node/tokens/worker.ts) with a
 * deadline; past it the worker is stopped and the caller gets a clear error. Other requests never wait on
 * a count: at most LIMITS.tokenWorkers bills run at once (a second worker starts when a bill has waited
 * SPILL_AFTER_MS for the first), a few more wait in a bounded queue. Fair shares: in hosted mode a client has at
 * most one bill running or waiting, and a bill that waited maxWaitMs for a worker is refused with "try again".
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { repoRoot } from "../bridge/embedded";
import { HOSTED_LIMITS, LIMITS } from "../bridge/limits";
import { FairSlots } from "../bridge/fair-slots";
import { isHosted } from "../bridge/target-policy";
import type { Bill } from "@/lib/tokens/bill";
import type { Catalogue } from "@/lib/tokens/catalogue";
import type { BillOptions, Encoding } from "@/lib/tokens/options";
import type { CountJob, CountResult, CountStarted, WarmJob } from "./worker";

/**
 * Why a bill was not counted: `too-large` (size, or the counting deadline: 413 in every mode), `rate-limited` (this
 * client's share is in use, the queue is full, or the bill waited too long for a worker: 429), `internal`.
 */
export class CountError extends Error {
  override readonly name = "CountError";
  constructor(
    readonly kind: "too-large" | "rate-limited" | "internal",
    message: string,
  ) {
    super(message);
  }
}

/** A CountError, also one built by another copy of this module (instanceof alone would miss it). */
export function isCountError(e: unknown): e is CountError {
  return (
    e instanceof CountError ||
    (e instanceof Error && e.name === "CountError" && typeof (e as CountError).kind === "string")
  );
}

export interface TokensLimits {
  maxChars: number;
  deadlineMs: number;
  /** How long a bill may wait for a worker before it is refused. */
  maxWaitMs: number;
}

export function tokensLimits(): TokensLimits {
  return isHosted()
    ? {
        maxChars: HOSTED_LIMITS.maxTokensChars,
        deadlineMs: HOSTED_LIMITS.tokensDeadlineMs,
        maxWaitMs: HOSTED_LIMITS.maxBillWaitMs,
      }
    : { maxChars: LIMITS.maxTokensChars, deadlineMs: LIMITS.tokensDeadlineMs, maxWaitMs: LIMITS.maxBillWaitMs };
}

/** Characters a bill would count: each page as JSON, plus the instructions. Stops adding once past `max`. */
export function catalogueChars(catalogue: Catalogue, max = Infinity): number {
  let chars = catalogue.instructions?.length ?? 0;
  for (const page of catalogue.pages) {
    if (chars > max) break;
    chars += JSON.stringify(page).length;
  }
  return chars;
}

function workerFile(): string {
  return path.join(/* turbopackIgnore: true */ repoRoot(), "dist-servers", "tokens-worker.mjs");
}

interface Pending {
  queuedAt: number;
  /** Refuses the bill if no worker took it in time (cleared when one does). */
  waitTimer?: NodeJS.Timeout;
  job: CountJob;
  deadlineMs: number;
  resolve(bill: Bill): void;
  reject(error: CountError): void;
}

interface Slot {
  worker: Worker;
  running?: { pending: Pending; timer: NodeJS.Timeout };
}

/** One pool per process. */
interface Pool {
  slots: Slot[];
  queue: Pending[];
  nextId: number;
  repump?: NodeJS.Timeout;
  /** Bills per client, running or waiting. */
  shares: FairSlots;
}
const pool: Pool = {
  slots: [],
  queue: [],
  nextId: 0,
  shares: new FairSlots({
    what: "token bills running or waiting",
    global: LIMITS.tokenWorkers + LIMITS.maxQueuedBills,
    perClient: () => (isHosted() ? HOSTED_LIMITS.clientMaxBills : LIMITS.tokenWorkers + LIMITS.maxQueuedBills),
    advice: "wait for the answer, then bill again",
  }),
};
const { slots, queue } = pool;

/** A worker that has not loaded its tokenizer by then is stopped (the deadline counts only the counting). */
const LOAD_TIMEOUT_MS = 60_000;
/**
 * A bill waits this long for the busy (warm) worker before another worker is started: ordinary bills take
 * milliseconds, and a cold worker needs a second or more to load its tokenizer. Past it, a costly bill no
 * longer holds up the others.
 */
const SPILL_AFTER_MS = 250;

function stopAfter(slot: Slot, ms: number, why: (p: Pending) => string): NodeJS.Timeout {
  const timer = setTimeout(() => {
    discard(slot); // terminate() stops even a tight loop; the next bill starts a fresh worker
    finish(slot, (p) => p.reject(new CountError("too-large", why(p))));
  }, ms);
  timer.unref();
  return timer;
}

function finish(slot: Slot, settle: (pending: Pending) => void): void {
  const running = slot.running;
  if (!running) return;
  clearTimeout(running.timer);
  slot.running = undefined;
  slot.worker.unref(); // an idle counter never keeps the CLI (or a test) alive
  settle(running.pending);
  pump();
}

function discard(slot: Slot): void {
  const i = slots.indexOf(slot);
  if (i !== -1) slots.splice(i, 1);
  void slot.worker.terminate();
}

function startSlot(): Slot {
  const worker = new Worker(workerFile(), { resourceLimits: { maxOldGenerationSizeMb: 1024 } });
  worker.unref(); // idle until a bill runs (then ref'd): an idle counter never keeps the CLI or a test alive
  const slot: Slot = { worker };
  worker.on("message", (result: CountResult | CountStarted) => {
    const running = slot.running;
    if (running?.pending.job.id !== result.id) return;
    if ("started" in result) {
      clearTimeout(running.timer);
      running.timer = stopAfter(
        slot,
        running.pending.deadlineMs,
        (p) =>
          `counting this catalogue took longer than ${p.deadlineMs / 1000} s and was stopped; bill a smaller catalogue`,
      );
      return;
    }
    finish(slot, (p) =>
      result.ok ? p.resolve(result.bill) : p.reject(new CountError("internal", `counting failed: ${result.message}`)),
    );
  });
  worker.on("error", (e) => {
    discard(slot);
    const outOfMemory = (e as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
    finish(slot, (p) =>
      p.reject(
        outOfMemory
          ? new CountError(
              "too-large",
              "counting this catalogue needed more memory than the counter may use; bill a smaller catalogue",
            )
          : new CountError("internal", `the token counter failed: ${e.message}`),
      ),
    );
  });
  worker.on("exit", () => {
    discard(slot);
    finish(slot, (p) => p.reject(new CountError("internal", "the token counter stopped unexpectedly")));
  });
  slots.push(slot);
  return slot;
}

function pump(): void {
  while (queue.length > 0) {
    let slot = slots.find((s) => !s.running);
    if (!slot && slots.length < LIMITS.tokenWorkers) {
      const waited = Date.now() - queue[0].queuedAt;
      if (slots.length === 0 || waited >= SPILL_AFTER_MS) slot = startSlot();
      else if (!pool.repump) {
        pool.repump = setTimeout(() => {
          pool.repump = undefined;
          pump();
        }, SPILL_AFTER_MS - waited);
        pool.repump.unref();
      }
    }
    if (!slot) return;
    const pending = queue.shift()!;
    clearTimeout(pending.waitTimer);
    const timer = stopAfter(
      slot,
      LOAD_TIMEOUT_MS,
      () => `the token counter did not load its tokenizer within ${LOAD_TIMEOUT_MS / 1000} s; try again`,
    );
    slot.running = { pending, timer };
    slot.worker.ref();
    slot.worker.postMessage(pending.job);
  }
}

/** Bills a worker holds right now (a test waits for a hostile bill to be counting before it sends another). */
export function billsCounting(): number {
  return slots.filter((slot) => slot.running).length;
}

/** Starts a counting worker (if none runs) and has it load an encoding, so the first bill does not wait for it. */
export function warmTokenCounter(encoding: Encoding): void {
  if (slots.length > 0 || !existsSync(workerFile())) return;
  const warm: WarmJob = { warm: encoding };
  startSlot().worker.postMessage(warm);
}

/**
 * Bills on a worker thread, within the mode's size limit, deadline and wait (tests pass their own), as one of
 * `client`'s shares (hosted: one at a time); failures are CountErrors.
 */
export async function billBounded(
  catalogue: Catalogue,
  options: BillOptions,
  limits: TokensLimits = tokensLimits(),
  client = "",
): Promise<Bill> {
  const { maxChars, deadlineMs, maxWaitMs } = limits;
  if (catalogueChars(catalogue, maxChars) > maxChars) {
    throw new CountError(
      "too-large",
      `the catalogue has more than ${maxChars.toLocaleString("en-US")} characters; the playground counts at most that many${isHosted() ? " in hosted mode" : ""}`,
    );
  }
  if (queue.length >= LIMITS.maxQueuedBills)
    throw new CountError("rate-limited", "the token counter is busy (too many bills waiting); try again in a moment");
  if (!existsSync(workerFile()))
    throw new CountError(
      "internal",
      "the token counter is not built (dist-servers/tokens-worker.mjs); run `npm install` or `node scripts/build-servers.mjs`",
    );
  const share = pool.shares.take(client);
  if (!share.ok) throw new CountError("rate-limited", share.message);
  try {
    return await new Promise<Bill>((resolve, reject) => {
      const pending: Pending = {
        queuedAt: Date.now(),
        job: { id: ++pool.nextId, catalogue, options },
        deadlineMs,
        resolve,
        reject,
      };
      pending.waitTimer = setTimeout(() => {
        const i = queue.indexOf(pending);
        if (i === -1) return; // a worker took it meanwhile
        queue.splice(i, 1);
        reject(
          new CountError(
            "rate-limited",
            `the token counter was busy with other bills for ${maxWaitMs / 1000} s and did not start yours; try again in a moment`,
          ),
        );
      }, maxWaitMs);
      pending.waitTimer.unref();
      queue.push(pending);
      pump();
    });
  } finally {
    share.release();
  }
}
