// `npm test`: every tier on a fresh machine. Installs Debian's Chromium (e2e) and nginx (class) first when it can.
// Two lanes, one per core (the serial integration files leave their core mostly waiting on the processes they start):
//   lane 1: next build → precompress → e2e (the longest tier), started at once: it is the run's critical path
//   lane 2: vitest → import cycles → lint → format → typecheck (it also reads the route types the build generates)
//           → package → image → class behind nginx
// Then, alone on the machine: budgets (bench/budgets.json: first-load bytes, the bridge and the page as ratios).
// When vitest ends, e2e gets a second worker (SIGUSR2, tests/e2e/pool.mjs): from then on lane 2's tiers are short, and
// the second core would otherwise wait for e2e's last cases.
// Tiers run side by side count only their own processes (PLAYGROUND_TEST_TIER, tests/leftover-processes.mjs).
// Each tier's output is streamed line by line behind its name; at the end, a table of every tier's wall time and CPU
// seconds (its whole process tree, Chromium's included: scripts/tree-cpu.mjs) and the summary.
// A tier that hangs is ended at its deadline (DEADLINES) and reported; the run goes on with the next tier.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { endTiersOnSignal, runTier } from "./run-tier.mjs";
import { machineTicks } from "./tree-cpu.mjs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// Every tier has a deadline (scripts/run-tier.mjs ends a tier still running then, with its process group, and reports
// it as TIMED OUT): about three times what the tier took on a loaded two-core CI machine, so that only a hang reaches it.
const MINUTE = 60_000;
const DEADLINES = {
  servers: 5 * MINUTE, // 1-3 s
  cycles: 5 * MINUTE, // 10-30 s
  vitest: 60 * MINUTE, // 640-910 s; 35+ min beside e2e with the machine loaded (load 18)
  lint: 15 * MINUTE, // 50-200 s with import/no-cycle, which the cycles tier replaced
  format: 5 * MINUTE, // 15-37 s
  "next-build": 20 * MINUTE, // 60-150 s (490 s with nine agents on the machine)
  precompress: 5 * MINUTE, // 7-34 s
  typecheck: 10 * MINUTE, // 16-38 s
  budgets: 5 * MINUTE, // 23-38 s wall, ~17 CPU s (load 13-21)
  pack: 10 * MINUTE, // npm pack + npm install from the cache + the installed package started: see its report
  image: 10 * MINUTE, // 33-45 s
  e2e: 60 * MINUTE, // ~1000 s alone; each case also has its own deadline (tests/e2e/case-deadline.mjs)
  class: 15 * MINUTE,
};

/** Every tier run, in the order they ended: its wall and CPU seconds, for the table at the end. */
const timings = [];

/** Runs one tier (its output behind `tag │ `); resolves true when it exits 0 before its deadline. */
async function run(label, tag, cmd, args, extra = {}) {
  const r = await runTier({ label, tag, cmd, args, env, deadlineMs: DEADLINES[tag], ...extra });
  timings.push({ tag, ok: r.ok, seconds: r.seconds, cpuSeconds: r.cpuSeconds });
  return r.ok;
}
endTiersOnSignal();

/** A Debian package's binary, installed with apt-get when missing and when this user can. */
function ensureDebian(binary, pkg, why) {
  if (existsSync(binary)) return true;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!hasApt || (!isRoot && !existsSync("/usr/bin/sudo"))) {
    console.error(
      `${pkg} not found at ${binary} and it cannot be installed here: run \`sudo apt-get install -y ${pkg}\` and re-run npm test (${why}).`,
    );
    return false;
  }
  const sudo = isRoot ? [] : ["sudo", "-n"];
  const apt = (args) =>
    spawnSync(sudo[0] ?? "apt-get", [...sudo.slice(1), ...(isRoot ? [] : ["apt-get"]), ...args], {
      stdio: "inherit",
      env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    });
  console.log(`${pkg} not found at ${binary}: installing Debian's ${pkg} package (${why})…`);
  if (
    apt(["update"]).status !== 0 ||
    apt(["install", "-y", "--no-install-recommends", pkg]).status !== 0 ||
    !existsSync(binary)
  ) {
    console.error(`Could not install ${pkg}: run \`sudo apt-get install -y ${pkg}\` and re-run npm test.`);
    return false;
  }
  return true;
}
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p)) ?? "/usr/sbin/nginx";

const startedAll = Date.now();
const machineAtStart = machineTicks();
/** label → passed; printed in this order. */
const results = new Map(
  [
    "build embedded servers",
    "unit + integration (vitest)",
    "import cycles",
    "lint",
    "format",
    "typecheck",
    "budgets (npm run budgets)",
    "next build",
    "package (npm pack, installed in an empty folder)",
    "image (the Dockerfile's runtime files)",
    "e2e (real Chromium)",
    "class behind nginx",
  ].map((label) => [label, false]),
);
const tier = async (label, tag, cmd, args, extra) => {
  results.set(label, await run(label, tag, cmd, args, extra));
  return results.get(label);
};

// Before the lanes: the packages a lane needs (apt prints to the terminal) and the embedded servers both lanes use.
const haveChromium = ensureDebian(chromium, "chromium", "the e2e tier drives it; or set CHROMIUM_PATH");
// The e2e tier drives the headless shell where it is installed (scripts/local-app.mjs E2E_CHROMIUM): the same engine,
// about half the browser process's CPU per page load. Without it the tier runs on Chromium, as before.
if (!process.env.CHROMIUM_PATH)
  ensureDebian("/usr/bin/chromium-headless-shell", "chromium-headless-shell", "the e2e tier's lighter browser");
