/**
 * npm run cli -- auth (--demo calendar-protected [--registration cimd|preregistered|dcr] | --url <mcp endpoint>) [--scope …] [--client-id …] [--json]
 * Runs the MCP authorization flow step by step. --demo starts the embedded authorization server and protected
 * servers on loopback and drives the demo user's login and consent over HTTP; --url judges a server's discovery
 * and stops at needs-user with the authorization URL. Exit 1 when the run failed or any finding is an error.
 */
import type { CliCommand } from "./command";
import { JSON_AND_HELP, parseOwnOptions, SWITCH, textOptions, usageFailure } from "../args";
import { runAuthFlow } from "@/lib/node/auth/flow";
import { runAuthDemo } from "@/lib/node/auth/demo";
import { startLoopbackCallback } from "@/lib/node/auth/loopback-callback";
import { AUTH_DEMOS as DEMOS, AUTH_REGISTRATIONS, type AuthDemo, type AuthRegistration } from "@/lib/auth/request";
import type { AuthRun } from "@/lib/auth/types";

export const AUTH_USAGE = `usage:
  npm run cli -- auth --demo <${DEMOS.join("|")}> [--registration <${AUTH_REGISTRATIONS.join("|")}>] [--scope <scopes>] [--json]
  npm run cli -- auth --url <mcp endpoint> [--scope <scopes>] [--client-id <id>] [--redirect-uri <uri>] [--open [--wait <s>]] [--json]

  --registration  how the demo's client gets its client_id: cimd (default: its client ID metadata document, hosted
            on HTTPS loopback and fetched by the AS), preregistered (mcp-playground-demo) or dcr (deprecated)
  --open    finish the flow with a real sign-in: the authorization URL is printed on stderr (open it yourself; nothing
            is launched through a shell) and the callback is awaited on http://127.0.0.1:<free port>/callback
            (--wait seconds, default 300)`;

const OPTIONS = {
  ...textOptions("demo", "registration", "url", "scope", "client-id", "redirect-uri", "wait"),
  open: SWITCH,
  ...JSON_AND_HELP,
} as const;

const MARK = { ok: "✔", warn: "!", fail: "✘", skipped: "·" } as const;

export function formatRun(run: AuthRun): string[] {
  const lines = [`target: ${run.target}`, ""];
  for (const s of run.steps) {
    lines.push(`${MARK[s.status]} ${s.name}: ${s.detail}`);
    for (const a of s.attempts ?? [])
      lines.push(`    ${a.request.method} ${a.request.url} → ${a.response ? a.response.status : a.error}`);
    if (!s.attempts && s.request?.url && s.response)
      lines.push(`    ${s.request.method} ${s.request.url} → ${s.response.status}`);
    lines.push(`    (${s.specRef})`);
  }
  if (run.findings.length) lines.push("", "findings:");
  for (const f of run.findings) lines.push(`  [${f.level}] ${f.code}: ${f.detail}`, `      (${f.specRef})`);
  lines.push("", `outcome: ${run.outcome}`);
  if (run.authorizationUrl) lines.push(`open this URL to sign in: ${run.authorizationUrl}`);
  return lines;
}

/** --open: a person signs in in their browser; the callback comes back to a one-shot loopback listener. */
async function runWithSignIn(
  url: string,
  scope: string | undefined,
  clientId: string | undefined,
  waitSeconds: number,
): Promise<AuthRun> {
  const callback = await startLoopbackCallback();
  try {
    const login = async (authorizationUrl: string) => {
      process.stderr.write(
        `open this URL in your browser to sign in (waiting ${waitSeconds} s for the callback on ${callback.redirectUri}):\n${authorizationUrl}\n`,
      );
      return callback.next(waitSeconds * 1000);
    };
    return (await runAuthFlow({ target: url, scope, clientId, redirectUri: callback.redirectUri, login })).run;
  } finally {
    await callback.close();
  }
}

export async function run(argv: string[]): Promise<number> {
  const values = parseOwnOptions(argv, OPTIONS, AUTH_USAGE);
  if (typeof values === "number") return values;
  if ((values.demo === undefined) === (values.url === undefined)) {
    return usageFailure("give exactly one of --demo or --url", AUTH_USAGE);
  }
  if (values.demo !== undefined && !(DEMOS as readonly string[]).includes(values.demo)) {
    process.stderr.write(`error: unknown demo ${JSON.stringify(values.demo)}; choose one of: ${DEMOS.join(", ")}\n`);
    return 2;
  }
  if (
    values.registration !== undefined &&
    (values.demo === undefined || !(AUTH_REGISTRATIONS as readonly string[]).includes(values.registration))
  ) {
    process.stderr.write(`error: --registration goes with --demo and is one of: ${AUTH_REGISTRATIONS.join(", ")}\n`);
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
  const waitSeconds = values.wait === undefined ? 300 : Number(values.wait);
  if (!Number.isInteger(waitSeconds) || waitSeconds < 1 || waitSeconds > 3600) {
    process.stderr.write(
      `error: --wait must be a whole number of seconds from 1 to 3600, got ${JSON.stringify(values.wait)}\n`,
    );
    return 2;
  }
  if (values.open && (values.demo !== undefined || values["redirect-uri"] !== undefined)) {
    process.stderr.write("error: --open goes with --url and chooses its own loopback redirect URI\n");
    return 2;
  }
  const result = values.demo
    ? await runAuthDemo(values.demo as AuthDemo, values.scope, values.registration as AuthRegistration | undefined)
    : values.open
      ? await runWithSignIn(values.url!, values.scope, values["client-id"], waitSeconds)
      : (
          await runAuthFlow({
            target: values.url!,
            scope: values.scope,
            clientId: values["client-id"],
            redirectUri: values["redirect-uri"],
          })
        ).run;
  process.stdout.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatRun(result).join("\n")}\n`);
  return result.outcome === "failed" || result.findings.some((f) => f.level === "error") ? 1 : 0;
}

export const command: CliCommand = {
  usage:
    "npm run cli -- auth (--demo calendar-protected | --url <endpoint>) [--json]   the OAuth flow step by step, with findings",
  run,
};
