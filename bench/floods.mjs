// `node bench/floods.mjs [--hosted] [--profile]`: how much floods delay another client's call (issue 26, item 5), measured
// through the real server `npm start` runs (dist-servers/server.mjs; needs `npm run build`). One client keeps four
// sends in flight (a hosted client's allowance) to a loopback server that writes tiny SSE events as fast as the
// socket takes them, then to a stdio server that writes tiny lines without end; meanwhile another client calls the
// in-app calendar over HTTP again and again. Prints the other client's latency without floods and during each
// flood (p50, p90, max). The fairness itself is proved by tests/integration/flood-fairness.test.ts; this is speed.
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";
import { ROOT, postJson, startApp, stats, toolsList } from "./lib.mjs";

const { replyFrame } = await tsImport("../lib/protocol/exchange.ts", import.meta.url);

const args = process.argv.slice(2);
const TOKEN = "bench-token-" + Math.random().toString(36).slice(2);
const auth = { "x-playground-token": TOKEN };
const FLOOD_MS = 8_000;
const log = (...a) => console.log("[floods]", ...a);

// The flood: tiny SSE events, as fast as the socket drains.
const chunk = Buffer.from("data: x\n\n".repeat(7_000));
const flood = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, { "content-type": "text/event-stream" });
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  pump();
});
await new Promise((r) => flood.listen(0, "127.0.0.1", r));
const floodUrl = `http://127.0.0.1:${flood.address().port}/mcp`;

const app = await startApp({
  token: TOKEN,
  extraEnv: args.includes("--hosted") ? { PLAYGROUND_MODE: "hosted" } : {},
  nodeArgs: args.includes("--profile") ? ["--cpu-prof", `--cpu-prof-dir=${path.join(ROOT, "bench", ".profiles")}`] : [],
});
let id = 0;
// The other client is another browser: connections of its own (the flooding client's four sends fill the bench's
// shared pool of 4, and its calls would wait there, not in the server: the first run measured that, 8.4 s).
const otherClientPool = new http.Agent({ keepAlive: true, maxSockets: 4 });
const send = async (target, from, timeoutMs, extra = {}, pool = undefined) => {
  const t0 = performance.now();
  const r = await postJson(
    app.port,
    "/api/bridge/send",
    { sendId: `f-${++id}`, target, frame: toolsList(id), ...(timeoutMs ? { timeoutMs } : {}), ...extra },
    { ...auth, "x-forwarded-for": from },
    pool,
  );
  if (!r.json.ok) throw new Error(`send failed: ${JSON.stringify(r.json).slice(0, 300)}`);
  const exchange = r.json.value;
  replyFrame(exchange); // the page reads the reply out of the record as the card shows it
  return { ms: performance.now() - t0, exchange };
};
const calendar = { kind: "demo", server: "calendar", transport: "http" };
const other = async () => {
  const { ms, exchange } = await send(calendar, "198.51.100.2", undefined, {}, otherClientPool);
  if (exchange.outcome.kind !== "response") throw new Error(`the other call: ${JSON.stringify(exchange.outcome)}`);
  return ms;
};

async function during(label, floods) {
  let done = false;
  const all = Promise.all(floods()).then((r) => ((done = true), r));
  const ms = [];
  while (!done) ms.push(await other());
  const s = stats(ms);
  log(
    `${label}: other client's call n=${s.n} p50 ${s.median.toFixed(0)} ms, p90 ${s.p90.toFixed(0)} ms, max ${s.max.toFixed(0)} ms`,
  );
  for (const { exchange } of await all)
    log(`  flood outcome: ${exchange.outcome.kind} ${exchange.outcome.message ?? ""}`.slice(0, 200));
  return s;
}

try {
  await other();
  const quiet = [];
  for (let i = 0; i < 30; i++) quiet.push(await other());
  const q = stats(quiet);
  log(
    `no flood: other client's call p50 ${q.median.toFixed(0)} ms, p90 ${q.p90.toFixed(0)} ms, max ${q.max.toFixed(0)} ms`,
  );
  const from = "198.51.100.1";
  await during("4 SSE floods", () => [1, 2, 3, 4].map(() => send({ kind: "http", url: floodUrl }, from, FLOOD_MS)));
  const junk = {
    kind: "stdio",
    command: process.execPath,
    args: [path.join(ROOT, "tests/fixtures/junk-then-reply.mjs"), "400000000"],
  };
  await during("1 stdio flood", () => [send(junk, from, FLOOD_MS, { processMode: "fresh" })]);
  await during("4 stdio floods", () => [1, 2, 3, 4].map(() => send(junk, from, FLOOD_MS, { processMode: "fresh" })));
} finally {
  await app.stop();
  otherClientPool.destroy();
  flood.closeAllConnections();
  flood.close();
}
