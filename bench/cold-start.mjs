// Cold start of the embedded stdio servers: spawn → the reply to a first `tools/list` on stdout (what a fresh-process
// send waits for; `ping` is gone in 2026-07-28), against bare `node -e ""` (spawn → exit), interleaved in one run.
//   node bench/cold-start.mjs [--n 15] [--json] [--before <dir>]
// --before measures the blobs and bundles of another dist-servers/ folder in the same run (before/after figures).
// Importable: coldStart({ n, before }) → { bare: stats, servers: { "<name> (snapshot|bundle)[ before]": { ...stats, overBare } } }.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ROOT, bareSpawnToFirstResponse, leanEnv, stats, toolsList } from "./lib.mjs";

export const COLD_START_SERVERS = ["calendar", "tasks", "mrtr-scenarios"];

/** Each server from its startup snapshot (when built for this Node) and from its bundle, as the bridge starts them. */
function contendersOf(dir, name, suffix) {
  const out = {};
  const blob = path.join(dir, `${name}.${process.version}-${process.arch}.blob`);
  if (existsSync(blob)) out[`${name} (snapshot)${suffix}`] = [process.execPath, "--snapshot-blob", blob];
  out[`${name} (bundle)${suffix}`] = [process.execPath, path.join(dir, `${name}.mjs`)];
  return out;
}

/** Spawn → exit of `node -e ""`: the floor every Node process pays. */
function timeBare() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", ""], { env: leanEnv(), stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", () => resolve(performance.now() - t0)));
}

export async function coldStart({ n = 15, before } = {}) {
  const servers = {};
  for (const name of COLD_START_SERVERS) {
    Object.assign(servers, contendersOf(path.join(ROOT, "dist-servers"), name, ""));
    if (before) Object.assign(servers, contendersOf(before, name, " before"));
  }
  const order = ["bare", ...Object.keys(servers)];
  const times = Object.fromEntries(order.map((k) => [k, []]));
  for (let i = 0; i < n + 2; i++) {
    // Interleaved, rotating who goes first, so load from other processes hits every contender alike.
    for (let j = 0; j < order.length; j++) {
      const k = order[(i + j) % order.length];
      const ms = k === "bare" ? await timeBare() : await bareSpawnToFirstResponse(servers[k], toolsList(1));
      if (i >= 2) times[k].push(ms); // the first two rounds warm the file cache
    }
  }
  const bare = stats(times.bare);
  const ratio = (ms) => Math.round((ms / bare.median) * 100) / 100;
  return {
    bare,
    servers: Object.fromEntries(
      Object.keys(servers).map((k) => [k, { ...stats(times[k]), overBare: ratio(stats(times[k]).median) }]),
    ),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      n: { type: "string", default: "15" },
      json: { type: "boolean", default: false },
      before: { type: "string" },
    },
  });
  const result = await coldStart({ n: Number(values.n), before: values.before && path.resolve(values.before) });
  if (values.json) console.log(JSON.stringify(result));
  else {
    const line = (k, s, over) =>
      console.log(
        `${k.padEnd(32)} ${String(Math.round(s.median)).padStart(5)} ms (p10-p90 ${Math.round(s.p10)}-${Math.round(s.p90)})  ${over}× bare node`,
      );
    line('bare node -e ""', result.bare, 1);
    for (const [k, s] of Object.entries(result.servers)) line(k, s, s.overBare);
  }
}
