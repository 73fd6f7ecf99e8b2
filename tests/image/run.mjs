// The image tier of `npm test`: what the container image holds, started the way the image starts it. Reads the
// Dockerfile (dockerfile-ast) — the runtime stage's WORKDIR, ENV, USER, COPY --from=<build stage> lines, ENTRYPOINT
// and CMD, and the build stage's `npm prune` — and assembles exactly those files from this checkout's build into a
// temporary folder (node_modules copied and pruned there, offline, as the build stage prunes it). Then it runs the
// CMD with the image's environment (plus PLAYGROUND_TOKEN and a free loopback port) and proves what a deployment
// needs: GET /api/ready answers 200, a send to the embedded calendar over stdio gets its reply, the Auth demo ends
// authenticated, and SIGTERM ends it with exit 0. Where a container engine runs (`docker info` succeeds) it also
// builds the image and proves the same against the real container; otherwise it says in one line why not.
//   node tests/image/run.mjs [--keep]      (needs `npm run build`)
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DockerfileParser } from "dockerfile-ast";
import { freePort, httpRequest } from "../../scripts/local-app.mjs";
import { calendarToolsListed, startLogged } from "../installed-app.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TOKEN = `image-tier-${Math.random().toString(36).slice(2)}`;

function fail(message) {
  console.error(`image tier: ${message}`);
  process.exit(1);
}

// ---- the Dockerfile, read
/** Its stages, each with what the tier replays; an instruction it cannot replay stops it, naming the line. */
function readDockerfile(file) {
  const stages = [];
  let stage;
  for (const ins of DockerfileParser.parse(readFileSync(file, "utf8")).getInstructions()) {
    const kw = ins.getKeyword();
    const line = `Dockerfile:${ins.getRange().start.line + 1} ${kw}`;
    if (kw === "FROM") {
      stage = {
        name: ins.getBuildStage() ?? String(stages.length),
        workdir: "/",
        env: {},
        user: undefined,
        copies: [],
        runs: [],
        entrypoint: [],
        cmd: [],
      };
      stages.push(stage);
    } else if (kw === "WORKDIR") stage.workdir = path.posix.resolve(stage.workdir, ins.getPath());
    else if (kw === "ENV") for (const p of ins.getProperties()) stage.env[p.getName()] = p.getUnescapedValue() ?? "";
    else if (kw === "USER") stage.user = ins.getArgumentsContent();
    else if (kw === "RUN") stage.runs.push(ins.getArgumentsContent());
    else if (kw === "CMD" || kw === "ENTRYPOINT") {
      const json = ins.getJSONStrings();
      if (json.length === 0) fail(`${line}: only the exec form (a JSON array) can be replayed`);
      stage[kw.toLowerCase()] = json.map((s) => s.getJSONValue());
    } else if (kw === "COPY") {
      const args = ins.getArguments().map((a) => a.getValue());
      stage.copies.push({ line, from: ins.getFromFlag()?.getValue(), sources: args.slice(0, -1), dest: args.at(-1) });
    } else if (!["EXPOSE", "HEALTHCHECK", "STOPSIGNAL", "LABEL"].includes(kw))
      fail(`${line}: the image tier does not replay ${kw}; teach tests/image/run.mjs`);
  }
  return stages;
}

const stages = readDockerfile(path.join(ROOT, "Dockerfile"));
const runtime = stages.at(-1);
const stageByName = new Map(stages.map((s) => [s.name, s]));

// ---- the files, assembled
if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) fail("no production build: run `npm run build` first");
const temp = mkdtempSync(path.join(os.tmpdir(), "playground-image-"));
const appDir = path.join(temp, "image", runtime.workdir);
mkdirSync(appDir, { recursive: true });

/**
 * node_modules as hard links, not copies (34,000 files, 800 MB, twice): the same file set at a fraction of the cost.
 * `npm prune` only unlinks what it removes, which leaves the checkout's files alone; the one file npm rewrites in place,
 * its hidden lockfile, is copied so that the checkout's stays as it was.
 */
