/**
 * A class on a real balancer: N hosted instances (dist-servers/server.mjs --hosted, what npm run start:hosted runs) behind Debian's nginx running
 * deploy/nginx/playground.conf (the file users copy; only its ports are swapped for free ones), and S students,
 * each from their own loopback address, doing what the chapter does: server/discover, tools/list, the MRTR
 * round trip (create_event → input_required → retry with requestState), a tools/list over stdio, a task
 * (confirm_booking made, polled, answered and polled to completed through whichever instances the balancer picks)
 * and a lab run. Then
 * the same load again while every instance in turn is stopped with SIGTERM mid-wave and started again (a rolling
 * restart): each stop lands while a witness lab run (fresh stdio processes) is in flight on that instance, and the
 * students' calls keep running. Passes only with zero lost calls (every reply complete, the witnesses' included),
 * every instance exiting 0 on SIGTERM, and no process left behind.
 *
 *   node --import tsx tests/class/run.ts [--students 12] [--instances 3] [--report file.json] [--stop signal|group]
 * `npm test` runs a small class; `npm run bench` a full one (60 students). Needs `npm run build` and nginx.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { LabReport } from "@/lib/lab/report";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { replyFrame } from "@/lib/protocol/exchange";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    students: { type: "string", default: "12" },
    instances: { type: "string", default: "3" },
    report: { type: "string" },
    // How an instance is stopped: "signal" (SIGTERM to the server process) or "group" (each instance is
    // `npm run start:hosted` in a process group of its own, stopped by SIGTERM to the whole group — what systemd's
    // default, a terminal's Ctrl+C or `kill -- -PGID` do; npm passes the signal on, so the server gets it twice).
    stop: { type: "string", default: "signal" },
  },
});
const GROUP_STOP = values.stop === "group";
if (!["signal", "group"].includes(values.stop!)) throw new Error(`--stop is signal or group, not ${values.stop}`);
const STUDENTS = Number(values.students);
const INSTANCES = Number(values.instances);
const TOKEN = "class-test-token";
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "class-test-student", version: "0.0.0" },
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};
const CALENDAR = { kind: "demo", server: "calendar", transport: "http" };
const CALENDAR_STDIO = { kind: "demo", server: "calendar", transport: "stdio" };
const WHEN = { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } };
const TASKS = { kind: "demo", server: "tasks", transport: "http" };
const TASKS_ENVELOPE = {
  ...ENVELOPE,
  "io.modelcontextprotocol/clientCapabilities": {
    elicitation: { form: {} },
    extensions: { "io.modelcontextprotocol/tasks": {} },
  },
};

/** A judge: the reply's result mentions `text`, or it is an unexpected `what` reply. */
const resultMentions =
  (text: string, what: string) =>
  (r: Record<string, unknown>): string | null =>
    JSON.stringify(r.result ?? {}).includes(text)
      ? null
      : `unexpected ${what} reply ${JSON.stringify(r).slice(0, 200)}`;

/** Every process this run started: a failure ends them all before it exits (nothing may outlive the test). */
const children = new Set<ChildProcess>();
function fail(message: string): never {
  console.error(`class test: ${message}`);
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    // An instance started with --stop group leads a process group of its own: end all of it.
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      child.kill("SIGKILL");
    }
  }
  process.exit(1);
}
if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")) || !existsSync(path.join(ROOT, "dist-servers", "server.mjs")))
  fail("no production build: run `npm run build` first");
if (!NGINX) fail("nginx not found: `apt-get install -y nginx` (npm test installs it when it can)");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Reply {
  status: number;
  json: { ok?: boolean; value?: unknown; message?: string } | null;
}
function request(port: number, method: string, pathname: string, body?: unknown, agent?: http.Agent): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: pathname,
        agent,
        headers: { "content-type": "application/json", "x-playground-token": TOKEN },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => {
          let json = null;
          try {
            json = JSON.parse(text);
          } catch {
            /* not JSON: the status says enough */
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("no reply within 60 s")));
    req.on("error", reject);
    req.end(data);
  });
}

// ---- instances
// nginx does not probe, so a short grace is enough; the wait for calls in flight is generous (still bounded)
// because on a busy two-core machine a lab run can take many seconds, and cutting it off would lose the call.
const stopping = new Set<ChildProcess>();
const unexpectedExits: string[] = [];
interface Instance {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}
/** Stops an instance the way --stop says: its server, or its whole process group. */
function stopInstance(child: ChildProcess): void {
  if (GROUP_STOP) process.kill(-child.pid!, "SIGTERM");
  else child.kill("SIGTERM");
}

