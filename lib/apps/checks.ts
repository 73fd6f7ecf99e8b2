/**
 * The Apps checks (prefix AP): rules of the MCP Apps extension a server can get wrong, judged from the facts the
 * doctor gathered (lib/apps/gather.ts), for servers of either era. They run in the Apps tab and in `cli apps`, not
 * in the 2026-07-28 protocol suite (whose score covers the core spec). Each is proved able to fail by a flag of
 * tests/fixtures/apps/stdio.mjs. Pure.
 */
import { APPS_EXTENSION_ID, APPS_MIME_TYPE, APPS_SPEC_URL } from "./constants";
import type { AppsFacts } from "./doctor";

export type AppsCheckStatus = "pass" | "fail" | "warn" | "skip";

export interface AppsCheckResult {
  id: string;
  title: string;
  level: "MUST" | "SHOULD";
  status: AppsCheckStatus;
  detail: string;
  /** Timeline card labels that show it. */
  evidence: string[];
  spec: string;
}

interface Def {
  id: string;
  title: string;
  level: "MUST" | "SHOULD";
  anchor: string;
  judge(facts: AppsFacts): { status: AppsCheckStatus; detail: string; evidence?: string[] };
}

const DEFS: Def[] = [
  {
    id: "AP01",
    title: `Each app tool's resourceUri names a ui:// resource that resources/read returns as ${APPS_MIME_TYPE}`,
    level: "MUST",
    anchor: "#ui-resource-format",
    judge(facts) {
      const apps = facts.declared.apps;
      if (apps.length === 0)
        return { status: "skip", detail: "no tool carries _meta.ui.resourceUri naming a ui:// resource" };
      const problems: string[] = [];
      const evidence = new Set<string>();
      for (const a of apps) {
        const read = facts.reads[a.resourceUri];
        if (!read) continue;
        evidence.add(read.evidence);
        if (!read.ok) problems.push(`${a.tool}: ${read.error}`);
        else if (read.mimeType !== APPS_MIME_TYPE)
          problems.push(`${a.tool}: resources/read gave ${read.mimeType ?? "no mimeType"}`);
        if (a.listed && a.mimeType !== APPS_MIME_TYPE)
          problems.push(`${a.tool}: resources/list declares ${a.mimeType ?? "no mimeType"}`);
      }
      return problems.length > 0
        ? { status: "fail", detail: problems.join("; "), evidence: [...evidence] }
        : {
            status: "pass",
            detail: `${apps.length} app tool(s); every resource reads as ${APPS_MIME_TYPE}`,
            evidence: [...evidence],
          };
    },
  },
  {
    id: "AP02",
    title: `The server declares the ${APPS_EXTENSION_ID} extension in its capabilities`,
    level: "SHOULD",
    anchor: "#clientserver-capability-negotiation",
    judge(facts) {
      if (facts.declared.apps.length === 0) return { status: "skip", detail: "the server has no app tools" };
      return facts.declared.serverDeclares
        ? {
            status: "pass",
            detail: `capabilities.extensions["${APPS_EXTENSION_ID}"] is present`,
            evidence: [facts.declared.evidence],
          }
        : {
            status: "warn",
            detail: `capabilities.extensions has no "${APPS_EXTENSION_ID}": the extension is negotiated both ways, and hosts that check show nothing (the ext-apps registerAppTool/registerAppResource helpers do not add it)`,
            evidence: [facts.declared.evidence],
          };
    },
  },
  {
    id: "AP03",
    title: "_meta.ui.visibility is well formed, so app-only tools stay out of the model's tool list",
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
      if (bad.length > 0)
        return {
          status: "fail",
          detail: `visibility must be a non-empty array of "model" and "app": ${bad.join("; ")} — a host cannot tell whether the model may see these`,
          evidence: [facts.declared.evidence],
        };
      return {
        status: "pass",
        detail: `${appOnly} app-only tool(s), each marked ["app"] (a host hides them from the model)`,
        evidence: [facts.declared.evidence],
      };
    },
  },
  {
    id: "AP04",
    title: "_meta.ui.csp is well formed (known keys, arrays of origins)",
    level: "SHOULD",
    anchor: "#ui-resource-format",
    judge(facts) {
      const reads = Object.entries(facts.reads);
      if (reads.length === 0) return { status: "skip", detail: "no app resource was read" };
      const problems = reads.flatMap(([uri, r]) => r.cspProblems.map((p) => `${uri}: ${p}`));
      const evidence = reads.map(([, r]) => r.evidence);
      return problems.length > 0
        ? {
            status: "warn",
            detail: `${problems.join("; ")} — bad entries are dropped, so what they name stays blocked`,
            evidence,
          }
        : {
            status: "pass",
            detail: "every declared CSP is well formed (or absent: the restrictive default applies)",
            evidence,
          };
    },
  },
];

export const APPS_CHECK_IDS = DEFS.map((d) => d.id);

export function runAppsChecks(facts: AppsFacts): AppsCheckResult[] {
  return DEFS.map((d) => {
    const v = d.judge(facts);
    return {
      id: d.id,
      title: d.title,
      level: d.level,
      status: v.status,
      detail: v.detail,
      evidence: v.evidence ?? [],
      spec: `${APPS_SPEC_URL}${d.anchor}`,
    };
  });
}
