// Cold start of the embedded stdio servers: spawn → first reply line on stdout, against bare `node -e ""`
// (spawn → exit), interleaved in one run. `node bench/cold-start.mjs [--n 15] [--json]`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({ options: { n: { type: "string", default: "15" }, json: { type: "boolean", default: false } } });
const N = Number(values.n);
// A lean environment, as the bridge spawns them (an inherited NODE_EXTRA_CA_CERTS alone adds ~40 ms).
const env = { PATH: process.env.PATH ?? "" };
const PING = `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } })}\n`;

/** Each server from its bundle, and from its startup snapshot when scripts/build-servers.mjs built one for this Node. */
function contendersOf(name) {
  const out = { [`${name} (bundle)`]: [path.join(root, "dist-servers", `${name}.mjs`)] };
  const blob = path.join(root, "dist-servers", `${name}.${process.version}-${process.arch}.blob`);
  if (existsSync(blob)) out[`${name} (snapshot)`] = ["--snapshot-blob", blob];
  return out;
}

function timeBare() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["-e", ""], { env, stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", () => resolve(performance.now() - t0)));
}

function timeServer(argv) {
  const t0 = performance.now();
  const child = spawn(process.execPath, argv, { env, stdio: ["pipe", "pipe", "ignore"] });
  child.stdin.write(PING);
  return new Promise((resolve, reject) => {
    let buf = "";
    child.stdout.on("data", (d) => {
      buf += d;
      if (!buf.includes("\n")) return;
      const ms = performance.now() - t0;
      child.kill();
      resolve(ms);
    });
    child.on("exit", () => reject(new Error(`${argv.join(" ")} exited before replying: ${buf}`)));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const servers = { ...contendersOf("calendar"), ...contendersOf("tasks") };
const times = { bare: [], ...Object.fromEntries(Object.keys(servers).map((n) => [n, []])) };
for (let i = 0; i < N + 2; i++) {
  // Interleaved, so load from other processes hits every contender alike.
  const round = { bare: await timeBare() };
  for (const [n, argv] of Object.entries(servers)) round[n] = await timeServer(argv);
  if (i < 2) continue; // warm-up: the file cache
  for (const [k, v] of Object.entries(round)) times[k].push(v);
}
const bare = median(times.bare);
const result = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, { medianMs: Math.round(median(v)), overBare: Math.round((median(v) / bare) * 100) / 100 }]));
if (values.json) console.log(JSON.stringify(result));
else for (const [k, v] of Object.entries(result)) console.log(`${k.padEnd(20)} ${String(v.medianMs).padStart(6)} ms  ${v.overBare}× bare node`);