// The class's own stores, shared by its instances as a deployment's volume is, and by nothing else on this machine:
// the user's default store (<tmpdir>/mcp-playground-tasks-<uid>) is also every other playground's, and an e2e case
// that presses Reset demo servers beside this run cleared the answers of 5 students' tasks (they never completed).
const STORES = mkdtempSync(path.join(os.tmpdir(), "playground-class-stores-"));

async function startInstance(port: number): Promise<Instance> {
  const args = ["--hosted", "--port", String(port), "--host", "127.0.0.1"];
  const child = spawn(
    GROUP_STOP ? "npm" : process.execPath,
    GROUP_STOP ? ["run", "--silent", "start:hosted", "--", ...args.slice(1)] : ["dist-servers/server.mjs", ...args],
    {
      cwd: ROOT,
      detached: GROUP_STOP,
      env: {
        ...process.env,
        PLAYGROUND_TOKEN: TOKEN,
        TASKS_STORE_DIR: path.join(STORES, "tasks"),
        CALENDAR_STORE_DIR: path.join(STORES, "calendar"),
        PLAYGROUND_TRUSTED_PROXIES: "1",
        PLAYGROUND_DRAIN_GRACE_MS: "1000",
        PLAYGROUND_DRAIN_TIMEOUT_MS: "60000",
        PLAYGROUND_LOG: process.env.CLASS_LOG ?? "off",
        PLAYGROUND_NO_OPEN: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.add(child);
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // An instance that dies on its own (not by our SIGTERM) is a failure whatever the calls said.
  child.once("exit", (code, signal) => {
    if (!stopping.has(child))
      unexpectedExits.push(
        `instance on port ${port} exited by itself (code ${code}, signal ${signal}):\n${output.slice(-3000)}`,
      );
  });
  // Next's start takes a few seconds, more on a busy machine: up to 120 s before giving up.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) fail(`instance on port ${port} exited at start:\n${output}`);
    const ready = await request(port, "GET", "/api/ready").catch(() => null);
    if (ready?.status === 200) return { port, child, exited, output: () => output };
    await sleep(100);
  }
  fail(`instance on port ${port} was not ready within 120 s:\n${output}`);
}

// ---- nginx, from the committed config
function startNginx(listenPort: number, ports: number[]): { child: ChildProcess; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playground-nginx-"));
  chmodSync(dir, 0o777);
  let conf = readFileSync(path.join(ROOT, "deploy/nginx/playground.conf"), "utf8");
  // The committed file names three instances on 3001-3003: each becomes a test instance, or goes when there are fewer.
  const upstreams = [3001, 3002, 3003].map((p) => new RegExp(`^(\\s*server 127\\.0\\.0\\.1:)${p}( .*)$`, "m"));
  const swaps: [RegExp | string, string][] = [
    ["listen 8080;", `listen 127.0.0.1:${listenPort};`],
    ...upstreams.map((re, i): [RegExp, string] => [re, i < ports.length ? `$1${ports[i]}$2` : ""]),
  ];
  for (const [from, to] of swaps) {
    if (typeof from === "string" ? !conf.includes(from) : !from.test(conf))
      fail(`deploy/nginx/playground.conf no longer contains ${String(from)}: update tests/class/run.ts`);
    conf = conf.replace(from, to);
  }
  if (ports.length > 3) fail("the committed nginx config names three instances; run with --instances 3 or fewer");
  writeFileSync(path.join(dir, "playground.conf"), conf);
  const temp = (name: string) => `${name}_temp_path ${dir}/${name};`;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      "daemon off;",
      "worker_processes 1;",
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      "events { worker_connections 4096; }",
      `http { access_log off; ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join(" ")} include ${dir}/playground.conf; }`,
    ].join("\n"),
  );
  const check = spawnSync(NGINX!, ["-t", "-q", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) fail(`nginx -t refused the config:\n${check.stderr}`);
  const child = spawn(NGINX!, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  children.add(child);
  return { child, dir };
}

/** Marks one upstream `down` (or back up) in the running config and reloads nginx gracefully (SIGHUP). */
async function setUpstreamDown(
  nginx: { child: ChildProcess; dir: string },
  port: number,
  down: boolean,
): Promise<void> {
  const file = path.join(nginx.dir, "playground.conf");
  const line = new RegExp(`^(\\s*server 127\\.0\\.0\\.1:${port}\\b[^;]*?)( down)?;$`, "m");
  const conf = readFileSync(file, "utf8");
  if (!line.test(conf)) fail(`no upstream line for port ${port} in the nginx config`);
  writeFileSync(
    file,
    conf.replace(line, (_m, head: string) => `${head}${down ? " down" : ""};`),
  );
  const before = new Set(descendants(nginx.child.pid!));
  nginx.child.kill("SIGHUP");
  // Reloaded once a worker on the new config runs and no old worker takes new connections any more (an old one
  // still finishing what it carries is titled "… is shutting down").
  for (let polls = 0; ; polls++) {
    const workers = nginxWorkers(nginx.child.pid!);
    const fresh = workers.some((w) => !before.has(w.pid) && !w.leaving);
    if (fresh && workers.every((w) => !before.has(w.pid) || w.leaving)) return;
    if (polls > 200) fail(`nginx did not reload within 10 s (port ${port} marked ${down ? "down" : "up"})`);
    await sleep(50);
  }
}

/** nginx's workers (its master's children) and whether each has stopped taking new connections. */
function nginxWorkers(master: number): { pid: number; leaving: boolean }[] {
  return descendants(master).map((pid) => {
    let title = "";
    try {
      title = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      /* gone meanwhile */
    }
    return { pid, leaving: title === "" || title.includes("shutting down") };
  });
}

// ---- students
interface Call {
  what: string;
  ms: number;
  ok: boolean;
  detail?: string;
}
const exchangeOf = (r: Reply) =>
  r.json?.ok ? (r.json.value as { outcome: { kind: string; frame?: unknown; message?: string } }) : undefined;

class Student {
  readonly agent: http.Agent;
  calls: Call[] = [];
  private n = 0;
  constructor(
    readonly index: number,
    private readonly port: number,
  ) {
    // A connection per call: a reused keep-alive connection that nginx closes during its graceful reload would
    // fail a POST here, where a browser retries it on a new connection (it had no response byte yet).
    this.agent = new http.Agent({
      keepAlive: false,
      localAddress: `127.0.${1 + Math.floor(index / 250)}.${2 + (index % 250)}`,
    });
  }
  private async call(
    what: string,
    pathname: string,
    body: unknown,
    judge: (r: Reply) => string | null,
  ): Promise<Reply | undefined> {
    const t0 = performance.now();
    try {
      const r = await request(this.port, "POST", pathname, body, this.agent);
      const problem = judge(r);
      this.calls.push({ what, ms: performance.now() - t0, ok: problem === null, detail: problem ?? undefined });
      return r;
    } catch (e) {
      this.calls.push({ what, ms: performance.now() - t0, ok: false, detail: (e as Error).message });
      return undefined;
    }
  }
  /** The next frame this student sends (its id is the next send's number), with the envelope in `_meta`. */
  private frame(method: string, params: object = {}, envelope: object = ENVELOPE) {
    return { jsonrpc: "2.0", id: this.n + 1, method, params: { _meta: envelope, ...params } };
  }
  private send(
    what: string,
    frame: object,
    judge: (reply: Record<string, unknown>) => string | null,
    target: object = CALENDAR,
  ) {
    const sendId = `s${this.index}-${++this.n}`;
    return this.call(what, "/api/bridge/send", { sendId, target, frame: JSON.stringify(frame) }, (r) => {
      const exchange = exchangeOf(r);
      if (!exchange) return `HTTP ${r.status}: ${r.json?.message ?? "no JSON"}`;
      const reply =
        exchange.outcome.kind === "response" ? (replyFrame(exchange) as Record<string, unknown>) : undefined;
      if (!reply) return `no reply frame (${exchange.outcome.kind}: ${exchange.outcome.message ?? ""})`;
      return judge(reply);
    });
  }
  /**
   * A task through the balancer (issue 26, item 4): confirm_booking is made on one instance, then polled, answered
   * and polled again through whichever instances nginx picks (round robin, restarts included). Its id is signed with
   * a key derived from PLAYGROUND_TOKEN; the answer is kept in the user's store, which the instances on this host share.
   */
  private async task(): Promise<void> {
    const frame = (method: string, params: object) => this.frame(method, params, TASKS_ENVELOPE);
    let taskId = "";
    await this.send(
      "task: tools/call",
      frame("tools/call", { name: "confirm_booking", arguments: {} }),
      (r) => {
        taskId = String((r.result as { taskId?: unknown } | undefined)?.taskId ?? "");
        return taskId.startsWith("tsk1.") ? null : `no task: ${JSON.stringify(r).slice(0, 200)}`;
      },
      TASKS,
    );
    if (!taskId) return;
    const pollUntil = async (want: string): Promise<string> => {
      for (let i = 0; i < 60; i++) {
        let status = "";
        let interval = 500;
        await this.send(
          "task: tasks/get",
          frame("tasks/get", { taskId }),
          (r) => {
            const result = r.result as { status?: string; pollIntervalMs?: number } | undefined;
            status = result?.status ?? "";
            interval = result?.pollIntervalMs ?? 500;
            return status ? null : `tasks/get failed on this instance: ${JSON.stringify(r).slice(0, 200)}`;
          },
          TASKS,
        );
        if (status === want || status === "" || ["completed", "failed", "cancelled"].includes(status)) return status;
        await sleep(interval);
      }
      return "still waiting after 60 polls";
    };
    const asking = await pollUntil("input_required");
    if (asking !== "input_required")
      return void this.calls.push({ what: "task: input_required", ms: 0, ok: false, detail: `ended ${asking}` });
    await this.send(
      "task: tasks/update",
      frame("tasks/update", {
        taskId,
        inputResponses: { confirm: { action: "accept", content: { confirmed: true } } },
      }),
      (r) => (r.error ? `tasks/update failed: ${JSON.stringify(r.error)}` : null),
      TASKS,
    );
    const done = await pollUntil("completed");
    this.calls.push({
      what: "task: completed",
      ms: 0,
      ok: done === "completed",
      detail: done === "completed" ? undefined : `ended ${done}`,
    });
  }
  async lesson(): Promise<void> {
    await this.send("server/discover", this.frame("server/discover"), resultMentions("2026-07-28", "discover"));
    await this.send("tools/list", this.frame("tools/list"), resultMentions("create_event", "tools/list"));
    const ask = { name: "create_event", arguments: { title: "Dentist" } };
    let requestState: unknown;
    await this.send("MRTR round 1", this.frame("tools/call", ask), (r) => {
      const result = r.result as { resultType?: string; requestState?: unknown } | undefined;
      requestState = result?.requestState;
      return result?.resultType === "input_required" && typeof requestState === "string"
        ? null
        : `round 1 was not input_required: ${JSON.stringify(r).slice(0, 200)}`;
    });
    if (typeof requestState !== "string") return;
    await this.send("MRTR round 2", this.frame("tools/call", { ...ask, inputResponses: WHEN, requestState }), (r) =>
      /Created e\d+: Dentist at 2026-09-10T08:30:00Z/.test(JSON.stringify(r.result ?? {}))
        ? null
        : `round 2 did not create the event: ${JSON.stringify(r).slice(0, 200)}`,
    );
    // Over stdio: in hosted mode a fresh process per message, the call a drain must not cut off.
    await this.send(
      "tools/list (stdio)",
      this.frame("tools/list"),
      resultMentions("create_event", "stdio tools/list"),
      CALENDAR_STDIO,
    );
    await this.task();
    await this.call("lab run", "/api/lab/run", LAB_RUN, judgeLabRun);
  }
}

// The chapter's isolation experiment, every message in a fresh stdio process: three processes one after the other.
const LAB_RUN = {
  script: BUILT_IN_SCRIPTS.find((s) => s.id === "chapter-isolation")!.script,
  conditions: ["stdio-fresh-process"],
};
/** A lab run counts only when every step got its reply and the verdicts are the chapter's (a killed process fails a step). */
function judgeLabRun(r: Reply): string | null {
  if (!r.json?.ok) return `lab run failed: HTTP ${r.status}: ${r.json?.message ?? ""}`;
  const column = (r.json.value as LabReport).columns[0];
  if (!column?.run) return `lab run has no result: ${column?.error ?? "no column"}`;
  const failed = column.run.steps.find((step) => step.status !== "ok");
  if (failed) return `lab step ${failed.stepId} ${failed.status}: ${failed.reason ?? failed.summary}`;
  const verdicts = column.run.verdicts.map((v) => `${v.rule}:${v.outcome}`).join(",");
  return verdicts === "continuation:survived,state:lost"
    ? null
    : `lab verdicts ${verdicts} (expected continuation:survived,state:lost)`;
}

/** One gauge of an instance's Prometheus metrics (read with the token, straight from the instance). */
function gauge(port: number, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(
        { host: "127.0.0.1", port, path: "/api/metrics", headers: { "x-playground-token": TOKEN }, agent: false },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c) => (text += c));
          res.on("end", () => {
            const m = new RegExp(`^mcp_playground_${name} (\\d+)`, "m").exec(text);
            if (m) resolve(Number(m[1]));
            else reject(new Error(`no ${name} in the metrics of port ${port} (HTTP ${res.statusCode})`));
          });
        },
      )
      .on("error", reject);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n: number) => Math.round(n * 10) / 10;
