// Issue 25 item 4: a drain covers every call. SIGTERM reaches `npm start`'s server (the harness's startServer) while a
// stdio call and an HTTP call are in flight: both get their complete replies, then the server ends the processes it
// started and exits 0. The replies are held until the server has said it is draining, so each call is surely in
// flight across the signal (a stdio server killed at the signal cannot answer any more). Issue 44 item 3: the same
// when the stop is sent to `npm start`'s whole process group, so that the server gets it twice (npm passes it on).
import { randomBytes } from "node:crypto";
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, freePort, httpRequest, startServer } from "../harness.mjs";
import { spawnGroup } from "../../../scripts/local-app.mjs";
import { request } from "../steps/frames.mjs";
import { postJson } from "../steps/http.mjs";

/** The reply an exchange record holds: inline, or the parse of the event text `outcome.at` names (lib/protocol/exchange.ts). */
function replyOf(exchange) {
  const outcome = exchange?.outcome;
  if (outcome?.kind !== "response") return undefined;
  if (!("at" in outcome)) return outcome.frame;
  const event = exchange.events[outcome.at];
  return JSON.parse(event.kind === "sse-event" ? event.data : event.text);
}

const HOLD = path.join(ROOT, "tests/fixtures/hold-until-usr1.mjs");
const frame = (id) => JSON.stringify(request(id, "tools/list"));

/** A Streamable HTTP endpoint on loopback that holds each POST until release(), then answers it with JSON. */
async function heldHttpEndpoint() {
  const held = [];
  let arrived;
  const firstArrival = new Promise((resolve) => (arrived = resolve));
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      held.push({ res, id: JSON.parse(body).id });
      arrived();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/mcp`,
    firstArrival,
    release() {
      for (const { res, id } of held.splice(0)) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id, result: { released: true, over: "http" } }));
      }
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Resolves when check() returns something truthy (checked every 50 ms), or fails naming what never happened. */
async function until(what, check, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
}

/** The first child of process `pid` (Linux /proc), or undefined. */
function childOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/)[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm start` as a user runs it (npm → node scripts/start.mjs, which serves the build), on `port`, detached in a
 * process group of its own with `token`; log() is all it printed. A stale build is reported, not rebuilt here.
 */
function npmStart(port, token) {
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PLAYGROUND_OPEN: "0",
    PLAYGROUND_TOKEN: token,
    // A repeated signal is the same stop however long this busy machine takes between the two.
    PLAYGROUND_DRAIN_REPEAT_MS: "120000",
  };
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const { child, log } = spawnGroup(npm, ["start", "--", "--port", String(port), "--no-open"], env);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return { child, log, exited };
}

