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

/** A server that shows _meta.ui only to clients declaring the extension: what that means for this host. */
function gatingReason(host: HostPersona, facts: AppsFacts): Reason | undefined {
  const declaredApps = facts.declared.apps.map((a) => a.tool);
  const undeclaredApps = facts.undeclared?.apps.map((a) => a.tool);
  if (undeclaredApps === undefined) return undefined;
  const gatedTools = declaredApps.filter((t) => !undeclaredApps.includes(t));
  if (gatedTools.length === 0) return undefined;
  const declares = known(host.declaresExtension);
  const evidence = [facts.declared.evidence, ...(facts.undeclared ? [facts.undeclared.evidence] : [])];
  const code = "gated-on-capability";
  if (declares === false)
    return {
      code,
      effect: "blank",
      detail: `your server hides _meta.ui (on ${gatedTools.join(", ")}) unless the client declares the ${APPS_EXTENSION_ID} extension; ${host.label} does not declare it (${sourceOf(host.declaresExtension)}), so it never learns there is an app.`,
      evidence,
    };
  if (declares === undefined)
    return {
      code,
      effect: "unknown",
      detail: `your server hides _meta.ui unless the client declares ${APPS_EXTENSION_ID}; whether ${host.label} declares it: ${sourceOf(host.declaresExtension)}`,
      evidence,
    };
  return {
    code,
    effect: "info",
    detail: `your server shows _meta.ui only to clients that declare ${APPS_EXTENSION_ID}; ${host.label} declares it.`,
    evidence,
  };
}

/** The server's capabilities lack the Apps extension: blank, unknown or fine, as far as this host is known to care. */
function serverExtensionReason(host: HostPersona, facts: AppsFacts): Reason {
  const needs = known(host.needsServerExtension);
  const detail = `the server's capabilities do not declare extensions["${APPS_EXTENSION_ID}"] (the ext-apps helpers registerAppTool/registerAppResource do not add it)`;
  const [effect, tail]: [Effect, string] =
    needs === true
      ? ["blank", `${host.label} requires it (${sourceOf(host.needsServerExtension)}).`]
      : needs === undefined
        ? ["unknown", `whether ${host.label} needs it: ${sourceOf(host.needsServerExtension)}.`]
        : ["info", `${host.label} renders without it, but declare it for hosts that check.`];
  return {
    code: "server-extension-missing",
    effect,
    detail: `${detail}; ${tail}`,
    evidence: [facts.declared.evidence],
  };
}

/** What the resources/read of one app's UI says: unreadable, the wrong MIME type, a malformed CSP. */
function resourceReasons(
  host: HostPersona,
  app: AppListing["apps"][number],
  read: AppsFacts["reads"][string],
): Reason[] {
  const evidence = [read.evidence];
  if (!read.ok)
    return [
      {
        code: "resource-unreadable",
        effect: "blank",
        detail: `${app.tool}: ${read.error ?? "resources/read failed"}`,
        evidence,
      },
    ];
  const reasons: Reason[] = [];
  const mime = read.mimeType ?? app.mimeType;
  if (mime !== APPS_MIME_TYPE) {
    const generic = host.id === "generic";
    reasons.push({
      code: "wrong-mime-type",
      effect: generic ? "degraded" : "unknown",
      detail: `${app.tool}: ${app.resourceUri} is served as ${mime ?? "(no MIME type)"}, not ${APPS_MIME_TYPE} (a MUST)${generic ? "; this playground renders it anyway" : `; whether ${host.label} refuses it is not documented`}.`,
      evidence,
    });
  }
  if (read.cspProblems.length > 0) {
    reasons.push({
      code: "csp-malformed",
      effect: "degraded",
      detail: `${app.tool}: _meta.ui.csp: ${read.cspProblems.join("; ")} — the bad entries are dropped, so what they name is blocked.`,
      evidence,
    });
  }
  return reasons;
}

function judge(host: HostPersona, facts: AppsFacts): Reason[] {
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
  const reasons: Reason[] = [];
  if (renders === undefined)
    reasons.push({
      code: "host-apps-unknown",
      effect: "unknown",
      detail: `whether ${host.label} renders MCP Apps: ${sourceOf(host.rendersApps)}`,
    });
  const gating = gatingReason(host, facts);
  if (gating) reasons.push(gating);
  if (facts.declared.apps.length === 0) {
    reasons.push({
      code: "no-app-tools",
      effect: "blank",
      detail: `no tool in tools/list carries _meta.ui.resourceUri naming a ui:// resource, even when the client declares ${APPS_EXTENSION_ID}.`,
      evidence: [facts.declared.evidence],
    });
  }
  const declares = known(host.declaresExtension);
  const seen = declares === false && facts.undeclared ? facts.undeclared.apps : facts.declared.apps;
  if (!facts.declared.serverDeclares && seen.length > 0) reasons.push(serverExtensionReason(host, facts));
  for (const app of seen) {
    const read = facts.reads[app.resourceUri];
    if (read) reasons.push(...resourceReasons(host, app, read));
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
