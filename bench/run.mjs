// `npm run bench`: the playground's figures, measured side by side with MCP Inspector's in one run, each a median
// over many runs with its spread (p10–p90). Writes bench/results.json and the tables in bench/README.md.
//   1. bridge overhead: tools/list through POST /api/bridge/send of `npm start` (scripts/serve.mjs) and of
//      `next start` (kept-up stdio target) vs a direct stdio client to the same server binary, a minimal relay and
//      Inspector's backend, interleaved
//   2. fresh-process mode: per-message time through the route vs bare spawn-to-first-response, interleaved
//   3. token bill (when lib/tokens exists)
//   4. page: first-load JS gzipped, navigation → editor ready in headless Chromium
//   5. load: tests/integration/load.test.ts at full size (200 sends, 20 fresh processes)
//   Beside ours, the peer: MCP Inspector 2.12.0 (bench/inspector.mjs, installed on demand into a temp folder).
//   6. cold start of the embedded stdio servers vs bare node (bench/cold-start.mjs)
//   7. a newcomer's first `npm start`: a fresh copy without .next, until the launch URL is printed (bench/first-start.mjs)
// Flags: --quick (fewer samples), --skip-peer, --out <file> (results elsewhere, README untouched), --skip-page,
// --skip-load, --skip-class, --skip-cold, --skip-tokens, --skip-first-start, --no-build (a skipped load, class or token section keeps
// the previous run's figures, marked with that run's date).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { coldStart } from "./cold-start.mjs";
import { firstStart } from "./first-start.mjs";
import { INSPECTOR_VERSION, ensureInspector, startInspector } from "./inspector.mjs";
import { pageBench } from "./page.mjs";
import { tsImport } from "tsx/esm/api";
import {
  ROOT,
  bareSpawnToFirstResponse,
  directStdioClient,
  postJson,
  startApp,
  startRelayFloor,
  stats,
  toolsList,
} from "./lib.mjs";

// The page reads the reply out of the record (each frame in it once, the reply's text parsed when read); the bench
// does the same work (lib/protocol/exchange.ts).
const { eventFrame, replyFrame } = await tsImport("../lib/protocol/exchange.ts", import.meta.url);

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const outArg = args.indexOf("--out");
const OUT = outArg !== -1 ? path.resolve(args[outArg + 1]) : path.join(ROOT, "bench", "results.json");
const QUICK = flag("--quick");
const N_RTT = QUICK ? 100 : 500;
const N_FRESH = QUICK ? 10 : 40;
const N_PAGE = QUICK ? 3 : 9;
const TOKEN = "bench-token-" + Math.random().toString(36).slice(2);
const auth = { "x-playground-token": TOKEN };

const log = (...a) => console.log("[bench]", ...a);