function summary(calls: Call[], wallMs: number) {
  const ms = calls.map((c) => c.ms).sort((a, b) => a - b);
  const failures = calls.filter((c) => !c.ok);
  return {
    calls: calls.length,
    failed: failures.length,
    firstFailures: failures.slice(0, 5).map((c) => `${c.what}: ${c.detail}`),
    wallMs: round(wallMs),
    p50Ms: round(percentile(ms, 50)),
    p99Ms: round(percentile(ms, 99)),
  };
}

/** Waits until every student has had one more call answered: the load runs through the balancer as it is now. */
async function eachStudentCalls(students: Student[]): Promise<void> {
  const before = students.map((s) => s.calls.length);
  for (let polls = 0; students.some((s, i) => s.calls.length === before[i]); polls++) {
    if (polls > 1200) fail("a student had no call answered within 60 s");
    await sleep(50);
  }
}

function descendants(pid: number): number[] {
  const out = spawnSync("ps", ["-eo", "pid,ppid"], { encoding: "utf8" }).stdout;
  const rows = out
    .split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length === 2);
  const found: number[] = [];
  const walk = (p: number) =>
    rows.filter(([, ppid]) => ppid === p).forEach(([child]) => (found.push(child), walk(child)));
  walk(pid);
  return found;
}
function fromThisCheckout(pids: number[]): number[] {
  return pids.filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(ROOT);
    } catch {
      return false;
    }
  });
}

