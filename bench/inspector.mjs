// The peer, measured in the same run: MCP Inspector 2.12.0's web backend, driven the way its web client drives
// it — POST /api/mcp/connect (it spawns the stdio server and keeps it), one GET /api/mcp/events SSE stream, then
// each call is POST /api/mcp/send, complete when its reply has arrived on the events stream (the send itself
// answers {ok:true} once the reply is in). Installed on demand into a temporary folder, never a dependency of
// the app: when the registry cannot be reached the bench says so and measures ours alone.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createParser } from "eventsource-parser";
import { installPeer } from "../scripts/install-peer.mjs";
import { freePort } from "../scripts/local-app.mjs";
import { leanEnv } from "./lib.mjs";

export const INSPECTOR_VERSION = "2.12.0";
const DIR = path.join(os.tmpdir(), "mcp-playground-bench", `inspector-${INSPECTOR_VERSION}`);
const PKG = path.join(DIR, "node_modules", "@modelcontextprotocol", "inspector");

/** The installed package's folder, or { unavailable } with the reason. */
export function ensureInspector() {
  if (existsSync(path.join(PKG, "package.json"))) return { dir: PKG };
  const failed = installPeer(DIR, [`@modelcontextprotocol/inspector@${INSPECTOR_VERSION}`]);
  if (failed !== null || !existsSync(path.join(PKG, "package.json"))) {
    return {
      unavailable: `could not install @modelcontextprotocol/inspector@${INSPECTOR_VERSION} into ${DIR}: ${failed ?? "its package.json is missing"}`,
    };
  }
  return { dir: PKG };
}

function request(port, method, urlPath, token, body, agent) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: urlPath,
        agent,
        headers: {
          "x-mcp-remote-auth": `Bearer ${token}`,
          ...(text ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) } : {}),
        },
      },
      (res) => {
        let out = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (out += c));
        res.on("end", () => resolve({ status: res.statusCode, text: out }));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/**
 * Starts Inspector's web backend, connects it to the stdio server `argv` (kept up) and opens its events stream.
 * Returns { call(message) → ms, pageUrl, close() }.
 */
export async function startInspector(dir, argv) {
  const port = await freePort();
  const token = "bench-inspector-" + Math.random().toString(36).slice(2);
  const child = spawn(process.execPath, [path.join(dir, "clients", "web", "build", "index.js")], {
    env: leanEnv({
      CLIENT_PORT: String(port),
      MCP_PROXY_AUTH_TOKEN: token,
      MCP_AUTO_OPEN_ENABLED: "false",
      MCP_INSPECTOR_SECRET_STORE: "memory",
      MCP_SANDBOX_PORT: String(await freePort()),
      MCP_STORAGE_DIR: path.join(DIR, "storage"),
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (c) => (log += c));
  child.stderr.on("data", (c) => (log += c));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  };
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || i > 300) throw new Error(`Inspector did not start:\n${log.slice(-1500)}`);
      const up = await request(port, "GET", "/api/config", token).catch(() => null);
      if (up) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const connected = await request(port, "POST", "/api/mcp/connect", token, {
      config: { type: "stdio", command: argv[0], args: argv.slice(1) },
    });
    const sessionId = JSON.parse(connected.text).sessionId;
    if (!sessionId) throw new Error(`Inspector connect failed: ${connected.text.slice(0, 300)}`);

    // One events stream for the session, as the web client keeps one; replies are matched by id.
    const waiting = new Map();
    const parser = createParser({
      onEvent(event) {
        if (event.event !== "message") return;
        const frame = JSON.parse(event.data).data;
        const wake = waiting.get(frame?.id);
        if (wake) {
          waiting.delete(frame.id);
          wake(frame);
        }
      },
    });
    await new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: `/api/mcp/events?sessionId=${sessionId}`,
          headers: { "x-mcp-remote-auth": `Bearer ${token}` },
        },
        (res) => {
          res.setEncoding("utf8");
          res.on("data", (c) => parser.feed(c));
          resolve();
        },
      );
      req.on("error", reject);
      req.end();
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = async (message) => {
      const replied = new Promise((r) => waiting.set(message.id, r));
      const t0 = performance.now();
      const [sent, reply] = await Promise.all([
        request(port, "POST", "/api/mcp/send", token, { sessionId, message }, agent),
        replied,
      ]);
      const ms = performance.now() - t0;
      if (sent.status !== 200 || !JSON.parse(sent.text).ok)
        throw new Error(`Inspector send failed: ${sent.text.slice(0, 300)}`);
      return { ms, reply };
    };
    return {
      port,
      token,
      pageUrl: `http://127.0.0.1:${port}/?MCP_INSPECTOR_API_TOKEN=${token}`,
      send,
      close: async () => (agent.destroy(), close()),
    };
  } catch (e) {
    await close();
    throw e;
  }
}
