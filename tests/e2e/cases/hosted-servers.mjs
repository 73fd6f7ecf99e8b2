// Hosted mode on the real server (issue 13: findings 4, 5, 13 and slow-loris): `npm run start:hosted`'s server
// (dist-servers/server.mjs --hosted) started here with PLAYGROUND_MODE=hosted, attacked over real sockets.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { ROOT, endWithThisProcess, freePort, httpRequest } from "../harness.mjs";

const TOKEN = "e2e-hosted-token";

/** `npm run start:hosted`'s server in its own process group, ended by stop(). */
async function startHosted() {
  const which = "start:hosted";
  const port = await freePort();
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PLAYGROUND_MODE: "hosted",
    PLAYGROUND_TOKEN: TOKEN,
    PORT: String(port),
    HOST: "127.0.0.1",
  };
  delete env.PLAYGROUND_TRUSTED_PROXIES;
  const argv = ["dist-servers/server.mjs", "--hosted"];
  const child = spawn(process.execPath, argv, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  endWithThisProcess(child);
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`${which} exited with code ${child.exitCode}:\n${log}`);
    try {
      if ((await httpRequest({ port, path: "/" })).status === 200)
        return { port, pid: child.pid, stop, log: () => log };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  stop();
  throw new Error(`${which} did not answer within 60 s:\n${log}`);
}

function post(port, path, body, headers = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return httpRequest({
    port,
    method: "POST",
    path,
    headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers },
    body: text,
  });
}

const rssMiB = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024);

