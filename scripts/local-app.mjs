// Local-app plumbing shared by the e2e tests (tests/e2e/harness.mjs) and the benchmarks (bench/): a free loopback
// port, the app started in its own process group, raw HTTP with explicit headers, and Debian Chromium with a network
// guard. Plain node + playwright-core.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/** Debian's chromium-headless-shell: the same engine (same version as its chromium package) without the browser's UI layer. */
export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/**
 * What the e2e tier drives: the headless shell when it is installed (test-all installs it), else Chromium; CHROMIUM_PATH
 * overrides both. Its browser process costs about half the full browser's per page load (0.3 against 0.6 CPU-s); the
 * page, its renderer and what the cases see are the same. The benchmarks and the docs' screenshots keep CHROMIUM: they
 * measure or picture what a user's browser does.
 */
export const E2E_CHROMIUM = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

export function requireChromium(executablePath = CHROMIUM) {
  if (existsSync(executablePath)) return;
  console.error(`Chromium not found at ${executablePath} — install it with: sudo apt-get install -y chromium`);
  process.exit(1);
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

/**
 * The playground's server on a port, as each run command starts it: "start" is what `npm start` serves once built
 * (dist-servers/server.mjs), "dev" what `npm run dev` runs (scripts/server.ts from source, Next in dev mode).
 */
const APP_SERVERS = {
  start: (port) => ["dist-servers/server.mjs", "--port", String(port)],
  dev: (port) => ["--import", "tsx", "scripts/server.ts", "--dev", "--port", String(port)],
};

/**
 * Ends `child`'s process group (SIGKILL) when this process ends, unless the child ended first. A detached server is
 * in a group of its own, so nothing else reaches it when its runner exits, crashes (an uncaught error still emits
 * "exit") or is interrupted: without this it would be left running, orphaned. Returns that ending, to call sooner.
 */
export function endWithThisProcess(child, { first = false } = {}) {
  const kill = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  // first: before any other exit handler (a tier that removes its temporary folder on exit): the process is gone first.
  if (first) process.prependListener("exit", kill);
  else process.on("exit", kill);
  child.once("exit", () => process.off("exit", kill));
  // An interrupted runner exits through "exit" too (a signal's default action would skip it).
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
    if (process.listenerCount(signal) === 0)
      process.once(signal, () => process.exit(128 + os.constants.signals[signal]));
  return kill;
}

/**
 * `command` with `args` in the project's folder with `env`, detached in a process group of its own so that
 * signalGroup reaches everything it started (and ended with this process: endWithThisProcess); log() is all it has
 * printed so far, stdout and stderr.
 */
export function spawnGroup(command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  endWithThisProcess(child);
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  return { child, log: () => log, signalGroup };
}

/** The app's `server` ("start" or "dev") on `port` with `env`, in a process group of its own (spawnGroup). */
export function spawnApp({ server, port, env, nodeArgs = [] }) {
  if (!APP_SERVERS[server])
    throw new Error(`unknown server ${JSON.stringify(server)}: ${Object.keys(APP_SERVERS).join(" or ")}`);
  return spawnGroup(process.execPath, [...nodeArgs, ...APP_SERVERS[server](port)], env);
}

/**
 * Local mode's launch name per port (mcp-….localhost:<port>, the host of the launch URL the server printed), recorded
 * by whoever read the launch URL (tests/e2e/harness.mjs startServer): a request to that port without a Host of its
 * own is sent as a browser on the playground's page would, to its launch name. Other ports: 127.0.0.1.
 */
export const LAUNCH_HOSTS = new Map();

/** Raw HTTP with exactly the headers given (fetch would not let us forge Host); see LAUNCH_HOSTS for the default Host. */
export function httpRequest({ port, method = "GET", path: p = "/", headers = {}, body }) {
  const ownHost = "Host" in headers || "host" in headers;
  const launchHost = LAUNCH_HOSTS.get(Number(port));
  if (!ownHost && launchHost) headers = { ...headers, Host: launchHost };
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: p, headers, setHost: !ownHost && !launchHost },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
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

/** Chromium (or `executablePath`: E2E_CHROMIUM for the e2e tier), headless, with CHROMIUM_ARGS. */
export function launchBrowser(executablePath = CHROMIUM) {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** A loopback host: 127.0.0.1, localhost, [::1] or a *.localhost name (the launch's own, which browsers resolve to loopback). */
const isLoopbackHost = (hostname) => LOOPBACK.has(hostname) || hostname.endsWith(".localhost");

/** A context whose every request to a non-loopback host is recorded and aborted (workers included). */
export async function guardedContext(browser, options = {}) {
  // English unless a case asks for another language: the page's language follows the browser's (issue 32).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US", ...options });
  const foreign = [];
  const urls = [];
  await context.route("**/*", (route) => {
    const url = new URL(route.request().url());
    urls.push(url.href);
    if (isLoopbackHost(url.hostname) || url.protocol === "data:" || url.protocol === "blob:") return route.continue();
    foreign.push(url.href);
    return route.abort();
  });
  return { context, foreign, urls };
}

/** The scripts a page's `html` loads before anything lazy (fetched from `base`): how many, and their bytes raw and gzipped. */
export async function firstLoadJs(base, html) {
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]))];
  let raw = 0;
  let gz = 0;
  // The build's assets answer on any loopback name; Node does not resolve a launch's *.localhost name itself.
  const assets = `http://127.0.0.1:${new URL(base).port}`;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(assets + src)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body).length;
  }
  return { files: scripts.length, raw, gz };
}