export function register({ test, assert }) {
  test("a stop sent to `npm start`'s whole process group (npm forwards the signal again) drains the stdio call in flight, then everything exits", async () => {
    const port = await freePort();
    const token = randomBytes(16).toString("hex");
    const app = npmStart(port, token);
    let holder;
    try {
      await until(
        "`npm start` answering /api/ready",
        async () => {
          assert(
            !/Building the playground first/.test(app.log()),
            `the build is stale; run \`npm run build\`:\n${app.log()}`,
          );
          assert(app.child.exitCode === null, `npm start exited early:\n${app.log()}`);
          const r = await httpRequest({ port, path: "/api/ready" }).catch(() => undefined);
          return r?.status === 200;
        },
        60_000,
      );
      const post = (route, body) =>
        postJson(port, route, body, { "x-playground-token": token }).then((r) => ({
          status: r.status,
          json: JSON.parse(r.text),
        }));
      const stdioTarget = { kind: "stdio", command: process.execPath, args: [HOLD] };
      // A server that exits mid-call resets the connection: that failure is this case's verdict, not a crash.
      const stdioSend = post("/api/bridge/send", {
        sendId: "group-stop",
        target: stdioTarget,
        frame: frame(7),
        // Longer than the whole case: the call is in flight until the case releases it, however busy the machine.
        timeoutMs: 120_000,
      }).catch((e) => ({ status: 0, json: { error: e.message } }));
      const status = await until("the stdio server saying it holds request 7", async () => {
        const r = await post("/api/bridge/process", { action: "status", target: stdioTarget });
        return r.json.value?.stderrTail?.some((l) => l.includes("holding 7")) && r.json.value;
      });
      holder = status.pid;

      // What Ctrl+C in a terminal or `kill -- -PGID` does: every process of the group, npm included, gets the signal,
      // and npm passes it on to the server. That copy may merge with the first (a pending signal is not queued twice),
      // so the case also sends the server a copy itself: the server surely gets the stop twice during its drain.
      process.kill(-app.child.pid, "SIGTERM");
      await until("the server saying it drains", () => /SIGTERM: draining/.test(app.log()));
      const server = childOf(app.child.pid);
      assert(
        server && readFileSync(`/proc/${server}/cmdline`, "utf8").split("\0").includes("scripts/start.mjs"),
        `npm's child is not the server itself (the script must exec it, so that npm waits for the drain): pid ${server}`,
      );
      process.kill(server, "SIGTERM");
      // The reply is held until the repeated signal was taken (or the server is gone: the old behaviour).
      await until(
        "the server taking the repeated SIGTERM",
        () => /SIGTERM again/.test(app.log()) || app.child.exitCode !== null || app.child.signalCode !== null,
      );
      assert(
        app.child.exitCode === null && app.child.signalCode === null,
        `\`npm start\` exited during the drain, with the stdio call still in flight (the repeated SIGTERM cut the drain short):\n${app.log().slice(-1500)}`,
      );
      process.kill(holder, "SIGUSR1");

      const sent = await stdioSend;
      const outcome = sent.json.value?.outcome;
      assert(
        sent.status === 200 && outcome?.kind === "response",
        `the stdio call in flight was not answered: HTTP ${sent.status} ${JSON.stringify(outcome ?? sent.json).slice(0, 400)}\n${app.log().slice(-1500)}`,
      );
      assert(
        JSON.stringify(replyOf(sent.json.value)) ===
          JSON.stringify({ jsonrpc: "2.0", id: 7, result: { released: true, pid: holder } }),
        `the reply is not the server's complete answer: ${JSON.stringify(replyOf(sent.json.value))}`,
      );
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(() => resolve("still running 30 s later"), 30_000)));
      const exit = await Promise.race([app.exited, late]);
      clearTimeout(timer);
      assert(
        typeof exit === "object" && exit.code === 0,
        `\`npm start\` after the group stop: ${JSON.stringify(exit)} (expected exit code 0)\n${app.log().slice(-1500)}`,
      );
      assert(
        /drained: no call in flight/.test(app.log()),
        `the server did not say it drained:\n${app.log().slice(-2000)}`,
      );
      assert(!alive(holder), `the stdio server (pid ${holder}) outlived the server`);
    } finally {
      if (app.child.exitCode === null && app.child.signalCode === null) {
        try {
          process.kill(-app.child.pid, "SIGKILL");
        } catch {
          /* already gone */
        }
      }
      if (holder && alive(holder)) process.kill(holder, "SIGKILL");
    }
  });

  test("a server whose output nobody reads any more (its terminal or its starter gone) still drains and exits 0 on SIGTERM", async () => {
    const srv = await startServer();
    try {
      const exited = new Promise((resolve) => srv.child.once("exit", (code, signal) => resolve({ code, signal })));
      // The reader goes away: every later write to the server's stdout and stderr fails (EPIPE).
      srv.child.stdout.destroy();
      srv.child.stderr.destroy();
      process.kill(srv.child.pid, "SIGTERM"); // it says "SIGTERM: draining" on stdout
      let timer;
      const late = new Promise((resolve) => (timer = setTimeout(() => resolve("still running 30 s later"), 30_000)));
      const exit = await Promise.race([exited, late]);
      clearTimeout(timer);
      assert(exit?.code === 0, `after SIGTERM, with nobody reading its output: ${JSON.stringify(exit)}`);
    } finally {
      await srv.stop();
    }
  });

  test("a drain covers every call: SIGTERM while a stdio and an HTTP call are in flight → both replies arrive complete, then the children end and the server exits 0", async () => {
    const srv = await startServer();
    let endpoint;
    let holder;
    try {
      endpoint = await heldHttpEndpoint();
      const post = (route, body) =>
        postJson(srv.port, route, body, { "x-playground-token": srv.token }).then((r) => ({
          status: r.status,
          json: JSON.parse(r.text),
        }));
      const stdioTarget = { kind: "stdio", command: process.execPath, args: [HOLD] };
      const stdioSend = post("/api/bridge/send", { sendId: "drain-stdio", target: stdioTarget, frame: frame(1) });
      const httpSend = post("/api/bridge/send", {
        sendId: "drain-http",
        target: { kind: "http", url: endpoint.url },
        frame: frame(2),
      });

      // Both calls are in flight: the stdio server holds request 1, the HTTP endpoint holds its POST.
      const status = await until("the stdio server saying it holds request 1", async () => {
        const r = await post("/api/bridge/process", { action: "status", target: stdioTarget });
        return r.json.value?.stderrTail?.some((l) => l.includes("holding 1")) && r.json.value;
      });
      holder = status.pid;
      assert(Number.isInteger(holder), `the process panel gave no pid: ${JSON.stringify(status)}`);
      await endpoint.firstArrival;

      const exited = new Promise((resolve) => srv.child.once("exit", (code, signal) => resolve({ code, signal })));
      process.kill(srv.child.pid, "SIGTERM");
      await until("the server saying it drains", () => /SIGTERM: draining/.test(srv.log()));
      // Now the replies may go: the calls were in flight when the signal came.
      endpoint.release();
      try {
        process.kill(holder, "SIGUSR1");
      } catch {
        /* already ended: the stdio reply below says how */
      }

      /** The call `label` was answered (HTTP 200, a response) with exactly `reply`, `whose` complete answer. */
      const answeredWith = async (label, send, reply, whose) => {
        const sent = await send;
        const outcome = sent.json.value?.outcome;
        assert(
          sent.status === 200 && outcome?.kind === "response",
          `the ${label} call in flight was not answered: HTTP ${sent.status} ${JSON.stringify(outcome ?? sent.json).slice(0, 400)}`,
        );
        assert(
          JSON.stringify(replyOf(sent.json.value)) === JSON.stringify(reply),
          `the ${label} reply is not ${whose} complete answer: ${JSON.stringify(replyOf(sent.json.value))}`,
        );
      };
      const released = (id, result) => ({ jsonrpc: "2.0", id, result: { released: true, ...result } });
      await answeredWith("stdio", stdioSend, released(1, { pid: holder }), "the server's");
      await answeredWith("HTTP", httpSend, released(2, { over: "http" }), "the endpoint's");

      const exit = await exited;
      assert(
        exit.code === 0,
        `the server exited ${JSON.stringify(exit)} on SIGTERM (expected code 0):\n${srv.log().slice(-2000)}`,
      );
      assert(
        /drained: no call in flight/.test(srv.log()),
        `the server did not say it drained:\n${srv.log().slice(-2000)}`,
      );
      assert(!alive(holder), `the stdio server (pid ${holder}) outlived the server`);
    } finally {
      endpoint?.release();
      await endpoint?.close();
      await srv.stop();
      if (holder && alive(holder)) process.kill(holder, "SIGKILL");
    }
  });
}