export function register({ test, assert }) {
  test(`hosted mode (start:hosted): a forged X-Forwarded-For does not make a new client; the burst runs out`, async () => {
    const srv = await startHosted();
    try {
      const statuses = [];
      for (let i = 0; i < 60 && !statuses.includes(429); i++) {
        const r = await post(
          srv.port,
          "/api/bridge/cancel",
          { sendId: `forged-${i}` },
          { "x-playground-token": TOKEN, "X-Forwarded-For": `198.51.100.${i}`, "x-playground-peer": `203.0.113.${i}` },
        );
        statuses.push(r.status);
      }
      assert(
        statuses.slice(0, 20).every((s) => s === 200),
        `the first 20 calls should pass: ${statuses.join(" ")}`,
      );
      assert(statuses.includes(429), `60 calls with 60 forged addresses were never limited: ${statuses.join(" ")}`);
    } finally {
      srv.stop();
    }
  });

  test("start:hosted: 3.9 MiB titles posted straight to /api/demo/calendar are refused and the instance does not grow", async () => {
    const srv = await startHosted();
    try {
      const title = "x".repeat(Math.round(3.9 * 1024 * 1024));
      const frame = JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "create_event",
          arguments: { title, startsAt: "2026-09-10T08:30:00Z" },
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "e2e", version: "0" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      });
      const headers = {
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": "tools/call",
        "Mcp-Name": "create_event",
      };
      const before = rssMiB(srv.pid);
      const statuses = new Set();
      for (let i = 0; i < 40; i++) statuses.add((await post(srv.port, "/api/demo/calendar", frame, headers)).status);
      // Not a synchronisation: the RSS printed below is a report (not asserted); a second lets it settle.
      await new Promise((r) => setTimeout(r, 1_000));
      const after = rssMiB(srv.pid);
      console.log(
        `     RSS ${before} MiB → ${after} MiB after 40 × 3.9 MiB direct create_event posts (statuses ${[...statuses].join(", ")})`,
      );
      assert(
        [...statuses].every((s) => s === 413 || s === 429),
        `every oversized post should be refused: ${[...statuses].join(", ")}`,
      );
      // What "does not grow" means for the app: the calendar kept none of it. (RSS is reported above, not asserted:
      // on a busy machine the allocator's high-water mark says little; memory is measured in npm run bench.)
      const read = JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "resources/read",
        params: {
          uri: "calendar://week",
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "e2e", version: "0" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      });
      const week = await post(srv.port, "/api/demo/calendar", read, {
        ...headers,
        "Mcp-Method": "resources/read",
        "Mcp-Name": "calendar://week",
      });
      assert(
        week.status === 200 && week.text.includes("calendar://week"),
        `the calendar should still answer: ${week.status} ${week.text.slice(0, 200)}`,
      );
      assert(
        !week.text.includes("x".repeat(1024)),
        `the calendar kept a refused title (${week.text.length} characters in calendar://week)`,
      );
    } finally {
      srv.stop();
    }
  });

  test("start:hosted: four listen tabs closed mid-stream leave their client admitted", async () => {
    const srv = await startHosted();
    try {
      const listenFrame = JSON.stringify({
        jsonrpc: "2.0",
        id: "sub",
        method: "subscriptions/listen",
        params: {
          notifications: { resourceSubscriptions: ["calendar://week"] },
          _meta: {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": { name: "e2e", version: "0" },
            "io.modelcontextprotocol/clientCapabilities": {},
          },
        },
      });
      /** Opens tab `i`'s listen and closes it at the acknowledgement; false when it was refused as rate-limited. */
      const openAndClose = (i) =>
        new Promise((resolve, reject) => {
          const body = JSON.stringify({
            listenId: `tab-${i}`,
            target: { kind: "demo", server: "calendar", transport: "http" },
            frame: listenFrame,
          });
          const req = http.request(
            {
              host: "127.0.0.1",
              port: srv.port,
              method: "POST",
              path: "/api/bridge/listen",
              headers: {
                "Content-Type": "application/json",
                "Content-Length": Buffer.byteLength(body),
                "x-playground-token": TOKEN,
              },
            },
            (res) => {
              let text = "";
              res.setEncoding("utf8");
              res.on("data", (c) => {
                text += c;
                if (text.includes("notifications/subscriptions/acknowledged")) {
                  req.destroy(); // the tab closes mid-stream
                  resolve(true);
                }
              });
              res.on("end", () =>
                text.includes('"rate-limited"')
                  ? resolve(false)
                  : reject(new Error(`the stream ended before its acknowledgement: ${text.slice(0, 500)}`)),
              );
            },
          );
          req.on("error", () => {});
          req.end(body);
        });
      for (let i = 0; i < 4; i++) {
        // A closed tab's stream is given back when the server sees the close; until then the next tab may be refused
        // (two streams per client): it asks again, bounded, so a stream that is never given back fails here.
        for (const deadline = Date.now() + 10_000; !(await openAndClose(i));) {
          if (Date.now() > deadline)
            throw new Error(`tab ${i} was still refused after 10 s: the closed tabs kept their streams`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      // The server frees a closed tab's slot when it sees the close: ask again until it has (a refusal for calls
      // in flight takes no token), so a slot that is never freed still fails here.
      let after;
      for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 50))) {
        after = await post(srv.port, "/api/bridge/cancel", { sendId: "after-tabs" }, { "x-playground-token": TOKEN });
        if (after.status === 200 || Date.now() > deadline) break;
      }
      assert(after.status === 200, `after four closed tabs the client got ${after.status}: ${after.text}`);
    } finally {
      srv.stop();
    }
  });

  test("start:hosted: a slow-loris from one address is cut off (408) and does not starve the page", async () => {
    const srv = await startHosted();
    const sockets = [];
    try {
      const closed = [];
      const connected = [];
      for (let i = 0; i < 100; i++) {
        const socket = net.connect({ port: srv.port, host: "127.0.0.1", localAddress: "127.0.0.2" });
        sockets.push(socket);
        connected.push(new Promise((resolve) => (socket.once("connect", resolve), socket.once("close", resolve))));
        let got = "";
        socket.setEncoding("utf8");
        socket.on("data", (d) => (got += d));
        socket.on("error", () => {});
        socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
        const drip = setInterval(() => socket.writable && socket.write("a"), 500);
        closed.push(new Promise((resolve) => socket.on("close", () => (clearInterval(drip), resolve(got)))));
      }
      // Every slow connection is open (or already refused) before the page is asked for.
      await Promise.all(connected);
      const page = await httpRequest({ port: srv.port, path: "/" });
      assert(page.status === 200, `the page answered ${page.status} during the slow-loris`);
      const answers = await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(() => r(null), 15_000))]);
      assert(answers !== null, "slow connections were still open 15 s later (headers timeout is 10 s)");
      const timedOut = answers.filter((a) => a.startsWith("HTTP/1.1 408")).length;
      assert(
        timedOut === 64 && answers.length - timedOut === 36,
        `expected 64 answered 408 and 36 refused at once; got ${timedOut} 408s of ${answers.length}`,
      );
    } finally {
      for (const s of sockets) s.destroy();
      srv.stop();
    }
  });
}
