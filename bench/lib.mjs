// Pieces of `npm run bench`: statistics, a minimal direct stdio JSON-RPC client, a keep-alive HTTP client for
// the bridge route, bare spawn-to-first-response, and `next start` on a free loopback port.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { freePort, spawnApp } from "../scripts/local-app.mjs";
import { decodedBody } from "./http-body.mjs";
import { leanEnv, onLines } from "./stdio.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export { leanEnv } from "./stdio.mjs";

export { stats } from "./stats.mjs";

export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "mcp-playground-bench", version: "0.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

export const toolsList = (id) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list", params: { _meta: ENVELOPE } });

/** A minimal newline-delimited JSON-RPC client over a kept-up process (what the anchor measured). */
export function directStdioClient(argv) {
  const child = spawn(argv[0], argv.slice(1), { env: leanEnv(), stdio: ["pipe", "pipe", "ignore"], detached: true });
  const waiters = new Map();
  onLines(child.stdout, (line) => {
    const msg = JSON.parse(line);
    waiters.get(msg.id)?.(msg);
    waiters.delete(msg.id);
  });
  return {
    call(id, frame) {
      return new Promise((resolve) => {
        waiters.set(id, resolve);
        child.stdin.write(frame + "\n");
      });
    },
    close() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
      return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r)));
    },
  };
}

/** bench/relay-floor.mjs in its own process: the minimal relay an HTTP bridge cannot beat. */
export async function startRelayFloor(argv) {
  const child = spawn(process.execPath, [path.join(ROOT, "bench", "relay-floor.mjs"), ...argv], {
    env: leanEnv(),
    stdio: ["pipe", "pipe", "inherit"],
    detached: true,
  });
  const port = await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())));
  });
  return {
    port,
    call: async (frame) => {
      const t0 = performance.now();
      const text = await new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/",
            method: "POST",
            agent,
            headers: { "Content-Length": Buffer.byteLength(frame) },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c) => (body += c));
            res.on("end", () => resolve(body));
          },
        );
        req.on("error", reject);
        req.end(frame);
      });
      if (!JSON.parse(text).result) throw new Error(`relay floor: ${text.slice(0, 200)}`);
      return performance.now() - t0;
    },
    close: () => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* gone */
      }
      return new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r)));
    },
  };
}

/** Spawn → write one request → first response line; the process is then killed. Milliseconds. */
export function bareSpawnToFirstResponse(argv, frame) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(argv[0], argv.slice(1), { env: leanEnv(), stdio: ["pipe", "pipe", "ignore"], detached: true });
    let out = "";
    child.once("error", reject);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (!out.includes("\n")) return;
      const ms = performance.now() - t0;
      child.once("exit", () => resolve(ms));
      process.kill(-child.pid, "SIGKILL");
    });
    child.stdin.write(frame + "\n");
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * POST JSON with keep-alive, asking for compression as a browser's fetch does; resolves with the parsed
 * reply and the time until it was fully read, decoded and parsed. `via` is the connection pool: another client
 * (another browser) has its own, else its calls would queue behind this one's in the bench's 4 sockets.
 */
export function postJson(port, urlPath, body, headers = {}, via = agent) {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: urlPath,
        method: "POST",
        agent: via,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(text),
          "Accept-Encoding": "gzip, deflate, br",
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const bytes = decodedBody(Buffer.concat(chunks), res.headers["content-encoding"]);
          const json = JSON.parse(bytes.toString("utf8"));
          resolve({ ms: performance.now() - t0, status: res.statusCode, json });
        });
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

/** The app on a free loopback port in its own process group, with a known bridge token: npm start's server ("start"). */
export async function startApp({ token, server = "start", extraEnv = {}, nodeArgs = [] }) {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("no .next build: run `npx next build` first (npm run bench does)");
  const port = await freePort();
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PLAYGROUND_TOKEN: token,
    PLAYGROUND_OPEN: "0",
    ...extraEnv,
  };
  const { child, log, signalGroup } = spawnApp({ server, port, env, nodeArgs });
  const exited = new Promise((r) => child.once("exit", r));
  const stop = async () => {
    signalGroup("SIGTERM");
    const timer = setTimeout(() => signalGroup("SIGKILL"), 3000);
    await exited;
    clearTimeout(timer);
  };
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`${server} server exited (${child.exitCode}):\n${log()}`);
    const up = await new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/icon.svg" }, (res) => (res.resume(), resolve(true)));
      req.on("error", () => resolve(false));
    });
    // base: the app's port on 127.0.0.1 (scripts, assets); pageBase: the launch's own origin, where local mode
    // serves its page (http://mcp-….localhost:<port>, from the launch URL it printed).
    const launch = /http:\/\/mcp-[0-9a-f]{32}\.localhost:\d+(?=\/#launch=)/.exec(log())?.[0];
    if (up && (launch || /hosted/.test(log())))
      return {
        port,
        pid: child.pid,
        base: `http://127.0.0.1:${port}`,
        pageBase: launch ?? `http://127.0.0.1:${port}`,
        stop,
        log,
      };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`${server} server did not answer within 60 s:\n${log()}`);
}
