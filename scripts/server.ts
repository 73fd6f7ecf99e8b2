/**
 * The playground's server, the same program in every mode (lib/node/host/app.ts: the bridge's routes, static
 * assets and sign-in in one Hono app; pages through Next):
 *   npm start              production build, local mode on 127.0.0.1:3000 (dist-servers/server.mjs, built from this file)
 *   npm run start:hosted   PLAYGROUND_MODE=hosted on $HOST:$PORT (default 0.0.0.0:3000)
 *   npm run dev            this file from source (tsx) with Next in development mode (hot reload of pages)
 * Options: --hosted, --host <address>, --port <n>, --no-open, --dev. Local mode binds loopback only, both 127.0.0.1 and
 * [::1] (lib/node/host/listen.ts), prints the launch URL on this launch's own name (lib/node/web/launch-origin.ts)
 * that signs a browser in (a one-time code) and the token, and opens the URL (scripts/launch.mjs). Every request
 * is stamped with its TCP peer (lib/node/web/peer.ts); the server limits are lib/node/bridge/limits.ts
 * HTTP_SERVER_LIMITS (http-server.ts).
 */
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import { chmodSync, existsSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import next from "next";
import { createPlaygroundListener } from "@/lib/node/host/app";
import { nodeHeaders } from "@/lib/node/web/call-request";
import { checkPageHeaders } from "@/lib/node/web/guards";
import { createPlaygroundServer } from "@/lib/node/web/http-server";
import {
  beginDrain,
  callsInFlight,
  drainSettings,
  drainsOnSignal,
  markReady,
  markStarting,
  stopSignalAction,
  whenIdle,
} from "@/lib/node/web/lifecycle";
import { registerLiveGauges } from "@/lib/node/web/observe";
import { stampPeer } from "@/lib/node/web/peer";
import { mintLaunchCode } from "@/lib/node/web/token";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { watchLauncher } from "@/lib/node/web/launcher-watch";
import { listenOnLoopbackPair, type LoopbackListen } from "@/lib/node/host/listen";
import { SELF_PEER, createSelfSocketDir, setSelfSocket } from "@/lib/node/bridge/self-socket";
import { sendLoad } from "@/lib/node/bridge/send";
import { leaveChildrenToDrain, livePids, shutdownAll } from "@/lib/node/bridge/stdio";
import { startAppsSandbox } from "@/lib/node/apps/sandbox-server";
import { warmTokenCounter } from "@/lib/node/tokens/counting";
// @ts-expect-error a plain .mjs script without types
import { announce } from "./launch.mjs";
// @ts-expect-error a plain .mjs script without types
import { editorPreload, preloadLinkHeader } from "./static-assets.mjs";

// Output nobody reads any more (the terminal or the process that started this one is gone) is dropped. Left unhandled,
// the EPIPE of a write to stdout/stderr kept the orphaned server busy on a CPU and deaf to SIGTERM.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code !== "EPIPE") throw e;
  });

// scripts/server.ts (dev, through tsx) and dist-servers/server.mjs (the build) both sit one folder below the root.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    hosted: { type: "boolean", default: false },
    dev: { type: "boolean", default: false },
    host: { type: "string" },
    port: { type: "string" },
    "no-open": { type: "boolean", default: false },
  },
});

const dev = values.dev;
const hosted = values.hosted || /^hosted$/i.test(process.env.PLAYGROUND_MODE ?? "");
const host = values.host ?? process.env.HOST ?? (hosted ? "0.0.0.0" : "127.0.0.1");
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (hosted) process.env.PLAYGROUND_MODE = "hosted";
// The app finds its own /api/demo/* at 127.0.0.1:$PORT (lib/node/bridge/target-policy.ts selfBaseUrl).
process.env.PORT = String(port);
process.env.NEXT_TELEMETRY_DISABLED = "1";
// The embedded servers' bundles are found under the root (lib/node/bridge/embedded.ts), whatever the cwd.
process.env.PLAYGROUND_ROOT ??= root;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!dev && !existsSync(path.join(root, ".next", "BUILD_ID")))
  fail("no production build: run `npm run build` first (`npm start` builds when needed).");
if (dev && hosted) fail("the development server runs in local mode only; use `npm run start:hosted` for hosted mode.");
if (!hosted && !["127.0.0.1", "::1", "localhost"].includes(host)) {
  fail(
    `local mode binds loopback only (it can spawn any command); refusing --host ${host}. Use --hosted for a shared deployment.`,
  );
}
if (hosted) {
  if (!process.env.PLAYGROUND_ALLOWED_HOSTS)
    console.warn(
      "hosted mode: PLAYGROUND_ALLOWED_HOSTS is empty, so only loopback names are answered (set it to the public host name).",
    );
  if (!process.env.PLAYGROUND_TOKEN)
    console.warn(
      "hosted mode: PLAYGROUND_TOKEN is not set: fine for one instance; several instances behind a load balancer must share one.",
    );
}

// Scripts and the CLI send it; the hosted page reads it from the environment (app/page.tsx).
const tokenFromEnv = !!process.env.PLAYGROUND_TOKEN;
process.env.PLAYGROUND_TOKEN ||= randomBytes(32).toString("hex");

markStarting();
// This server drains on SIGTERM/SIGINT and then ends the children itself: the stdio registry leaves them to it.
leaveChildrenToDrain(drainsOnSignal);
registerLiveGauges({
  sendsRunning: () => sendLoad().running,
  sendsWaiting: () => sendLoad().waiting,
  childProcesses: () => livePids().length,
});
// The first /api/tokens call then answers in milliseconds: a worker loads o200k_base (about 0.5 s, off this thread).
warmTokenCounter("o200k_base");
// The MCP Apps sandbox's own origin (its own port, on the address this server binds); POST /api/apps/sandbox starts it
// too if this did not.
startAppsSandbox({ host }).catch((e: unknown) =>
  console.warn(`MCP Apps sandbox did not start: ${(e as Error).message} (the Apps tab will say so)`),
);

