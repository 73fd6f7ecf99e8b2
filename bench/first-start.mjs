// A newcomer's first `npm start`: a fresh copy of this checkout (its tracked files as they are now, the installed
// node_modules hard-linked, dist-servers/ as `npm install` left it, no .next), then `npm start` on a free port; the
// time until it prints its launch URL, and how long each step of its build took by what the build printed.
//   node bench/first-start.mjs [--json] [--keep]
// Importable: firstStart() → { launchUrlMs, build: { servers, next, precompress, ... } }.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../scripts/local-app.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LAUNCH_URL = /http:\/\/mcp-[0-9a-f]{32}\.localhost:\d+\/#launch=[0-9a-f]{64}/;

/** The checkout as a fresh clone plus `npm install` has it: tracked files, node_modules, dist-servers; no build. */
function freshCopy() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playground-first-start-"));
  const tracked = spawnSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" })
    .stdout.split("\0")
    .filter(Boolean);
  for (const file of tracked) {
    if (!existsSync(path.join(ROOT, file))) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(dir, file));
  }
  // Hard links: instant, and Next resolves packages inside the project as it would after `npm install`.
  const linked = spawnSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  if (linked.status !== 0) throw new Error(`could not link node_modules: ${linked.stderr}`);
  if (existsSync(path.join(ROOT, "dist-servers")))
    cpSync(path.join(ROOT, "dist-servers"), path.join(dir, "dist-servers"), { recursive: true });
  return dir;
}

/** Seconds between the build's own milestones, read from what `npm start` printed (each line's arrival time). */
function phases(lines) {
  const at = (re) => lines.find((l) => re.test(l.text))?.ms;
  const marks = {
    build: at(/Building the playground first/),
    next: at(/next build/),
    compiled: at(/Compiled successfully|✓ Compiled/),
    typescript: at(/(Running TypeScript|Linting and checking|Skipping validation of types)/),
    pages: at(/(Collecting page data|Generating static pages)/),
    precompress: at(/precompress/),
    built: at(/^Built in \d+ s/),
  };
  const span = (from, to) =>
    marks[from] !== undefined && marks[to] !== undefined ? Math.round((marks[to] - marks[from]) / 100) / 10 : undefined;
  return {
    embeddedServersS: span("build", "next"),
    nextCompileS: span("next", "compiled"),
    afterCompileS: span("compiled", "precompress"),
    precompressS: span("precompress", "built"),
    typeCheck: lines.some((l) => /Skipping validation of types/.test(l.text))
      ? "skipped"
      : marks.typescript !== undefined
        ? "ran"
        : "not seen",
  };
}

export async function firstStart({ keep = false } = {}) {
  const dir = freshCopy();
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/start.mjs", "--port", String(port)], {
    cwd: dir,
    env: { ...process.env, PLAYGROUND_OPEN: "0", NEXT_TELEMETRY_DISABLED: "1", PLAYGROUND_TOKEN: "" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const lines = [];
  let rest = "";
  const onData = (d) => {
    const parts = (rest + d).split("\n");
    rest = parts.pop();
    for (const text of parts) lines.push({ ms: performance.now() - started, text });
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  try {
    const launchUrlMs = await new Promise((resolve, reject) => {
      const check = setInterval(() => {
        const hit = lines.find((l) => LAUNCH_URL.test(l.text));
        if (hit) resolve(hit.ms);
        else if (child.exitCode !== null)
          reject(
            new Error(
              `npm start exited ${child.exitCode} before printing its launch URL:\n${lines
                .map((l) => l.text)
                .join("\n")
                .slice(-3000)}`,
            ),
          );
        else return;
        clearInterval(check);
      }, 100);
    });
    return {
      launchUrlS: Math.round(launchUrlMs / 100) / 10,
      ...phases(lines),
      cores: os.cpus().length,
      loadAverageAtStart: os.loadavg()[0],
    };
  } finally {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r)));
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const r = await firstStart({ keep: process.argv.includes("--keep") });
  if (process.argv.includes("--json")) console.log(JSON.stringify(r, null, 2));
  else console.log(`first npm start: launch URL after ${r.launchUrlS} s (${JSON.stringify(r)})`);
}
