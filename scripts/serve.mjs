// The playground's production server: Next for the pages, and the bridge's routes (dist-servers/bridge.mjs,
// the same handlers as app/api/**) answered directly, without Next's per-request pipeline.
//   npm run start:fast                       local mode on 127.0.0.1:3000
//   npm run start:hosted                     PLAYGROUND_MODE=hosted on $HOST:$PORT (default 0.0.0.0:3000)
// Options: --hosted, --host <address>, --port <n>, --no-open. Requires a build (`npm start` builds when needed:
// scripts/start.mjs). Local mode prints the launch URL that signs a browser in, and opens it (scripts/launch.mjs).
// It also records who is calling: the TCP peer goes into x-playground-peer (overwriting whatever a client sent)
// and is appended to X-Forwarded-For, so hosted mode's per-client limits see an address a client cannot forge.
// Its server limits (lib/bridge/server/limits.ts HTTP_SERVER_LIMITS): headers within 10 s, the whole request within
// 30 s, idle keep-alive 5 s, 4,096 connections; hosted mode without a trusted proxy: 64 connections per address.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, rmSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import { announce } from "./launch.mjs";
import { createStaticAssets, preloadLinkHeader } from "./static-assets.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: { hosted: { type: "boolean", default: false }, host: { type: "string" }, port: { type: "string" }, "no-open": { type: "boolean", default: false } },
});

const hosted = values.hosted || /^hosted$/i.test(process.env.PLAYGROUND_MODE ?? "");
const host = values.host ?? process.env.HOST ?? (hosted ? "0.0.0.0" : "127.0.0.1");
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (hosted) process.env.PLAYGROUND_MODE = "hosted";
// The app finds its own /api/demo/* at 127.0.0.1:$PORT (lib/bridge/server/policy.ts selfBaseUrl).
process.env.PORT = String(port);
process.env.NEXT_TELEMETRY_DISABLED = "1";

function fail(message) {
  console.error(message);
  process.exit(1);
}
if (!existsSync(path.join(root, ".next", "BUILD_ID"))) fail("no production build: run `npm run build` first.");
const bridgeBundle = path.join(root, "dist-servers", "bridge.mjs");
if (!existsSync(bridgeBundle)) fail("dist-servers/bridge.mjs is missing: run `node scripts/build-servers.mjs` (npm run build does).");
if (!hosted && !["127.0.0.1", "::1", "localhost"].includes(host)) {
  fail(`local mode binds loopback only (it can spawn any command); refusing --host ${host}. Use --hosted for a shared deployment.`);
}
if (hosted) {
  if (!process.env.PLAYGROUND_ALLOWED_HOSTS)
    console.warn("hosted mode: PLAYGROUND_ALLOWED_HOSTS is empty, so only loopback names are answered (set it to the public host name).");
  if (!process.env.PLAYGROUND_TOKEN)
    console.warn("hosted mode: PLAYGROUND_TOKEN is not set: fine for one instance; several instances behind a load balancer must share one.");
}

// One token for the bridge bundle and Next (both read PLAYGROUND_TOKEN); the launch URL carries it.
process.env.PLAYGROUND_TOKEN ||= randomBytes(32).toString("hex");

const bridge = await import(pathToFileURL(bridgeBundle).href);
const { handleBridgeRequest, createPlaygroundServer, FRAME_HEADERS } = bridge;
bridge.markStarting();
const next = (await import("next")).default;
const app = next({ dev: false, dir: root, hostname: host, port });
await app.prepare();
const handleByNext = app.getRequestHandler();
// Build assets from memory, compressed once (scripts/static-assets.mjs); the playground page names Monaco's chunks
// in a Link header so the browser fetches them alongside the first-load scripts.
const assets = createStaticAssets(path.join(root, ".next"));
const editorPreload = preloadLinkHeader(assets.editorPreload);
const isPlaygroundPage = (req) => req.method === "GET" && /^\/(\?|#|$)/.test(req.url ?? "");

function answer(req, res) {
  // In flight from arrival until the reply is written (or the connection drops): what a drain waits for.
  bridge.callStarted();
  res.once("close", bridge.callEnded);
  // A draining instance winds its keep-alive connections down, so the balancer's next call opens a new one elsewhere.
  if (bridge.isDraining()) res.setHeader("Connection", "close");
  // Bridge routes skip Next's pipeline (and next.config.ts headers): nothing may frame any of our answers.
  for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
  if (handleBridgeRequest(req, res) || assets.serve(req, res)) return;
  // Only to a browser that gets the playground: the sign-in page has no editor.
  if (editorPreload && isPlaygroundPage(req) && bridge.pageShowsPlayground(req)) res.setHeader("Link", editorPreload);
  void handleByNext(req, res);
}
const server = createPlaygroundServer(answer, { hosted });
// The bridge reaches its own embedded servers over a private Unix socket (lib/bridge/server/self-socket.ts), so
// the TCP port can close while a drain lets the sends in flight finish.
// Its folder is made by the bridge, which first removes the folders of this user's SIGKILLed servers.
const selfDir = bridge.createSelfSocketDir();
const selfSocket = path.join(selfDir, "self.sock");
const selfServer = http.createServer((req, res) => {
  bridge.stampPeer(req, bridge.SELF_PEER);
  answer(req, res);
});
// Next's instrumentation stamps every server's requests with the TCP peer; this one says "self" instead.
bridge.stampsItself(selfServer);
selfServer.listen(selfSocket, () => {
  chmodSync(selfSocket, 0o600);
  bridge.setSelfSocket(selfSocket);
});
process.on("exit", () => rmSync(selfDir, { recursive: true, force: true }));
server.listen(port, host, () => {
  bridge.markReady();
  void announce({ host, port, token: process.env.PLAYGROUND_TOKEN, hosted, noOpenFlag: values["no-open"], label: "production build" });
});
// Graceful shutdown (lib/bridge/server/lifecycle.ts): not ready at once (GET /api/ready answers 503) and every
// reply closes its connection; keep serving for the grace period so balancers that probe stop routing here; then
// stop accepting connections (nginx, which does not probe, takes the next call elsewhere), let the calls in flight
// finish (bounded; they still reach the embedded servers over the private socket), end every process the bridge
// started (not before: a stdio call in flight needs its process), close what is left and exit 0. A second signal
// exits at once (the bridge's exit hook, lib/bridge/server/stdio/registry.ts, still ends the processes).
const { graceMs, timeoutMs } = bridge.drainSettings(hosted);
async function drainAndExit(signal) {
  if (bridge.isDraining()) process.exit(0);
  bridge.beginDrain();
  console.log(`${signal}: draining (not ready; serving ${graceMs} ms more, then waiting up to ${timeoutMs} ms for the calls in flight)`);
  if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
  server.close();
  server.closeIdleConnections();
  const idle = await bridge.whenIdle(timeoutMs);
  console.log(idle ? "drained: no call in flight; exiting" : `drain timed out with ${bridge.callsInFlight()} call(s) in flight; exiting`);
  await bridge.shutdownAll();
  server.closeAllConnections();
  selfServer.close();
  selfServer.closeAllConnections();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void drainAndExit(signal));
