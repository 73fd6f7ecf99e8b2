/**
 * The Apps checks (AP01–AP15): rules of the MCP Apps extension a server can get wrong, judged from the facts the
 * doctor gathered (lib/apps/gather.ts), for servers of either era. They run in the Apps tab, in `cli apps`, and in
 * `cli check` when the server has app tools (lib/checks/apps.ts adds them as rows). Each is proved able to fail by a flag of
 * tests/fixtures/apps/stdio.mjs. Titles and details are catalogue Msgs (appsDoctor.check.*), said in English in
 * `title`/`detail` (the CLI's --json) and in the reader's language on the page and in `apps --lang`. Pure.
 */
import { APPS_EXTENSION_ID, APPS_MIME_TYPE, APPS_SPEC_URL } from "./constants";
import type { AppsFacts } from "./doctor";
import { MORE_CHECKS } from "./checks-more";
import { clauses, judged, type AppsCheckStatus, type Def } from "./check-kit";
import { msg, say, type Msg } from "../i18n/translate";

export type { AppsCheckStatus } from "./check-kit";

export interface AppsCheckResult {
  id: string;
  title: string;
  titleMsg: Msg;
  level: "MUST" | "SHOULD";
  status: AppsCheckStatus;
  detail: string;
  detailMsg: Msg;
  /** Timeline card labels that show it. */
  evidence: string[];
  spec: string;
}

const NO_MIME = msg("appsDoctor.check.noMime");

const DEFS: Def[] = [
  {
    id: "AP01",
    title: msg("appsDoctor.check.AP01.title", { mime: APPS_MIME_TYPE }),
    level: "MUST",
    anchor: "#ui-resource-format",
    judge(facts) {
      const apps = facts.declared.apps;
      if (apps.length === 0) return judged("skip", msg("appsDoctor.check.AP01.skip"));
      const problems: Msg[] = [];
      const evidence = new Set<string>();
      for (const a of apps) {
        const read = facts.reads[a.resourceUri];
        if (!read) continue;
        evidence.add(read.evidence);
        if (!read.ok) problems.push(msg("appsDoctor.check.AP01.unreadable", { tool: a.tool, error: `${read.error}` }));
        else if (read.mimeType !== APPS_MIME_TYPE)
          problems.push(msg("appsDoctor.check.AP01.readGave", { tool: a.tool, mime: read.mimeType ?? NO_MIME }));
        if (a.listed && a.mimeType !== APPS_MIME_TYPE)
          problems.push(msg("appsDoctor.check.AP01.listDeclares", { tool: a.tool, mime: a.mimeType ?? NO_MIME }));
      }
      return problems.length > 0
        ? judged("fail", clauses(problems), [...evidence])
        : judged("pass", msg("appsDoctor.check.AP01.pass", { n: apps.length, mime: APPS_MIME_TYPE }), [...evidence]);
    },
  },
  {
    id: "AP02",
    title: msg("appsDoctor.check.AP02.title", { ext: APPS_EXTENSION_ID }),
    level: "SHOULD",
    anchor: "#clientserver-capability-negotiation",
    judge(facts) {
      if (facts.declared.apps.length === 0) return judged("skip", msg("appsDoctor.check.AP02.skip"));
      const evidence = [facts.declared.evidence];
      return facts.declared.serverDeclares
        ? judged("pass", msg("appsDoctor.check.AP02.pass", { ext: APPS_EXTENSION_ID }), evidence)
        : judged("warn", msg("appsDoctor.check.AP02.warn", { ext: APPS_EXTENSION_ID }), evidence);
    },
  },
  {
    id: "AP03",
    title: msg("appsDoctor.check.AP03.title"),
    level: "MUST",
    anchor: "#visibility",
    judge(facts) {
      const bad: string[] = [];
      let appOnly = 0;
      for (const t of facts.declared.tools) {
        const tool = t as { name?: unknown; _meta?: { ui?: { visibility?: unknown } } };
        const v = tool._meta?.ui?.visibility;
        if (v === undefined) continue;
        if (!Array.isArray(v) || v.length === 0 || v.some((x) => x !== "model" && x !== "app"))
          bad.push(`${String(tool.name)}: ${JSON.stringify(v)}`);
        else if (!v.includes("model")) appOnly += 1;
      }
      const evidence = [facts.declared.evidence];
      if (bad.length > 0) return judged("fail", msg("appsDoctor.check.AP03.fail", { bad: bad.join("; ") }), evidence);
      return judged("pass", msg("appsDoctor.check.AP03.pass", { n: appOnly }), evidence);
    },
  },
  {
    id: "AP04",
    title: msg("appsDoctor.check.AP04.title"),
    level: "SHOULD",
    anchor: "#ui-resource-format",
    judge(facts) {
      const reads = Object.entries(facts.reads);
      if (reads.length === 0) return judged("skip", msg("appsDoctor.check.AP04.skip"));
      const problems = reads.flatMap(([uri, r]) => r.cspProblems.map((p) => `${uri}: ${p}`));
      const evidence = reads.map(([, r]) => r.evidence);
      return problems.length > 0
        ? judged("warn", msg("appsDoctor.check.AP04.warn", { problems: problems.join("; ") }), evidence)
        : judged("pass", msg("appsDoctor.check.AP04.pass"), evidence);
    },
  },
];

const ALL: Def[] = [...DEFS, ...MORE_CHECKS];

export const APPS_CHECK_IDS = ALL.map((d) => d.id);

export function runAppsChecks(facts: AppsFacts): AppsCheckResult[] {
  return ALL.map((d) => {
    const v = d.judge(facts);
    return {
      id: d.id,
      title: say(d.title),
      titleMsg: d.title,
      level: d.level,
      status: v.status,
      detail: say(v.detail),
      detailMsg: v.detail,
      evidence: v.evidence ?? [],
      spec: `${APPS_SPEC_URL}${d.anchor}`,
    };
  });
}