const haveNginx = ensureDebian(nginx, "nginx", "the class test runs the app behind it");
await tier("build embedded servers", "servers", "node", ["scripts/build-servers.mjs"]);

// Lane 1: the build, then e2e — the longest tier, started as soon as the build is there, so it runs beside vitest's
// integration files (each tier counts only its own processes: tests/leftover-processes.mjs).
const build = (async () => {
  // The build as `npm run build` makes it: Next's, then the compressed copies the server sends.
  const ok =
    // Built for running, as `npm start` builds (next.config.ts): the typecheck tier checks the types, once.
    (await run("next build", "next-build", "npx", ["next", "build"], {
      env: { ...env, PLAYGROUND_START_BUILD: "1" },
    })) && (await run("precompress build assets", "precompress", "node", ["scripts/precompress.mjs"]));
  results.set("next build", ok);
  return ok;
})();
let e2eProcess = null;
let vitestEnded = false;
const lane1 = (async () => {
  if (!(await build) || !haveChromium) return;
  await tier("e2e (real Chromium)", "e2e", "node", ["tests/e2e/run.mjs"], {
    env: { ...env, E2E_WORKERS: vitestEnded ? "2" : "1", E2E_MAX_WORKERS: "2" },
    onSpawn: (child) => (e2eProcess = child),
  });
  e2eProcess = null;
})();

// Lane 2: vitest, then the short tiers (the build is long done by then).
const lane2 = (async () => {
  await tier("unit + integration (vitest)", "vitest", "npx", ["vitest", "run"]);
  vitestEnded = true;
  e2eProcess?.kill("SIGUSR2");
  await tier("import cycles", "cycles", "npm", ["run", "--silent", "cycles"]);
  await tier("lint", "lint", "npx", ["eslint", "."]);
  await tier("format", "format", "npx", ["prettier", "--check", "."]);
  const built = await build;
  // `npm run typecheck`: Next's route types first (the build no longer checks types, so need not have made them).
  await tier("typecheck", "typecheck", "npm", ["run", "--silent", "typecheck"]);
  if (!built) return;
  // The package a user installs without cloning (issue 47): packed from this build (not built again), installed into
  // an empty folder from npm's cache, then started and checked as a user runs it.
  await tier("package (npm pack, installed in an empty folder)", "pack", "node", ["tests/pack/run.mjs"]);
  // What the container image holds (the Dockerfile's runtime stage, read from it), started as the image starts it.
  await tier("image (the Dockerfile's runtime files)", "image", "node", ["tests/image/run.mjs"]);
  // A small class behind Debian's nginx with a rolling restart (npm run bench runs a full one).
  if (haveNginx)
    await tier("class behind nginx", "class", "node", [
      "--import",
      "tsx",
      "tests/class/run.ts",
      "--students",
      "12",
      "--instances",
      "3",
    ]);
})();
await Promise.all([lane1, lane2]);
// Last, on a machine nothing else of the run uses: the weight and speed budgets (issue 46) — first-load bytes per
// language, the bridge's added time ÷ a minimal relay's, the page's usable time ÷ a static page's, against
// bench/budgets.json. Beside e2e's two workers the bridge's ratio read 14 (2.4 quiet): a ratio of two sub-millisecond
// added times measures the machine's load, not the bridge, when other work shares the cores.
if ((await build) && haveChromium) await tier("budgets (npm run budgets)", "budgets", "node", ["bench/budgets.mjs"]);

const wallAll = (Date.now() - startedAll) / 1000;
const machine = machineTicks();
const busy = (machine.busy - machineAtStart.busy) / 100;
const coresBusy = (machine.busy - machineAtStart.busy) / Math.max(1, machine.total - machineAtStart.total);
// Wall and CPU per tier (CPU: every process of the tier, Chromium's included, read from /proc: scripts/tree-cpu.mjs),
// so that a change to the suite is measured, not guessed. "cores" is CPU ÷ wall: ~1 for a one-core tier, < 1 waiting.
console.log("\n=== time per tier (wall s, CPU s, cores)");
console.log(`${"tier".padEnd(14)}${"wall".padStart(9)}${"CPU".padStart(9)}${"cores".padStart(7)}`);
for (const t of timings)
  console.log(
    `${t.tag.padEnd(14)}${t.seconds.toFixed(1).padStart(9)}${t.cpuSeconds.toFixed(1).padStart(9)}${(t.cpuSeconds / Math.max(0.1, t.seconds)).toFixed(2).padStart(7)}${t.ok ? "" : "  (not ok)"}`,
  );
const tierCpu = timings.reduce((a, t) => a + t.cpuSeconds, 0);
console.log(
  `${"whole run".padEnd(14)}${wallAll.toFixed(1).padStart(9)}${tierCpu.toFixed(1).padStart(9)}${(tierCpu / wallAll).toFixed(2).padStart(7)}`,
);
console.log(
  `the machine: ${busy.toFixed(0)} CPU s busy in that time, ${(coresBusy * 100).toFixed(0)} % of its ${os.availableParallelism()} cores (anything else running counts too)`,
);
console.log(`\n=== summary (${wallAll.toFixed(1)} s in all)`);
for (const [label, ok] of results) console.log(`${ok ? "ok    " : "FAILED"} ${label}`);
const failed = [...results.values()].filter((ok) => !ok).length;
console.log(failed === 0 ? "all tiers passed" : `${failed} tier(s) failed`);
process.exit(failed === 0 ? 0 : 1);
