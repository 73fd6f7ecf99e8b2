/**
 * The token counter's worker thread (bundled by scripts/build-servers.mjs into dist-servers/tokens-worker.mjs;
 * lib/node/tokens/counting.ts starts it). Billing runs here, never on the thread that answers requests, so a
 * costly catalogue delays nobody else and can be stopped at its deadline.
 */
import { parentPort } from "node:worker_threads";
import { billCatalogue, type Bill, type Counter } from "@/lib/tokens/bill";
import { boundedCounter } from "@/lib/tokens/bpe";
import type { Catalogue } from "@/lib/tokens/catalogue";
import { loadEncoder } from "@/lib/tokens/encoders";
import type { BillOptions, Encoding } from "@/lib/tokens/options";

export interface CountJob {
  id: number;
  catalogue: Catalogue;
  options: BillOptions;
}

/** Load an encoding ahead of the first bill (no reply). */
export interface WarmJob {
  warm: Encoding;
}

/** Sent once the tokenizer is loaded and counting begins: the deadline starts here. */
export interface CountStarted {
  id: number;
  started: true;
}

export type CountResult = { id: number; ok: true; bill: Bill } | { id: number; ok: false; message: string };

const counters = new Map<Encoding, Promise<Counter>>();

function counterFor(encoding: Encoding): Promise<Counter> {
  let counter = counters.get(encoding);
  if (!counter) counters.set(encoding, (counter = loadEncoder(encoding).then(boundedCounter)));
  return counter;
}

parentPort?.on("message", async (job: CountJob | WarmJob) => {
  if ("warm" in job) {
    void counterFor(job.warm).catch(() => {}); // a failed load is retried by the first bill, which reports it
    return;
  }
  let result: CountResult;
  try {
    const count = await counterFor(job.options.encoding);
    parentPort!.postMessage({ id: job.id, started: true } satisfies CountStarted);
    result = { id: job.id, ok: true, bill: billCatalogue(job.catalogue, count, job.options) };
  } catch (e) {
    result = { id: job.id, ok: false, message: (e as Error).message ?? String(e) };
  }
  parentPort!.postMessage(result);
});
