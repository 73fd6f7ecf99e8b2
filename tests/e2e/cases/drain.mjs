// Issue 25 item 4: a drain covers every call. SIGTERM reaches `npm start`'s server (the harness's startServer) while a
// stdio call and an HTTP call are in flight: both get their complete replies, then the server ends the processes it
// started and exits 0. The replies are held until the server has said it is draining, so each call is surely in
// flight across the signal (a stdio server killed at the signal cannot answer any more).
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, startServer } from "../harness.mjs";
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

export function register({ test, assert }) {
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
