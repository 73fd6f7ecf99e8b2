/**
 * What observability costs a bridge call (issue 21: "off the hot path"): the same trivial route handler called
 * directly and through observed() (prom-client counters and histogram, the AsyncLocalStorage note, and the JSON
 * log line written to a discarded stream), interleaved, medians in microseconds. Prints one JSON line.
 *   node --import tsx bench/observe.ts [--quick]
 */
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";

const QUICK = process.argv.includes("--quick");
const ROUNDS = QUICK ? 20 : 60;
const PER_ROUND = 2_000;
process.env.PLAYGROUND_MODE = "hosted"; // logs on, as in a deployment
if (process.argv.includes("--no-log")) process.env.PLAYGROUND_LOG = "off";
const { observed } = await import("../lib/node/web/observe");

// The log line goes to a sink, so the terminal's speed is not measured.
const sink = new Writable({ write: (_c, _e, done) => done() });
process.stdout.write = sink.write.bind(sink) as typeof process.stdout.write;

const handler = async () => new Response("{}", { status: 200 });
const wrapped = observed("POST /bench", handler);
const req = new Request("http://127.0.0.1/bench", { method: "POST" });

async function perCallMicros(fn: (r: Request) => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await fn(req);
  return ((performance.now() - t0) * 1000) / PER_ROUND;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const bare: number[] = [];
const observedCalls: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  if (round % 2 === 0) {
    bare.push(await perCallMicros(handler));
    observedCalls.push(await perCallMicros(wrapped));
  } else {
    observedCalls.push(await perCallMicros(wrapped));
    bare.push(await perCallMicros(handler));
  }
  await new Promise((r) => setImmediate(r)); // let the deferred log writes run
}
const result = {
  bareMicros: median(bare),
  observedMicros: median(observedCalls),
  overheadMicros: median(observedCalls) - median(bare),
  rounds: ROUNDS,
  callsPerRound: PER_ROUND,
};
process.stderr.write(`${JSON.stringify(result)}\n`);
