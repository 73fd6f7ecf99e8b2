// Shared by run.mjs and measure.mjs: start `next start` on a free loopback port, launch Debian Chromium with a
// network guard, and talk HTTP with explicit headers. Plain node + playwright-core (no @playwright/test).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function requireChromium() {
  if (existsSync(CHROMIUM)) return;
  console.error(`Chromium not found at ${CHROMIUM} — install it with: sudo apt-get install -y chromium`);
  process.exit(1);
}

export function ensureBuilt() {
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.log("no .next build found: running `npx next build` once…");
  const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (r.status !== 0) {
    console.error("next build failed; fix the build and re-run the e2e tests.");
    process.exit(1);
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Raw HTTP with exactly the headers given (fetch would not let us forge Host). */
export function httpRequest({ port, method = "GET", path: p = "/", headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path: p, headers, setHost: !("Host" in headers || "host" in headers) }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const SERVERS = {
  next: (port) => ["node_modules/next/dist/bin/next", "start", "--hostname", "127.0.0.1", "--port", String(port)],
  // What `npm start` serves: pages through Next, bridge routes direct.
  fast: (port) => ["scripts/serve.mjs", "--port", String(port)],
};

/** `next start` (or the fast server) detached (own process group) with no PLAYGROUND_TOKEN: it makes its own. */
export async function startServer({ server = "next" } = {}) {
  const port = await freePort();
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.PLAYGROUND_TOKEN;
  const child = spawn(process.execPath, SERVERS[server](port), {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const started = Date.now();
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`${server} server exited with code ${child.exitCode}:\n${log}`);
    try {
      const r = await httpRequest({ port, path: "/" });
      if (r.status === 200) return { port, base: `http://127.0.0.1:${port}`, stop, log: () => log, readyMs: Date.now() - started };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  stop();
  throw new Error(`${server} server did not answer within 60 s:\n${log}`);
}

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A context whose every request to a non-loopback host is recorded and aborted (workers included). */
export async function guardedContext(browser, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const foreign = [];
  const urls = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    urls.push(url.href);
    if (LOOPBACK.has(url.hostname) || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    foreign.push(url.href);
    return route.abort();
  });
  return { context, foreign, urls };
}