/**
 * One cold load of the playground at `base` in a fresh guarded context: ms from navigation to the hydrated shell
 * and to the editor ready, the JS bytes transferred by then, and the requests that tried to leave loopback.
 */
export async function coldLoad(browser, base, storageState) {
  const ctx = await guardedContext(browser, { storageState });
  try {
    const page = await ctx.context.newPage();
    await page.goto(base + "/");
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    const hydratedMs = await page.evaluate(() => performance.now());
    await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', {
      state: "visible",
      timeout: 30_000,
    });
    const editorReadyMs = await page.evaluate(() => performance.now());
    const jsBytes = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => /\.js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    );
    return { hydratedMs, editorReadyMs, jsBytes, foreign: ctx.foreign };
  } finally {
    await ctx.context.close();
  }
}

/**
 * Signs a browser in the way a user does, by opening a launch URL (its one-time code in the #fragment); the state
 * to start contexts signed in with, newContext({ storageState }): the session cookie the trade set on the launch's
 * own origin (HttpOnly: no script reads it). A launch URL works once: without `launchUrl`, a fresh one is asked for
 * with `token` (newLaunchUrl).
 */
export async function signIn(browser, { launchUrl, base, token }) {
  const url = launchUrl ?? (await newLaunchUrl({ base, token }));
  const context = await browser.newContext({ locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('[data-testid="playground"]', { timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    while (!(await context.cookies(url)).some((c) => c.name === SESSION_COOKIE)) {
      if (Date.now() > deadline) throw new Error(`opening ${new URL(url).origin}/#launch=… set no sign-in cookie`);
      await page.waitForTimeout(50);
    }
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** The cookie that holds a signed-in browser's secret (lib/node/web/session-cookie.ts SESSION_COOKIE). */
export const SESSION_COOKIE = "mcp-playground-session";

/** A new one-time launch URL from the running playground at `base`, asked for with the token (POST /api/signin/launch). */
export async function newLaunchUrl({ base, token }) {
  const { port } = new URL(base);
  const r = await httpRequest({
    port: Number(port),
    method: "POST",
    path: "/api/signin/launch",
    headers: { "content-type": "application/json", "x-playground-token": token },
    body: "{}",
  });
  const reply = JSON.parse(r.text);
  if (!reply.ok) throw new Error(`no new launch URL: ${r.status} ${r.text}`);
  return reply.value.launchUrl;
}

/** The browser secret a signed-in storage state holds for `base` (its session cookie; null when it holds none). */
export function browserSecret(storageState, base) {
  const host = new URL(base).hostname;
  return storageState.cookies.find((c) => c.name === SESSION_COOKIE && c.domain === host)?.value ?? null;
}

/** The headers our own page's bridge calls carry (for raw HTTP checks): its cookie, Origin and Host, Sec-Fetch-Site. */
export function signedInHeaders(storageState, base) {
  return {
    cookie: `${SESSION_COOKIE}=${browserSecret(storageState, base)}`,
    origin: base,
    host: new URL(base).host,
    "sec-fetch-site": "same-origin",
  };
}

/** A storage state with the sign-in only: nothing else the sign-in page's origin kept (saved sessions, theme). */
export function signInOnly(storageState) {
  return { cookies: storageState.cookies.filter((c) => c.name === SESSION_COOKIE), origins: [] };
}