/** A sample that never settles fails the run with what it was, instead of hanging it. */
function within(ms, what, promise) {
  let timer;
  const late = new Promise(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

function ensureBuilds() {
  const steps = [["node", ["scripts/build-servers.mjs"]]];
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")) || flag("--rebuild")) steps.push(["npx", ["next", "build"]]);
  for (const [cmd, argv] of steps) {
    log(`${cmd} ${argv.join(" ")}`);
    const r = spawnSync(cmd, argv, {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed`);
  }
}

// The command line the bridge itself runs (lib/node/bridge/embedded.ts): the startup snapshot when one was
// built for this Node, else the bundle, so the direct and bare contenders start the very same program.
const calendarBlob = path.join(ROOT, "dist-servers", `calendar.${process.version}-${process.arch}.blob`);
const SERVERS = {
  calendar: {
    target: { kind: "demo", server: "calendar", transport: "stdio" },
    argv: existsSync(calendarBlob)
      ? [process.execPath, "--snapshot-blob", calendarBlob]
      : [process.execPath, path.join(ROOT, "dist-servers", "calendar.mjs")],
  },
  everything: {
    target: { kind: "demo", server: "everything", transport: "stdio" },
    argv: [
      process.execPath,
      path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"),
      "stdio",
    ],
  },
};

/** A bare loopback HTTP round trip in this process: the physical floor's HTTP part. */
async function loopbackHttpRoundTrip(n) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.end('{"ok":true}'));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address();
  const samples = [];
  for (let i = 0; i < n + 50; i++) {
    const { ms } = await postJson(port, "/", { i });
    if (i >= 50) samples.push(ms);
  }
  server.close();
  return stats(samples);
}

async function bridgeOverhead(apps, name, peer) {
  const { target, argv } = SERVERS[name];
  const direct = directStdioClient(argv);
  const floor = await startRelayFloor(argv);
  // The peer keeps its own process of the same server; its web client would initialize a legacy server first.
  const inspector = peer ? await startInspector(peer.dir, argv) : undefined;
  if (inspector)
    await inspector.send({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } },
    });
  let id = 0;
  const internal = { next: [], fast: [] };
  const viaBridge = (which) => async () => {
    const t0 = performance.now();
    const r = await postJson(
      apps[which].port,
      "/api/bridge/send",
      { sendId: `b-${name}-${++id}`, target, frame: toolsList(id) },
      auth,
    );
    if (!r.json.ok) throw new Error(`bridge send failed: ${JSON.stringify(r.json).slice(0, 300)}`);
    const exchange = r.json.value;
    const reply = replyFrame(exchange);
    const ms = performance.now() - t0;
    if (reply === undefined) throw new Error(`bridge send failed: ${JSON.stringify(exchange.outcome).slice(0, 300)}`);
    internal[which].push(exchange.durationMs);
    return ms;
  };
  const viaDirect = async () => {
    const t0 = performance.now();
    const reply = await direct.call(++id, toolsList(id));
    if (!reply.result) throw new Error(`direct call failed: ${JSON.stringify(reply).slice(0, 300)}`);
    return performance.now() - t0;
  };
  /** Next's own per-request floor: the cheapest bridge route (cancel of nothing), no process involved. */
  const nextFloor = async () => (await postJson(apps.next.port, "/api/bridge/cancel", { sendId: "none" }, auth)).ms;
  const relay = () => floor.call(toolsList(++id));
  const viaInspector = async () => {
    const { ms, reply } = await inspector.send(JSON.parse(toolsList(++id)));
    if (!reply.result) throw new Error(`Inspector call failed: ${JSON.stringify(reply).slice(0, 300)}`);
    return ms;
  };
  const contenders = {
    direct: viaDirect,
    relay,
    next: viaBridge("next"),
    nextFloor,
    ...(apps.fast ? { fast: viaBridge("fast") } : {}),
    ...(inspector ? { inspector: viaInspector } : {}),
  };
  const samples = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  const order = Object.keys(contenders);
  for (let i = 0; i < 50; i++) for (const k of order) await contenders[k]();
  internal.next.length = 0;
  internal.fast.length = 0;
  for (let i = 0; i < N_RTT; i++) {
    // Interleaved, rotating who goes first, so drift (GC, other load) hits every contender alike.
    for (let j = 0; j < order.length; j++) {
      const k = order[(i + j) % order.length];
      samples[k].push(await contenders[k]());
    }
  }
  await direct.close();
  await floor.close();
  await inspector?.close();
  const d = stats(samples.direct);
  const r = stats(samples.relay);
  const out = {
    direct: d,
    relayFloor: { roundTrip: r, addedMs: round(r.median - d.median, 3), ratio: round(r.median / d.median, 2) },
    nextTrivialRoute: stats(samples.nextFloor),
  };
  for (const which of apps.fast ? ["next", "fast"] : ["next"]) {
    const s = stats(samples[which]);
    out[which] = {
      roundTrip: s,
      bridgeInternalMs: stats(internal[which]),
      addedMs: round(s.median - d.median, 3),
      ratio: round(s.median / d.median, 2),
      ratioToRelayFloor: round(s.median / r.median, 2),
    };
  }
  if (inspector) {
    const s = stats(samples.inspector);
    out.inspector = {
      version: INSPECTOR_VERSION,
      roundTrip: s,
      addedMs: round(s.median - d.median, 3),
      ratio: round(s.median / d.median, 2),
    };
    for (const which of ["next", "fast"])
      if (out[which]) out[which].vsInspector = round(out[which].roundTrip.median / s.median, 2);
  }
  return out;
}

async function freshProcess(apps) {
  const { target, argv } = SERVERS.calendar;
  const servers = Object.keys(apps).filter((k) => apps[k]);
  const bare = [];
  const per = Object.fromEntries(servers.map((k) => [k, { route: [], internal: [], toReply: [], spawnCall: [] }]));
  let id = 0;
  const routeOnce = async (which) => {
    const r = await within(
      60_000,
      `fresh-process send via ${which}`,
      postJson(
        apps[which].port,
        "/api/bridge/send",
        { sendId: `f-${++id}`, target, frame: toolsList(id), processMode: "fresh", timeoutMs: 30_000 },
        auth,
      ),
    );
    if (!r.json.ok || r.json.value.outcome.kind !== "response")
      throw new Error(`fresh send failed: ${JSON.stringify(r.json).slice(0, 300)}`);
    const ex = r.json.value;
    const spawnAt = ex.events.find((e) => e.kind === "spawn")?.t ?? NaN;
    const stdinAt = ex.events.find((e) => e.kind === "stdin")?.t ?? NaN;
    return {
      ms: r.ms,
      internal: ex.durationMs,
      // The reply line's arrival from the start of the send (the spawn is part of it), as the bare client counts.
      toReply: ex.events.find((e) => e.kind === "stdout" && eventFrame(e)?.id === id)?.t ?? NaN,
      // How long spawn() itself blocked the bridge process (forking a big process costs more than a small one).
      spawnCall: stdinAt - spawnAt,
    };
  };
  for (let i = 0; i < 3; i++) {
    await within(60_000, "bare spawn → first response (warm-up)", bareSpawnToFirstResponse(argv, toolsList(0)));
    for (const k of servers) await routeOnce(k);
  }
  const order = ["bare", ...servers];
  for (let i = 0; i < N_FRESH; i++) {
    for (let j = 0; j < order.length; j++) {
      const k = order[(i + j) % order.length];
      if (k === "bare")
        bare.push(await within(60_000, "bare spawn → first response", bareSpawnToFirstResponse(argv, toolsList(0))));
      else {
        const r = await routeOnce(k);
        per[k].route.push(r.ms);
        per[k].internal.push(r.internal);
        per[k].toReply.push(r.toReply);
        per[k].spawnCall.push(r.spawnCall);
      }
    }
  }
  const b = stats(bare);
  const out = { bareSpawnToFirstResponse: b };
  for (const k of servers) {
    const reply = stats(per[k].toReply);
    const route = stats(per[k].route);
    out[k] = {
      sendToReplyMs: reply,
      perMessageViaRoute: route,
      bridgeDurationMs: stats(per[k].internal),
      spawnCallMs: stats(per[k].spawnCall),
      ratioToReply: round(reply.median / b.median, 3),
      ratioWholeMessage: round(route.median / b.median, 3),
    };
  }
  return out;
}

function load() {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-load-")), "load.json");
  const r = spawnSync("npx", ["vitest", "run", "tests/integration/load.test.ts"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, LOAD_SENDS: "200", LOAD_FRESH: "20", LOAD_REPORT: report },
  });
  if (r.status !== 0 || !existsSync(report)) return { failed: `load test exited with ${r.status}` };
  return JSON.parse(readFileSync(report, "utf8"));
}

/** A bench/*.ts script run under tsx (--quick passed on): its figures, the JSON on the last line it writes to `stream`. */
function tsxFigures(script, stream) {
  const r = spawnSync(process.execPath, ["--import", "tsx", script, ...(QUICK ? ["--quick"] : [])], {
    cwd: ROOT,
    encoding: "utf8",
    env: process.env,
  });
  if (r.status !== 0) return { failed: `${script} exited with ${r.status}: ${r.stderr.slice(-500)}` };
  return JSON.parse(r[stream].trim().split("\n").at(-1));
}

/** bench/observe.ts: what metrics and the per-call log line add to one bridge call, in microseconds. */
function observeCost() {
  return tsxFigures("bench/observe.ts", "stderr");
}

/** tests/class/run.ts at full size: 60 students, 3 hosted instances behind nginx, a rolling restart under load. */
function classSize() {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), "bench-class-")), "class.json");
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", "tests/class/run.ts", "--students", "60", "--instances", "3", "--report", report],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: process.env,
    },
  );
  if (r.status !== 0 || !existsSync(report)) return { failed: `class test exited with ${r.status}` };
  return JSON.parse(readFileSync(report, "utf8"));
}

function tokens() {
  if (!existsSync(path.join(ROOT, "lib", "tokens", "bill.ts")))
    return { todo: "lib/tokens is not in this checkout: no token-bill figure (not estimated)" };
  return tsxFigures("bench/tokens.ts", "stdout");
}

async function main() {
  if (!flag("--no-build")) ensureBuilds();
  const results = {
    when: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      loadAverage: { start: round(os.loadavg()[0]) },
    },
    samples: { roundTrips: N_RTT, fresh: N_FRESH, pageLoads: N_PAGE },
  };
  // Since issue 25 there is one server (npm start's); its figures keep the key "next" until the bench is redone.
  log("starting npm start's server");
  const app = await startApp({ token: TOKEN, server: "start" });
  const fast = undefined;
  try {
    log("loopback HTTP round trip (floor)");
    results.loopbackHttpRoundTripMs = await loopbackHttpRoundTrip(N_RTT);
    const peer = flag("--skip-peer") ? { unavailable: "--skip-peer" } : ensureInspector();
    results.peer = {
      name: "@modelcontextprotocol/inspector",
      version: INSPECTOR_VERSION,
      ...(peer.unavailable ? { unavailable: peer.unavailable } : {}),
    };
    if (peer.unavailable) log(`peer not measured: ${peer.unavailable}`);
    results.bridgeOverhead = {};
    for (const name of Object.keys(SERVERS)) {
      log(`bridge overhead: ${name}${name === "everything" && !peer.unavailable ? " (with Inspector)" : ""}`);
      results.bridgeOverhead[name] = await bridgeOverhead(
        { next: app, fast },
        name,
        name === "everything" && !peer.unavailable ? peer : undefined,
      );
    }
    log("fresh-process mode");
    results.freshProcess = await freshProcess({ next: app, fast });
    if (!flag("--skip-tokens")) {
      results.tokenBill = tokens();
      results.observabilityCost = observeCost();
    }
    // On npm start's server (the one server since issue 25; with `fast` gone this section had stopped running).
    if (!flag("--skip-page")) {
      log("pages side by side: ours (npm start) and Inspector's, cold Chromium (bench/page.mjs)");
      results.pages = await pageBench({ app, token: TOKEN, peer, loads: N_PAGE }).catch((e) => ({
        failed: String(e.message ?? e),
      }));
    }
  } finally {
    await app.stop();
    await fast?.stop();
  }
  if (!flag("--skip-cold")) {
    log("cold start of the embedded stdio servers");
    results.coldStart = await coldStart({ n: QUICK ? 5 : 15 }).catch((e) => ({ failed: String(e.message ?? e) }));
  }
  if (!flag("--skip-first-start")) {
    log("a newcomer's first npm start: a fresh copy without .next, until the launch URL (bench/first-start.mjs)");
    results.firstStart = await firstStart().catch((e) => ({ failed: String(e.message ?? e) }));
  }
  results.machine.loadAverage.end = round(os.loadavg()[0]);
  if (!flag("--skip-load")) {
    log("load test (full size)");
    results.load = load();
  }
  if (!flag("--skip-class")) {
    log("class behind nginx (60 students, 3 instances, rolling restart)");
    results.classSize = classSize();
  }
  // A long section skipped this time keeps the previous run's figures, marked with that run's date.
  const previous = existsSync(OUT) ? JSON.parse(readFileSync(OUT, "utf8")) : {};
  for (const [key, skip] of [
    ["load", "--skip-load"],
    ["classSize", "--skip-class"],
    ["firstStart", "--skip-first-start"],
    ["tokenBill", "--skip-tokens"],
    ["observabilityCost", "--skip-tokens"],
  ]) {
    if (flag(skip) && previous[key])
      results[key] = { ...previous[key], carriedFrom: previous[key].carriedFrom ?? previous.when };
  }
  writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
  log(`wrote ${path.relative(ROOT, OUT)}`);
  if (outArg === -1) {
    const { renderTable } = await import("./table.mjs");
    const readme = path.join(ROOT, "bench", "README.md");
    const text = readFileSync(readme, "utf8");
    const table = renderTable(results);
    writeFileSync(
      readme,
      text.replace(
        /<!-- results:start -->[\s\S]*<!-- results:end -->/,
        `<!-- results:start -->\n${table}\n<!-- results:end -->`,
      ),
    );
    log("updated bench/README.md");
  }
  console.log(JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