// Next sets up its WebSocket upgrades (dev's hot reload) on the server we hand it; it gets a stand-in, and only
// upgrades that pass the Host/Origin guard reach it.
const upgrades = new EventEmitter();
const pages = next({ dev, dir: root, hostname: host, port, httpServer: upgrades as unknown as http.Server });
await pages.prepare();
const nextDir = path.join(root, ".next");
const preload = dev ? [] : editorPreload(path.join(nextDir, "static"));
const listener = createPlaygroundListener({
  pages: pages.getRequestHandler(),
  nextDir: dev ? undefined : nextDir,
  dev,
  editorPreload: preload.length > 0 ? preloadLinkHeader(preload) : undefined,
});

/** One node:http server of the playground (local mode has one per loopback address). */
function playgroundServer(): http.Server {
  const server = createPlaygroundServer(listener, { hosted });
  server.on("upgrade", (req: http.IncomingMessage, socket, head) => {
    if (checkPageHeaders(nodeHeaders(req.rawHeaders))) return socket.destroy();
    upgrades.emit("upgrade", req, socket, head);
  });
  return server;
}

// The bridge reaches its own embedded servers over a private Unix socket (lib/node/bridge/self-socket.ts), so
// the TCP port can close while a drain lets the sends in flight finish.
// Its folder is made by the bridge, which first removes the folders of this user's SIGKILLed servers.
const selfDir = createSelfSocketDir();
const selfSocket = path.join(selfDir, "self.sock");
const selfServer = http.createServer((req, res) => {
  stampPeer(req, SELF_PEER);
  listener(req, res);
});
selfServer.listen(selfSocket, () => {
  chmodSync(selfSocket, 0o600);
  setSelfSocket(selfSocket);
});
process.on("exit", () => rmSync(selfDir, { recursive: true, force: true }));

/** Dev compiles each page on its first visit: ask for GET / once, so the browser opens on a ready page. */
function firstPageCompiled(): Promise<void> {
  return new Promise((resolve) => {
    const headers = { host: `${launchHostname()}:${port}` };
    const req = http.get(
      { host: "127.0.0.1", port, path: "/", headers, timeout: 180_000 },
      (res) => (res.resume(), resolve()),
    );
    req.on("error", () => resolve());
    req.on("timeout", () => (req.destroy(), resolve()));
  });
}

/** Hosted mode: $HOST:$PORT. Local mode: 127.0.0.1 and [::1] on the port, whichever loopback --host names. */
async function listen(): Promise<LoopbackListen> {
  if (!hosted) return listenOnLoopbackPair(playgroundServer, port).catch((e: Error) => fail(e.message));
  const server = playgroundServer();
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { servers: [server], addresses: [host.includes(":") ? `[${host}]` : host], port };
}

const listening = await listen();
const servers = listening.servers;
markReady();
if (dev) await firstPageCompiled();
void announce({
  host,
  port,
  // Local mode: this launch's own name (launch-origin.ts) and the addresses bound; hosted mode prints $HOST.
  launchHost: hosted ? undefined : launchHostname(),
  addresses: listening.addresses,
  note: listening.note,
  // Local mode's browser sign-in: one code, spent by the first browser that opens the URL (lib/node/web/sign-in.ts).
  launchCode: hosted ? "" : mintLaunchCode(),
  token: process.env.PLAYGROUND_TOKEN,
  tokenFromEnv,
  hosted,
  noOpenFlag: values["no-open"],
  label: dev ? "dev server" : "production build",
});

// Graceful shutdown (lib/node/web/lifecycle.ts): not ready at once (GET /api/ready answers 503) and every
// reply closes its connection; keep serving for the grace period so balancers that probe stop routing here; then
// stop accepting connections (nginx, which does not probe, takes the next call elsewhere), let the calls in flight
// finish (bounded; they still reach the embedded servers over the private socket), end every process the bridge
// started (not before: a stdio call in flight needs its process), close what is left and exit 0. A signal within
// DRAIN.repeatWindowMs of the first is the same stop (npm passes a group's Ctrl+C or SIGTERM on: the server gets it
// twice) and the drain goes on; a later one (a deliberate second Ctrl+C) exits at once (the bridge's exit hook,
// lib/node/bridge/stdio/registry.ts, still ends the processes).
const { graceMs, timeoutMs } = drainSettings(hosted);
let drainingSince: number | null = null;
async function drainAndExit(signal: string) {
  const action = stopSignalAction(drainingSince, Date.now());
  if (action === "exit-now") process.exit(0);
  if (action === "same-stop") {
    console.log(`${signal} again: the same stop (passed on by npm or the shell); still draining`);
    return;
  }
  drainingSince = Date.now();
  beginDrain();
  console.log(
    `${signal}: draining (not ready; serving ${graceMs} ms more, then waiting up to ${timeoutMs} ms for the calls in flight)`,
  );
  if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
  for (const server of servers) {
    server.close();
    server.closeIdleConnections();
  }
  const idle = await whenIdle(timeoutMs);
  console.log(
    idle ? "drained: no call in flight; exiting" : `drain timed out with ${callsInFlight()} call(s) in flight; exiting`,
  );
  await shutdownAll();
  for (const server of servers) server.closeAllConnections();
  selfServer.close();
  selfServer.closeAllConnections();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void drainAndExit(signal));
// Started by npm (npx mcp-playground, npm start): it ends with that npm, even when npm's shell swallowed the stop.
if (process.env.npm_command)
  watchLauncher((pid) => void drainAndExit(`the npm that started this server (pid ${pid}) ended`));
