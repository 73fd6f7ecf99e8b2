// The playground outside this checkout, as the package tier (tests/pack/run.mjs: the installed tarball) and the image
// tier (tests/image/run.mjs: the Dockerfile's runtime files) start it: its command in a process group of its own with
// its output kept, and the send both tiers prove — tools/list to the embedded calendar over stdio, answered.
import { spawn } from "node:child_process";
import { endWithThisProcess, httpRequest } from "../scripts/local-app.mjs";

/** The request envelope of the spec this playground speaks (2026-07-28), on the tools/list both tiers send. */
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

/**
 * `command args` started detached (its own process group, ended with SIGKILL to the group when this process exits
 * before it), stdout and stderr kept: log() is all it printed so far; exited resolves with { code, signal }.
 */
export function startLogged(command, args, { cwd, env }) {
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let log = "";
  child.stdout.on("data", (d) => (log += d));
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const killGroup = endWithThisProcess(child, { first: true });
  return { child, log: () => log, exited, killGroup };
}

/**
 * POST /api/bridge/send on `port`: tools/list to the embedded calendar over stdio. Resolves null when the reply lists
 * create_event, else what went wrong (the HTTP status and the start of the answer).
 */
export async function calendarToolsListed({ port, headers, sendId }) {
  const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: ENVELOPE } });
  const sent = await httpRequest({
    port,
    method: "POST",
    path: "/api/bridge/send",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ sendId, target: { kind: "demo", server: "calendar", transport: "stdio" }, frame }),
  });
  let value;
  try {
    value = JSON.parse(sent.text || "null")?.value;
  } catch {
    /* not JSON: reported below */
  }
  // The record keeps the reply once, as the text of the event `outcome.at` names (lib/protocol/exchange.ts).
  const reply = value?.outcome?.kind === "response" ? value.events[value.outcome.at] : undefined;
  if (sent.status === 200 && reply?.text?.includes("create_event")) return null;
  return `the calendar over stdio did not list its tools: HTTP ${sent.status} ${JSON.stringify(value?.outcome ?? sent.text).slice(0, 400)}`;
}
