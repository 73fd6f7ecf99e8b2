// The package tier of `npm test` (issue 47): the playground as a user gets it without cloning. `npm pack` in this
// checkout (its prepack reuses the build `npm test` already made: scripts/pack.mjs), then, in an empty folder,
// `npm install <tarball>` from npm's cache (--prefer-offline; the tarball's npm-shrinkwrap.json names every package
// exactly) and the installed `mcp-playground` run as a user runs it:
//   - nothing is built at install: the installed .next is the packed build, and no vitest, eslint or typescript is there;
//   - `mcp-playground --help` answers with both halves' usage;
//   - `npx mcp-playground --port P --no-open` (as the README says) prints its launch URL and token, renders the page,
//     and its bridge answers a send to the embedded calendar over stdio; SIGTERM to npx alone (a process manager, an
//     IDE's stop button) ends the playground too, drained: npm runs the bin through `sh -c`, which dies of the signal
//     without passing it on, so the playground must notice that what started it is gone;
//   - `mcp-playground check --demo calendar --json`, read through a pipe, is whole JSON with no failing MUST.
// It prints the wall time of each step.
//   node tests/pack/run.mjs [--keep]      (needs `npm run build`)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, httpRequest } from "../../scripts/local-app.mjs";
import { calendarToolsListed, startLogged } from "../installed-app.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const LAUNCH_URL = /http:\/\/mcp-[0-9a-f]{32}\.localhost:\d+\/#launch=[0-9a-f]{64}/;
const TOKEN_LINE = /This launch's token[^\n]*\n\n {4}([0-9a-f]{64})\n/;

function fail(message) {
  console.error(`package tier: ${message}`);
  process.exit(1);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs a step to its end, timed; stops the tier with its output when it fails. */
function step(label, cmd, args, options = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(2);
  if (r.status !== 0)
    fail(`${label} failed (exit ${r.status ?? r.signal}) after ${seconds} s:\n${(r.stdout + r.stderr).slice(-4000)}`);
  console.log(`${label}: ${seconds} s`);
  return r;
}

if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) fail("no production build: run `npm run build` first");
const temp = mkdtempSync(path.join(os.tmpdir(), "playground-pack-"));
const cleanup = () => process.argv.includes("--keep") || rmSync(temp, { recursive: true, force: true });
let playground; // the node process npx started, which outlives npx's group when it is orphaned
// npx's group is ended by startLogged's own exit handler, which runs before this one.
process.on("exit", () => {
  if (playground && alive(playground)) process.kill(playground, "SIGKILL");
  cleanup();
});

// ---- the tarball
const packed = step("npm pack", "npm", ["pack", "--json", "--pack-destination", temp], { cwd: ROOT });
const [tarball] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
const files = tarball.files.map((f) => f.path);
for (const needed of [
  "package.json",
  "npm-shrinkwrap.json",
  "dist-cli/bin.mjs",
  "dist-cli/main.mjs",
  "dist-cli/help.txt",
  "dist-servers/server.mjs",
  "dist-servers/calendar.mjs",
  ".next/BUILD_ID",
])
  if (!files.includes(needed)) fail(`${tarball.filename} does not hold ${needed}`);
const unwanted = files.filter((f) =>
  /^(lib|tests|scripts|app|components|node_modules|\.next\/cache)\/|\.blob$|\.map$|\.ts$(?<!next\.config\.ts)/.test(f),
);
if (unwanted.length)
  fail(`${tarball.filename} holds sources, tests, caches or source maps: ${unwanted.slice(0, 10).join(", ")}`);
if (existsSync(path.join(ROOT, "npm-shrinkwrap.json"))) fail("postpack left npm-shrinkwrap.json in the checkout");
console.log(
  `${tarball.filename}: ${files.length} files, ${(tarball.size / 1e6).toFixed(1)} MB packed, ${(tarball.unpackedSize / 1e6).toFixed(1)} MB unpacked`,
);

// ---- installed into an empty folder, as a user installs it
const user = path.join(temp, "user");
mkdirSync(user);
writeFileSync(path.join(user, "package.json"), JSON.stringify({ name: "someone", private: true }));
const env = { ...process.env, npm_config_update_notifier: "false" };
// Nothing of this checkout's npm run, nor of a playground's environment, reaches the user's commands.
for (const name of Object.keys(env))
  if (/^(npm_|INIT_CWD$|PLAYGROUND_|PORT$|HOST$)/i.test(name) && name !== "npm_config_cache") delete env[name];
step(
  "npm install <tarball> (offline-first, from npm's cache)",
  "npm",
  ["install", path.join(temp, tarball.filename), "--prefer-offline", "--no-audit", "--no-fund"],
  { cwd: user, env },
);
const installed = path.join(user, "node_modules", "mcp-playground");
if (
  readFileSync(path.join(installed, ".next", "BUILD_ID"), "utf8") !==
  readFileSync(path.join(ROOT, ".next", "BUILD_ID"), "utf8")
)
  fail("the installed build is not the packed one");