function linkNodeModules(from, to) {
  const r = spawnSync("cp", ["-a", "--link", from, to], { stdio: "inherit" });
  if (r.status !== 0) fail(`could not link ${from} into ${to} (cp -a --link)`);
  const hidden = path.join(to, ".package-lock.json");
  if (existsSync(hidden)) {
    rmSync(hidden);
    cpSync(path.join(from, ".package-lock.json"), hidden);
  }
}

/** The build stage's node_modules as the image gets it: this checkout's, copied, then `npm prune` as that stage runs it. */
function prunedNodeModules(build) {
  const prune = build.runs.flatMap((r) => r.split("&&").map((c) => c.trim())).find((c) => /^npm prune\b/.test(c));
  if (!prune)
    fail(`the ${build.name} stage runs no \`npm prune\`: the tier would not know what the image's node_modules hold`);
  const dir = path.join(temp, "build");
  mkdirSync(dir);
  for (const f of ["package.json", "package-lock.json"]) cpSync(path.join(ROOT, f), path.join(dir, f));
  console.log(`linking node_modules and running \`${prune}\` on the copy (offline)…`);
  linkNodeModules(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const argv = prune.split(/\s+/);
  const r = spawnSync(argv[0], [...argv.slice(1), "--offline"], { cwd: dir, stdio: "inherit" });
  if (r.status !== 0) fail(`\`${prune}\` failed on the copy`);
  return path.join(dir, "node_modules");
}

let pruned;
for (const copy of runtime.copies) {
  const build = stageByName.get(copy.from);
  if (!build)
    fail(`${copy.line}: only COPY --from=<an earlier stage> is replayed (the runtime stage copies nothing else)`);
  const destIsDir = copy.dest.endsWith("/") || copy.sources.length > 1;
  const dest = path.join(temp, "image", path.posix.resolve(runtime.workdir, copy.dest));
  for (const source of copy.sources) {
    // A path in the build stage: its WORKDIR is this checkout (COPY . .), except node_modules, which it prunes.
    const rel = path.posix.relative(build.workdir, path.posix.resolve(build.workdir, source));
    if (rel.startsWith("..")) fail(`${copy.line}: ${source} is outside the build stage's WORKDIR ${build.workdir}`);
    let from = path.join(ROOT, rel);
    if (rel === "node_modules") from = pruned ??= prunedNodeModules(build);
    if (!existsSync(from))
      fail(`${copy.line}: ${source} does not exist in the build (${path.relative(ROOT, from) || from})`);
    const to = destIsDir && !statSync(from).isDirectory() ? path.join(dest, path.basename(from)) : dest;
    mkdirSync(path.dirname(to), { recursive: true });
    if (rel === "node_modules") linkNodeModules(from, to);
    else cpSync(from, to, { recursive: true, verbatimSymlinks: true });
  }
}
console.log(`assembled ${runtime.copies.length} COPY lines of the ${runtime.name} stage into ${appDir}`);

// ---- the CMD, started
const [command, ...args] = runtime.cmd;
if (runtime.entrypoint.length)
  console.log(
    `ENTRYPOINT ${JSON.stringify(runtime.entrypoint)} not used here: the CMD runs directly (tini only reaps, and may be absent)`,
  );
if (runtime.user)
  console.log(`USER ${runtime.user} not applied: the CMD runs as this user (${os.userInfo().username})`);
const port = await freePort();
const env = {
  PATH: process.env.PATH,
  HOME: temp,
  ...runtime.env,
  PLAYGROUND_TOKEN: TOKEN,
  HOST: "127.0.0.1",
  PORT: String(port),
};
const { child, log, exited, killGroup } = startLogged(command === "node" ? process.execPath : command, args, {
  cwd: appDir,
  env,
});

const post = (route, body, p = port) =>
  httpRequest({
    port: p,
    method: "POST",
    path: route,
    headers: { "content-type": "application/json", "x-playground-token": TOKEN },
    body: JSON.stringify(body),
  }).then((r) => ({ status: r.status, json: JSON.parse(r.text || "null") }));

/** The three things a deployment needs, against whatever answers on `p`; returns the first problem, or null. */
async function prove(p, label, isGone) {
  for (let i = 0; ; i++) {
    if (isGone()) return `${label}: exited before it was ready`;
    const ready = await httpRequest({ port: p, path: "/api/ready" }).catch(() => null);
    if (ready?.status === 200) break;
    if (i > 1200)
      return `${label}: GET /api/ready did not answer 200 within 120 s (last: ${ready?.status ?? "no answer"})`;
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`${label}: GET /api/ready → 200`);
  const unanswered = await calendarToolsListed({
    port: p,
    headers: { "x-playground-token": TOKEN },
    sendId: "image-1",
  });
  if (unanswered) return `${label}: ${unanswered}`;
  console.log(`${label}: POST /api/bridge/send (calendar, stdio) → tools/list answered`);
  const auth = await post("/api/auth/run", { demo: "calendar-protected", login: "headless" }, p);
  if (auth.status !== 200 || auth.json?.value?.outcome !== "authenticated")
    return `${label}: the Auth demo did not end authenticated: HTTP ${auth.status} ${JSON.stringify(auth.json?.value?.outcome ?? auth.json).slice(0, 400)}`;
  console.log(`${label}: POST /api/auth/run (calendar-protected, headless) → authenticated`);
  return null;
}

let problem;
try {
  problem = await prove(port, `${command} ${args.join(" ")}`, () => child.exitCode !== null);
  if (!problem) {
    process.kill(child.pid, "SIGTERM");
    const exit = await exited;
    if (exit.code !== 0) problem = `SIGTERM ended it with ${JSON.stringify(exit)} (expected exit 0)`;
    else console.log("SIGTERM → exit 0");
  }
} finally {
  killGroup();
  if (!process.argv.includes("--keep")) rmSync(temp, { recursive: true, force: true });
}
if (problem) fail(`${problem}\n--- its output ---\n${log().slice(-4000)}`);

// ---- the real image, where a container engine runs
const docker = spawnSync("docker", ["info", "--format", "{{.ServerVersion}}"], { encoding: "utf8" });
if (docker.error || docker.status !== 0) {
  const why =
    (docker.error?.message ?? docker.stderr ?? "").trim().split("\n").filter(Boolean).at(-1) ?? `exit ${docker.status}`;
  console.log(`real image skipped: no container engine answers \`docker info\` (${why})`);
  process.exit(0);
}
const tag = `mcp-playground-image-tier:${process.pid}`;
console.log(`docker ${docker.stdout.trim()}: building ${tag}…`);
if (spawnSync("docker", ["build", "-t", tag, ROOT], { stdio: "inherit" }).status !== 0) fail("docker build failed");
const hostPort = await freePort();
const run = spawnSync(
  "docker",
  [
    "run",
    "-d",
    "--rm",
    "-p",
    `127.0.0.1:${hostPort}:${runtime.env.PORT ?? 3000}`,
    "-e",
    `PLAYGROUND_TOKEN=${TOKEN}`,
    tag,
  ],
  {
    encoding: "utf8",
  },
);
if (run.status !== 0) fail(`docker run failed: ${run.stderr}`);
const id = run.stdout.trim();
let gone = false;
try {
  problem = await prove(hostPort, `container ${id.slice(0, 12)}`, () => gone);
  if (!problem) {
    const stop = spawnSync("docker", ["stop", "-t", "30", id], { encoding: "utf8" });
    gone = true;
    if (stop.status !== 0) problem = `docker stop failed: ${stop.stderr}`;
  }
} finally {
  if (!gone) spawnSync("docker", ["rm", "-f", id]);
  spawnSync("docker", ["rmi", tag], { stdio: "ignore" });
}
if (problem) fail(problem);
console.log("real image: ready, calendar over stdio and Auth demo proven");
