// The playground's production server: Next for the pages, and the bridge's routes (dist-servers/bridge.mjs,
// the same handlers as app/api/**) answered directly, without Next's per-request pipeline.
//   npm run start:fast                       local mode on 127.0.0.1:3000
//   npm run start:hosted                     PLAYGROUND_MODE=hosted on $HOST:$PORT (default 0.0.0.0:3000)
// Options: --hosted, --host <address>, --port <n>. Requires `npm run build`.
// It also records who is calling: the TCP peer goes into x-playground-peer (overwriting whatever a client sent)
// and is appended to X-Forwarded-For, so hosted mode's per-client limits see an address a client cannot forge.
// Its server limits (lib/bridge/server/limits.ts HTTP_SERVER_LIMITS): headers within 10 s, the whole request within
// 30 s, idle keep-alive 5 s, 4,096 connections; hosted mode without a trusted proxy: 64 connections per address.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: { hosted: { type: "boolean", default: false }, host: { type: "string" }, port: { type: "string" } },
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
  if (!process.env.PLAYGROUND_ALLOWED_HOSTS) console.warn("hosted mode: PLAYGROUND_ALLOWED_HOSTS is empty, so only loopback names are answered (set it to the public host name).");
  if (!process.env.PLAYGROUND_TOKEN) console.warn("hosted mode: PLAYGROUND_TOKEN is not set: fine for one instance; several instances behind a load balancer must share one.");
}

const { handleBridgeRequest, createPlaygroundServer, FRAME_HEADERS } = await import(pathToFileURL(bridgeBundle).href);
const next = (await import("next")).default;
const app = next({ dev: false, dir: root, hostname: host, port });
await app.prepare();
const handleByNext = app.getRequestHandler();

const server = createPlaygroundServer(
  (req, res) => {
    // Bridge routes skip Next's pipeline (and next.config.ts headers): nothing may frame any of our answers.
    for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
    if (handleBridgeRequest(req, res)) return;
    void handleByNext(req, res);
  },
  { hosted },
);
server.listen(port, host, () => {
  console.log(`MCP Playground (${hosted ? "hosted" : "local"} mode) on http://${host.includes(":") ? `[${host}]` : host}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    // The bridge's exit hooks (lib/bridge/server/stdio/registry.ts) end every process it started.
    process.exit(0);
  });
}
