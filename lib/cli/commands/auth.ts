/**
 * npm run cli -- auth (--demo calendar-protected | --url <mcp endpoint>) [--scope …] [--client-id …] [--json]
 * Runs the MCP authorization flow step by step. --demo starts the embedded authorization server and protected
 * servers on loopback and drives the demo user's login and consent over HTTP; --url judges a server's discovery
 * and stops at needs-user with the authorization URL. Exit 1 when the run failed or any finding is an error.
 */
import { parseArgs } from "node:util";
import type { CliCommand } from "./index";
import { runAuthFlow } from "@/lib/auth/server/flow";
import { audienceLesson } from "@/lib/auth/server/audience";
import { demoUserAgent } from "@/lib/auth/server/demo-login";
import { buildEnvelope } from "@/lib/protocol/meta";
import type { AuthRun } from "@/lib/auth/types";

export const DEMOS = ["calendar-protected", "second-protected", "naive-protected", "audience-lesson"] as const;

export const AUTH_USAGE = `usage:
  npm run cli -- auth --demo <${DEMOS.join("|")}> [--scope <scopes>] [--json]
  npm run cli -- auth --url <mcp endpoint> [--scope <scopes>] [--client-id <id>] [--redirect-uri <uri>] [--json]`;

const OPTIONS = {
  demo: { type: "string" },
  url: { type: "string" },
  scope: { type: "string" },
  "client-id": { type: "string" },
  "redirect-uri": { type: "string" },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

const MARK = { ok: "✔", warn: "!", fail: "✘", skipped: "·" } as const;

export function formatRun(run: AuthRun): string[] {
  const lines = [`target: ${run.target}`, ""];
  for (const s of run.steps) {
    lines.push(`${MARK[s.status]} ${s.name}: ${s.detail}`);
    for (const a of s.attempts ?? []) lines.push(`    ${a.request.method} ${a.request.url} → ${a.response ? a.response.status : a.error}`);
    if (!s.attempts && s.request?.url && s.response) lines.push(`    ${s.request.method} ${s.request.url} → ${s.response.status}`);
    lines.push(`    (${s.specRef})`);
  }
  if (run.findings.length) lines.push("", "findings:");
  for (const f of run.findings) lines.push(`  [${f.level}] ${f.code}: ${f.detail}`, `      (${f.specRef})`);
  lines.push("", `outcome: ${run.outcome}`);
  if (run.authorizationUrl) lines.push(`open this URL to sign in: ${run.authorizationUrl}`);
  return lines;
}

const CREATE_EVENT = {
  jsonrpc: "2.0",
  id: 2,
  method: "tools/call",
  params: { name: "create_event", arguments: { title: "Auth lesson", startsAt: "2026-09-08T10:00:00Z" }, _meta: buildEnvelope() },
};

async function runDemo(demo: (typeof DEMOS)[number], scope?: string): Promise<AuthRun> {
  const { startProtectedDemo } = await import("@/lib/servers/protected-calendar");
  const { DEMO_CLIENT_ID, DEMO_REDIRECT_URIS } = await import("@/lib/servers/protected-auth-server");
  const servers = await startProtectedDemo();
  try {
    const kind = demo === "second-protected" ? "second" : demo === "naive-protected" ? "naive" : "calendar";
    const session = await runAuthFlow({
      target: servers.urls[kind],
      scope,
      clientId: DEMO_CLIENT_ID,
      redirectUri: DEMO_REDIRECT_URIS[0],
      login: demoUserAgent(DEMO_REDIRECT_URIS[0]),
      stepUpFrame: kind === "calendar" ? CREATE_EVENT : undefined,
      trustedUrls: [],
    });
    if (demo === "audience-lesson" && session.accessToken) {
      const lesson = await audienceLesson(session.accessToken, [
        { label: "the calendar (the token's audience)", url: servers.urls.calendar },
        { label: "a second protected server", url: servers.urls.second },
        { label: "a naive server", url: servers.urls.naive },
      ]);
      session.run.steps.push(...lesson.steps);
      session.run.findings.push(...lesson.findings);
    }
    return session.run;
  } finally {
    await servers.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\n${AUTH_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${AUTH_USAGE}\n`);
    return 0;
  }
  if ((values.demo === undefined) === (values.url === undefined)) {
    process.stderr.write(`error: give exactly one of --demo or --url\n${AUTH_USAGE}\n`);
    return 2;
  }
  if (values.demo !== undefined && !(DEMOS as readonly string[]).includes(values.demo)) {
    process.stderr.write(`error: unknown demo ${JSON.stringify(values.demo)}; choose one of: ${DEMOS.join(", ")}\n`);
    return 2;
  }
  if (values.url !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(values.url);
    } catch {
      /* reported below */
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
      process.stderr.write(`error: --url must be an http(s) MCP endpoint, got ${JSON.stringify(values.url)}\n`);
      return 2;
    }
  }
  const result = values.demo
    ? await runDemo(values.demo as (typeof DEMOS)[number], values.scope)
    : (await runAuthFlow({ target: values.url!, scope: values.scope, clientId: values["client-id"], redirectUri: values["redirect-uri"] })).run;
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatRun(result).join("\n")}\n`);
  return result.outcome === "failed" || result.findings.some((f) => f.level === "error") ? 1 : 0;
}

export const command: CliCommand = {
  usage: "npm run cli -- auth (--demo calendar-protected | --url <endpoint>) [--json]   the OAuth flow step by step, with findings",
  run,
};
