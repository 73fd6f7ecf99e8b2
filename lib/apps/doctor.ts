/**
 * The Apps doctor: from what the server answered when a host declared the extension and when it did not, and what
 * each host persona is known to do, would the app render there? Each reason names its evidence (the exchanges on
 * the timeline, by label) and its source. Unknown host behaviour gives "unknown", never a guess. Pure.
 */
import type { AppListing } from "./connection";
import { APPS_EXTENSION_ID, APPS_MIME_TYPE } from "./constants";
import { HOSTS, known, sourceOf, type HostPersona } from "./hosts";

export type Verdict = "renders" | "blank" | "degraded" | "unknown";
type Effect = Exclude<Verdict, "renders"> | "info";

export interface Reason {
  code: string;
  detail: string;
  effect: Effect;
  /** Labels of the exchanges (timeline cards) that show it. */
  evidence?: string[];
}

export interface HostVerdict {
  host: string;
  label: string;
  verdict: Verdict;
  reasons: Reason[];
}

export interface ResourceFact {
  ok: boolean;
  mimeType?: string;
  error?: string;
  cspProblems: string[];
}

export interface AppsFacts {
  /** Listed while declaring the extension, and whether the server's own capabilities declared it. */
  declared: AppListing & { serverDeclares: boolean; evidence: string };
  /** Listed without declaring it (undefined when not gathered). */
  undeclared?: AppListing & { evidence: string };
  /** resources/read of each app's URI (declared listing), by URI. */
  reads: Record<string, ResourceFact & { evidence: string }>;
}

const RANK: Record<Verdict, number> = { renders: 0, degraded: 1, unknown: 2, blank: 3 };

function worst(reasons: Reason[]): Verdict {
  let v: Verdict = "renders";
  for (const r of reasons) if (r.effect !== "info" && RANK[r.effect] > RANK[v]) v = r.effect;
  return v;
}

function judge(host: HostPersona, facts: AppsFacts): Reason[] {
  const reasons: Reason[] = [];
  const renders = known(host.rendersApps);
  if (renders === false) {
    return [
      {
        code: "host-no-apps",
        effect: "blank",
        detail: `${host.label} does not render MCP Apps: the tool's text result is shown instead (${sourceOf(host.rendersApps)}).`,
      },
    ];
  }
  if (renders === undefined)
    reasons.push({
      code: "host-apps-unknown",
      effect: "unknown",
      detail: `whether ${host.label} renders MCP Apps: ${sourceOf(host.rendersApps)}`,
    });

  const declaredApps = facts.declared.apps.map((a) => a.tool);
  const undeclaredApps = facts.undeclared?.apps.map((a) => a.tool);
  const gated = undeclaredApps !== undefined && declaredApps.some((t) => !undeclaredApps.includes(t));
  const gatedTools = gated ? declaredApps.filter((t) => !undeclaredApps!.includes(t)) : [];
  const declares = known(host.declaresExtension);
  const evidence = [facts.declared.evidence, ...(facts.undeclared ? [facts.undeclared.evidence] : [])];
  if (gated && declares === false) {
    reasons.push({
      code: "gated-on-capability",
      effect: "blank",
      detail: `your server hides _meta.ui (on ${gatedTools.join(", ")}) unless the client declares the ${APPS_EXTENSION_ID} extension; ${host.label} does not declare it (${sourceOf(host.declaresExtension)}), so it never learns there is an app.`,
      evidence,
    });
  } else if (gated && declares === undefined) {
    reasons.push({
      code: "gated-on-capability",
      effect: "unknown",
      detail: `your server hides _meta.ui unless the client declares ${APPS_EXTENSION_ID}; whether ${host.label} declares it: ${sourceOf(host.declaresExtension)}`,
      evidence,
    });
  } else if (gated) {
    reasons.push({
      code: "gated-on-capability",
      effect: "info",
      detail: `your server shows _meta.ui only to clients that declare ${APPS_EXTENSION_ID}; ${host.label} declares it.`,
      evidence,
    });
  }

  const seen = declares === false && facts.undeclared ? facts.undeclared.apps : facts.declared.apps;
  if (facts.declared.apps.length === 0) {
    reasons.push({
      code: "no-app-tools",
      effect: "blank",
      detail: `no tool in tools/list carries _meta.ui.resourceUri naming a ui:// resource, even when the client declares ${APPS_EXTENSION_ID}.`,
      evidence: [facts.declared.evidence],
    });
  }

  if (!facts.declared.serverDeclares && seen.length > 0) {
    const needs = known(host.needsServerExtension);
    const detail = `the server's capabilities do not declare extensions["${APPS_EXTENSION_ID}"] (the ext-apps helpers registerAppTool/registerAppResource do not add it)`;
    if (needs === true)
      reasons.push({
        code: "server-extension-missing",
        effect: "blank",
        detail: `${detail}; ${host.label} requires it (${sourceOf(host.needsServerExtension)}).`,
        evidence: [facts.declared.evidence],
      });
    else if (needs === undefined)
      reasons.push({
        code: "server-extension-missing",
        effect: "unknown",
        detail: `${detail}; whether ${host.label} needs it: ${sourceOf(host.needsServerExtension)}.`,
        evidence: [facts.declared.evidence],
      });
    else
      reasons.push({
        code: "server-extension-missing",
        effect: "info",
        detail: `${detail}; ${host.label} renders without it, but declare it for hosts that check.`,
        evidence: [facts.declared.evidence],
      });
  }

  for (const app of seen) {
    const read = facts.reads[app.resourceUri];
    if (!read) continue;
    if (!read.ok) {
      reasons.push({
        code: "resource-unreadable",
        effect: "blank",
        detail: `${app.tool}: ${read.error ?? "resources/read failed"}`,
        evidence: [read.evidence],
      });
      continue;
    }
    const mime = read.mimeType ?? app.mimeType;
    if (mime !== APPS_MIME_TYPE) {
      const generic = host.id === "generic";
      reasons.push({
        code: "wrong-mime-type",
        effect: generic ? "degraded" : "unknown",
        detail: `${app.tool}: ${app.resourceUri} is served as ${mime ?? "(no MIME type)"}, not ${APPS_MIME_TYPE} (a MUST)${generic ? "; this playground renders it anyway" : `; whether ${host.label} refuses it is not documented`}.`,
        evidence: [read.evidence],
      });
    }
    if (read.cspProblems.length > 0) {
      reasons.push({
        code: "csp-malformed",
        effect: "degraded",
        detail: `${app.tool}: _meta.ui.csp: ${read.cspProblems.join("; ")} — the bad entries are dropped, so what they name is blocked.`,
        evidence: [read.evidence],
      });
    }
  }

  if (known(host.cachesToolsList) === true) {
    reasons.push({
      code: "tools-list-cached",
      effect: "info",
      detail: `${host.label} caches tools/list per connector: after changing _meta.ui, remove and re-add the connector or it keeps the old binding (${sourceOf(host.cachesToolsList)}).`,
    });
  }
  return reasons;
}

export function judgeHosts(facts: AppsFacts, hosts: readonly HostPersona[] = HOSTS): HostVerdict[] {
  return hosts.map((host) => {
    const reasons = judge(host, facts);
    return { host: host.id, label: host.label, verdict: worst(reasons), reasons };
  });
}