// ---- the run
const nginxPort = await freePort();
const ports: number[] = [];
for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
const instances = await Promise.all(ports.map(startInstance));
const nginx = startNginx(nginxPort, ports);
const everyPid = new Set<number>(instances.map((i) => i.child.pid!));
const problems: string[] = [];
const report: Record<string, unknown> = { instances: INSTANCES, students: STUDENTS };
try {
  for (let i = 0; i < 100 && (await request(nginxPort, "GET", "/api/health").catch(() => null))?.status !== 200; i++)
    await sleep(100);

  // Wave 1: the whole class does the lesson once, at the same time.
  const class1 = Array.from({ length: STUDENTS }, (_, i) => new Student(i, nginxPort));
  let t0 = performance.now();
  await Promise.all(class1.map((s) => s.lesson()));
  report.wave = summary(
    class1.flatMap((s) => s.calls),
    performance.now() - t0,
  );

  // Wave 2: the lesson on a loop while every instance in turn is stopped (SIGTERM, drains) and started again.
  const class2 = Array.from({ length: STUDENTS }, (_, i) => new Student(i, nginxPort));
  let stop = false;
  const loops = class2.map(async (s) => {
    while (!stop) {
      await s.lesson();
      await sleep(300); // a student's pause between two lessons: the pace of the load, not a wait for anything
    }
  });
  t0 = performance.now();
  const restarts: {
    port: number;
    exitCode: number | null;
    downMs: number;
    childrenAtSignal: number;
    requestsAtSignal: number;
  }[] = [];
  const witnesses: Call[] = [];
  for (let i = 0; i < instances.length; i++) {
    await eachStudentCalls(class2);
    const old = instances[i];
    const stoppedAt = performance.now();
    // nginx does not probe: take the instance out of rotation first, as README's rolling-restart steps say
    // (closing a listening socket resets connections still in its backlog, and nginx never replays a POST).
    await setUpstreamDown(nginx, old.port, true);
    // Mid-wave for sure: a witness lab run straight to this instance, signalled once its first stdio process runs
    // (two more follow it), besides whatever the students still have in flight there.
    const witnessStarted = performance.now();
    const witness = request(old.port, "POST", "/api/lab/run", LAB_RUN).then(
      (r) => ({
        what: `witness lab run on port ${old.port}`,
        ms: performance.now() - witnessStarted,
        ok: judgeLabRun(r) === null,
        detail: judgeLabRun(r) ?? undefined,
      }),
      (e: Error) => ({
        what: `witness lab run on port ${old.port}`,
        ms: performance.now() - witnessStarted,
        ok: false,
        detail: e.message,
      }),
    );
    for (let polls = 0; (await gauge(old.port, "child_processes")) === 0; polls++) {
      if (polls > 1200) fail(`the witness lab run on port ${old.port} started no process within 60 s`);
      await sleep(50);
    }
    const childrenAtSignal = await gauge(old.port, "child_processes");
    const requestsAtSignal = await gauge(old.port, "requests_in_flight");
    stopping.add(old.child);
    stopInstance(old.child);
    const exitCode = await old.exited;
    const witnessed = await witness;
    witnesses.push(witnessed);
    instances[i] = await startInstance(old.port);
    everyPid.add(instances[i].child.pid!);
    await setUpstreamDown(nginx, old.port, false);
    restarts.push({
      port: old.port,
      exitCode,
      downMs: round(performance.now() - stoppedAt),
      childrenAtSignal,
      requestsAtSignal,
    });
    if (exitCode !== 0) problems.push(`instance on port ${old.port} exited ${exitCode} on SIGTERM (expected 0)`);
    if (/drain timed out/.test(old.output()))
      problems.push(`instance on port ${old.port} did not drain in time:\n${old.output().slice(-2000)}`);
  }
  await eachStudentCalls(class2);
  stop = true;
  await Promise.all(loops);
  report.rollingRestart = {
    ...summary([...class2.flatMap((s) => s.calls), ...witnesses], performance.now() - t0),
    restarts,
  };
  for (const s of [...class1, ...class2]) s.agent.destroy();

  for (const [name, part] of [
    ["wave", report.wave],
    ["rolling restart", report.rollingRestart],
  ] as const) {
    const { failed, firstFailures } = part as { failed: number; firstFailures: string[] };
    if (failed > 0) problems.push(`${name}: ${failed} failed call(s): ${firstFailures.join(" | ")}`);
  }
} finally {
  const children = instances.flatMap((i) => descendants(i.child.pid!));
  for (const i of instances) {
    stopping.add(i.child);
    stopInstance(i.child);
  }
  const codes = await Promise.all(instances.map((i) => i.exited));
  nginx.child.kill("SIGQUIT");
  await new Promise((r) => (nginx.child.exitCode !== null ? r(null) : nginx.child.once("exit", r)));
  const running = () =>
    fromThisCheckout([...everyPid, ...children]).filter((pid) => {
      try {
        process.kill(pid, 0);
        return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
      } catch {
        return false;
      }
    });
  // Their parents are gone; each process ends on its own signal: wait for that (bounded), then name what is left.
  let left = running();
  for (let polls = 0; left.length > 0 && polls < 100; polls++) {
    await sleep(50);
    left = running();
  }
  problems.push(...unexpectedExits);
  if (left.length > 0) problems.push(`processes left behind: ${left.join(", ")}`);
  if (codes.some((c) => c !== 0)) problems.push(`final SIGTERM exit codes: ${codes.join(", ")} (expected 0)`);
  if (problems.length > 0)
    problems.push(
      `nginx error.log:\n${readFileSync(path.join(nginx.dir, "error.log"), "utf8")
        .split("\n")
        .filter((l) => /\[error\]/.test(l))
        .slice(0, 6)
        .join("\n")}`,
    );
  rmSync(nginx.dir, { recursive: true, force: true });
  rmSync(STORES, { recursive: true, force: true });
}

report.studentsPerInstance = round(STUDENTS / INSTANCES);
console.log(`class: ${JSON.stringify(report, null, 2)}`);
if (values.report) writeFileSync(values.report, JSON.stringify(report, null, 2));
if (problems.length > 0) fail(problems.join("\n"));
console.log(
  `class test passed: ${STUDENTS} students, ${INSTANCES} instances behind nginx, a rolling restart, no failed call, nothing left running`,
);
