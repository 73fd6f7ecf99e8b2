// A/B of two builds of the playground's server, side by side in one run: `node bench/ab.mjs <a.mjs> <b.mjs> [-n N]`
// (each a bundle in dist-servers/, e.g. a copy of server.mjs kept before a change). Both serve the same .next build;
// tools/list to server-everything (kept-up stdio) through POST /api/bridge/send of each, interleaved round-robin with
// a direct stdio client to the same program; medians with p10–p90, and each one's added time over direct.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { tsImport } from "tsx/esm/api";
import { freePort, endWithThisProcess } from "../scripts/local-app.mjs";
import { ROOT, directStdioClient, postJson, stats, toolsList } from "./lib.mjs";

const { replyFrame } = await tsImport("../lib/protocol/exchange.ts", import.meta.url);

const args = process.argv.slice(2);
const nAt = args.indexOf("-n");
const N = nAt === -1 ? 300 : Number(args[nAt + 1]);
const bundles = args.filter((a, i) => !a.startsWith("-") && (nAt === -1 || i !== nAt + 1));
if (bundles.length < 2) throw new Error("usage: node bench/ab.mjs <a.mjs> <b.mjs> [-n N]");
const TOKEN = "ab-" + Math.random().toString(36).slice(2);
const auth = { "x-playground-token": TOKEN };
const argv = [
  process.execPath,
  path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"),
  "stdio",
];
const target = { kind: "demo", server: "everything", transport: "stdio" };

async function start(bundle) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve(bundle), "--port", String(port)], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYGROUND_TOKEN: TOKEN, PLAYGROUND_OPEN: "0" },
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
  endWithThisProcess(child);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${bundle} exited (${child.exitCode})`);
    const up = await new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/icon.svg" }, (res) => (res.resume(), resolve(true)));
      req.on("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, pid: child.pid, stop: () => process.kill(-child.pid, "SIGKILL") };
}

/** CPU time the process has used (user + system), in ms: less moved by other work on the machine than wall time. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

const apps = [];
for (const b of bundles) apps.push(await start(b));
const direct = directStdioClient(argv);
let id = 0;
const internal = bundles.map(() => []);
const via = (k) => async () => {
  const t0 = performance.now();
  const r = await postJson(
    apps[k].port,
    "/api/bridge/send",
    { sendId: `ab-${++id}`, target, frame: toolsList(id) },
    auth,
  );
  if (!r.json.ok) throw new Error(JSON.stringify(r.json).slice(0, 300));
  const ex = r.json.value;
  replyFrame(ex); // the page reads the reply out of the record as the card shows it
  const ms = performance.now() - t0;
  internal[k].push(ex.durationMs);
  return ms;
};
const contenders = [
  async () => {
    const t0 = performance.now();
    await direct.call(++id, toolsList(id));
    return performance.now() - t0;
  },
  ...bundles.map((_, k) => via(k)),
];
const samples = contenders.map(() => []);
for (let i = 0; i < 50; i++) for (const c of contenders) await c();
for (const xs of internal) xs.length = 0;
const cpuBefore = apps.map((a) => cpuMs(a.pid));
for (let i = 0; i < N; i++)
  for (let j = 0; j < contenders.length; j++) {
    const k = (i + j) % contenders.length;
    samples[k].push(await contenders[k]());
  }
const cpuPerCall = apps.map((a, k) => ((cpuMs(a.pid) - cpuBefore[k]) / N) * 1000);
await direct.close();
for (const a of apps) a.stop();
const d = stats(samples[0]);
console.log(`load ${process.platform === "linux" ? (await import("node:os")).loadavg()[0].toFixed(2) : "?"}; n=${N}`);
console.log(`direct: ${d.median} ms (p10 ${d.p10} – p90 ${d.p90})`);
bundles.forEach((b, k) => {
  const s = stats(samples[k + 1]);
  const inside = stats(internal[k]);
  console.log(
    `${path.basename(b)}: ${s.median} ms (p10 ${s.p10} – p90 ${s.p90}), +${(s.median - d.median).toFixed(3)} ms over direct; inside ${inside.median} ms; server CPU ${Math.round(cpuPerCall[k])} µs per call`,
  );
});
process.exit(0);