if (existsSync(path.join(installed, ".next", "cache"))) fail("something built at install (.next/cache appeared)");
/** Every package folder under node_modules (nested ones included), by name. */
function packagesUnder(dir, out = new Set()) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith(".")) continue;
    const names = entry.startsWith("@") ? readdirSync(path.join(dir, entry)).map((n) => `${entry}/${n}`) : [entry];
    for (const name of names) {
      out.add(name);
      packagesUnder(path.join(dir, name, "node_modules"), out);
    }
  }
  return out;
}
const tools = ["vitest", "eslint", "typescript", "tsx", "esbuild", "prettier"].filter((t) =>
  packagesUnder(path.join(user, "node_modules")).has(t),
);
if (tools.length) fail(`installing the package installed development tools: ${tools.join(", ")}`);
console.log("installed: the packed build, no build at install, no vitest/eslint/typescript/tsx/esbuild/prettier");

const bin = path.join(user, "node_modules", ".bin", "mcp-playground");
const help = step("mcp-playground --help", bin, ["--help"], { cwd: user, env });
for (const line of ["usage: mcp-playground [start] [--port <n>]", "mcp-playground check (--stdio"])
  if (!help.stdout.includes(line)) fail(`--help does not say ${JSON.stringify(line)}:\n${help.stdout}`);

// ---- check, read through a pipe
const check = step("mcp-playground check --demo calendar --json", bin, ["check", "--demo", "calendar", "--json"], {
  cwd: user,
  env,
});
let report;
try {
  report = JSON.parse(check.stdout);
} catch (e) {
  fail(`check --json is not whole JSON (${e.message}); ${check.stdout.length} bytes read`);
}
const failedMust = report.checks.filter((c) => c.level === "MUST" && c.status === "fail").map((c) => c.id);
if (failedMust.length || report.mustFailed) fail(`check --demo calendar: failing MUSTs ${failedMust.join(", ")}`);
console.log(`check --json: ${check.stdout.length} bytes of JSON, ${report.checks.length} checks, no MUST failed`);

// ---- served, as npm start serves, started as the README says: npx mcp-playground
const port = await freePort();
const started = Date.now();
const {
  child: server,
  log,
  exited,
} = startLogged("npx", ["--no-install", "mcp-playground", "--port", String(port), "--no-open"], { cwd: user, env });
let launch;
let token;
for (const deadline = Date.now() + 120_000; ;) {
  launch = LAUNCH_URL.exec(log())?.[0];
  token = TOKEN_LINE.exec(log())?.[1];
  if (launch && token) break;
  if (server.exitCode !== null) fail(`mcp-playground exited before printing its launch URL:\n${log().slice(-4000)}`);
  if (Date.now() > deadline) fail(`no launch URL and token within 120 s:\n${log().slice(-4000)}`);
  await new Promise((r) => setTimeout(r, 100));
}
console.log(
  `mcp-playground --port ${port} --no-open: launch URL and token printed after ${((Date.now() - started) / 1000).toFixed(2)} s`,
);
// The page, rendered by the packed build (its server code and assets came in the tarball, not from a build here).
const page = await httpRequest({ port, path: "/", headers: { Host: new URL(launch).host } });
if (page.status !== 200 || !/<html/i.test(page.text))
  fail(`GET / on the launch's name answered ${page.status}, not the page:\n${page.text.slice(0, 400)}`);
console.log(`GET / → 200, the page (${page.text.length} bytes of HTML)`);
const unanswered = await calendarToolsListed({
  port,
  headers: { Host: new URL(launch).host, "x-playground-token": token },
  sendId: "pack-1",
});
if (unanswered) fail(unanswered);
console.log("POST /api/bridge/send (calendar, stdio) → tools/list answered");
/** The pid of the installed playground's node process serving `port` (npx → sh → node), from /proc. */
function playgroundPid() {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let argv;
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue;
    }
    if (/node$/.test(argv[0]) && argv[1]?.endsWith(path.join(".bin", "mcp-playground")) && argv.includes(String(port)))
      return Number(entry);
  }
  return undefined;
}
playground = playgroundPid();
if (!playground) fail(`no node process serving port ${port} under npx:\n${log().slice(-2000)}`);
// SIGTERM to npx's pid alone, not its group: the playground hears nothing itself.
process.kill(server.pid, "SIGTERM");
await exited;
for (const deadline = Date.now() + 15_000; alive(playground);) {
  if (Date.now() > deadline)
    fail(
      `the playground (pid ${playground}) still runs 15 s after npx was stopped with SIGTERM:\n${log().slice(-2000)}`,
    );
  await new Promise((r) => setTimeout(r, 100));
}
playground = undefined;
if (!/exiting/.test(log())) fail(`the playground ended without draining:\n${log().slice(-2000)}`);
console.log("SIGTERM to npx → the playground drained and exited");
