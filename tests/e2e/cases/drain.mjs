// Issue 25 item 4: a drain covers every call. SIGTERM reaches `npm start`'s server (the harness's startServer) while a
// stdio call and an HTTP call are in flight: both get their complete replies, then the server ends the processes it
// started and exits 0. The replies are held until the server has said it is draining, so each call is surely in
// flight across the signal (a stdio server killed at the signal cannot answer any more).
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, httpRequest, startServer } from "../harness.mjs";

/** The reply an exchange record holds: inline, or the parse of the event text `outcome.at` names (lib/protocol/exchange.ts). */
function replyOf(exchange) {
  const outcome = exchange?.outcome;
  if (outcome?.kind !== "response") return undefined;
  if (!("at" in outcome)) return outcome.frame;
  const event = exchange.events[outcome.at];
  return JSON.parse(event.kind === "sse-event" ? event.data : event.text);
}

const HOLD = path.join(ROOT, "tests/fixtures/hold-until-usr1.mjs");
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const frame = (id) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: ENVELOPE } });

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
        httpRequest({
          port: srv.port,
          method: "POST",
          path: route,
          headers: { "content-type": "application/json", "x-playground-token": srv.token },
          body: JSON.stringify(body),
        }).then((r) => ({ status: r.status, json: JSON.parse(r.text) }));
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

      const stdio = await stdioSend;
      const stdioOutcome = stdio.json.value?.outcome;
      assert(
        stdio.status === 200 && stdioOutcome?.kind === "response",
        `the stdio call in flight was not answered: HTTP ${stdio.status} ${JSON.stringify(stdioOutcome ?? stdio.json).slice(0, 400)}`,
      );
      assert(
        JSON.stringify(replyOf(stdio.json.value)) ===
          JSON.stringify({ jsonrpc: "2.0", id: 1, result: { released: true, pid: holder } }),
        `the stdio reply is not the server's complete answer: ${JSON.stringify(replyOf(stdio.json.value))}`,
      );
      const overHttp = await httpSend;
      const httpOutcome = overHttp.json.value?.outcome;
      assert(
        overHttp.status === 200 && httpOutcome?.kind === "response",
        `the HTTP call in flight was not answered: HTTP ${overHttp.status} ${JSON.stringify(httpOutcome ?? overHttp.json).slice(0, 400)}`,
      );
      assert(
        JSON.stringify(replyOf(overHttp.json.value)) ===
          JSON.stringify({ jsonrpc: "2.0", id: 2, result: { released: true, over: "http" } }),
        `the HTTP reply is not the endpoint's complete answer: ${JSON.stringify(replyOf(overHttp.json.value))}`,
      );

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
