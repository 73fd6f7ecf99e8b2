/**
 * npm run cli -- apps (<command line or URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json]
 * MCP Apps without a browser (lib/apps): which tools are apps (resourceUri, MIME type, CSP, visibility), per host
 * persona whether the app would render and why (the host matrix: each fact with its source and checked date), and
 * the Apps checks AP01–AP15. Exit codes: 0 every app renders on the generic host, 1 otherwise, 2 usage.
 */
import { gatherFacts } from "@/lib/apps/gather";
import { judgeHosts } from "@/lib/apps/doctor";
import { hostLabel } from "@/lib/apps/hosts";
import { say } from "@/lib/i18n/translate";
import { cliT } from "../lang";
import { runAppsChecks } from "@/lib/apps/checks";
import { oneTargetCommand, type OneTarget, type OneTargetResult } from "../target";

export const command = oneTargetCommand(
  "apps",
  "0 every app renders on the generic host, 1 otherwise, 2 a usage error",
  judge,
);

/** Which tools are apps and whether each host would render them: --json is for programs (English), text in --lang. */
export async function judge(one: OneTarget): Promise<OneTargetResult> {
  const { check, timeoutMs } = one;
  let facts;
  try {
    facts = await gatherFacts((text, opts) => check(text, { label: opts.label, headers: opts.headers, timeoutMs }));
  } catch (e) {
    return { code: 1, error: (e as Error).message };
  }
  const hosts = judgeHosts(facts);
  const checks = runAppsChecks(facts);
  const report = {
    apps: facts.declared.apps.map((a) => ({
      tool: a.tool,
      resourceUri: a.resourceUri,
      mimeType: facts.reads[a.resourceUri]?.mimeType ?? a.mimeType ?? null,
      csp: a.csp ?? null,
      visibility: a.visibility,
    })),
    hosts: hosts.map((h) => ({
      host: h.host,
      verdict: h.verdict,
      reasons: h.reasons.map((r) => ({ code: r.code, detail: r.detail })),
      facts: h.facts.map((f) => ({ fact: f.fact, value: f.value, kind: f.kind, source: f.source, checked: f.checked })),
    })),
    checks: checks.map((c) => ({
      id: c.id,
      level: c.level,
      status: c.status,
      title: c.title,
      detail: c.detail,
    })),
  };
  const generic = hosts.find((h) => h.host === "generic");
  return { code: generic?.verdict === "renders" ? 0 : 1, json: report, text: () => appsText(report, hosts, checks) };
}

/** The human form, in --lang: the hosts, verdicts, reasons and checks. */
function appsText(
  report: { apps: { tool: string; resourceUri: string; mimeType: string | null; visibility: string[] }[] },
  hosts: ReturnType<typeof judgeHosts>,
  checks: ReturnType<typeof runAppsChecks>,
): string {
  const t = cliT();
  const lines = [t("appsDoctor.cli.tools", { n: report.apps.length })];
  for (const a of report.apps)
    lines.push(
      `  ${a.tool} → ${a.resourceUri} (${a.mimeType ?? t("appsDoctor.cli.noMime")}; ${t("appsDoctor.cli.visibleTo", { who: a.visibility.join(t("appsDoctor.cli.and")) || t("appsDoctor.cli.nobody") })})`,
    );
  for (const h of hosts) {
    lines.push(`${hostLabel({ id: h.host, label: h.label }, t)}: ${t(`apps.doctor.verdict.${h.verdict}`)}`);
    for (const r of h.reasons) lines.push(`  - [${r.code}] ${r.detailMsg ? say(r.detailMsg, t) : r.detail}`);
  }
  for (const c of checks)
    lines.push(`${c.id} ${c.status.toUpperCase()} (${c.level}) ${say(c.titleMsg, t)}: ${say(c.detailMsg, t)}`);
  return lines.join("\n");
}
