/**
 * The Apps doctor: from what the server answered when a host declared the extension and when it did not, and what
 * each host persona is known to do, would the app render there? Each reason names its evidence (the exchanges on
 * the timeline, by label) and its source. Unknown host behaviour gives "unknown", never a guess. Pure.
 */
import type { AppListing } from "./connection";
import { APPS_EXTENSION_ID, APPS_MIME_TYPE } from "./constants";
import type { AppsFacts, JudgeOptions } from "./facts";
import { HOSTS, hostName, known, sourceMsg, type HostPersona } from "./hosts";
import { hostFactRows, type FactRow } from "./host-matrix";
import { reason, worst, type Effect, type Reason, type Verdict } from "./reason";
import { cspGrantReason, displayModeReason, eraReason } from "./host-reasons";
import { msg, type Msg } from "../i18n/translate";

export type { Reason, Verdict } from "./reason";

export interface HostVerdict {
  host: string;
  label: string;
  verdict: Verdict;
  reasons: Reason[];
  /** Each fact the verdict rests on, with its source and the date it was checked. */
  facts: FactRow[];
}

export type { AppsFacts, EraFact, JudgeOptions, ResourceFact } from "./facts";

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
  const values = { ext: APPS_EXTENSION_ID, host: hostName(host), source: sourceMsg(host.declaresExtension) };
  if (declares === false)
    return reason(
      code,
      "blank",
      msg("appsDoctor.reason.gatingBlank", { ...values, tools: gatedTools.join(", ") }),
      evidence,
    );
  if (declares === undefined) return reason(code, "unknown", msg("appsDoctor.reason.gatingUnknown", values), evidence);
  return reason(
    code,
    "info",
    msg("appsDoctor.reason.gatingInfo", { ext: APPS_EXTENSION_ID, host: hostName(host) }),
    evidence,
  );
}

/** The server's capabilities lack the Apps extension: blank, unknown or fine, as far as this host is known to care. */
function serverExtensionReason(host: HostPersona, facts: AppsFacts): Reason {
  const needs = known(host.needsServerExtension);
  const values = { host: hostName(host), source: sourceMsg(host.needsServerExtension) };
  const [effect, tail]: [Effect, Msg] =
    needs === true
      ? ["blank", msg("appsDoctor.reason.needsBlank", values)]
      : needs === undefined
        ? ["unknown", msg("appsDoctor.reason.needsUnknown", values)]
        : ["info", msg("appsDoctor.reason.needsInfo", { host: hostName(host) })];
  return reason(
    "server-extension-missing",
    effect,
    msg("appsDoctor.reason.serverExtension", { ext: APPS_EXTENSION_ID, tail }),
    [facts.declared.evidence],
  );
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
      reason(
        "resource-unreadable",
        "blank",
        read.error
          ? msg("appsDoctor.reason.unreadable", { tool: app.tool, error: read.error })
          : msg("appsDoctor.reason.unreadableNoError", { tool: app.tool }),
        evidence,
      ),
    ];
  const reasons: Reason[] = [];
  const mime = read.mimeType ?? app.mimeType;
  if (mime !== APPS_MIME_TYPE) {
    const generic = host.id === "generic";
    const values = {
      tool: app.tool,
      uri: app.resourceUri,
      mime: mime ?? msg("appsDoctor.reason.noMime"),
      want: APPS_MIME_TYPE,
    };
    reasons.push(
      reason(
        "wrong-mime-type",
        generic ? "degraded" : "unknown",
        generic
          ? msg("appsDoctor.reason.wrongMimeGeneric", values)
          : msg("appsDoctor.reason.wrongMimeHost", { ...values, host: hostName(host) }),
        evidence,
      ),
    );
  }
  if (read.cspProblems.length > 0) {
    reasons.push(
      reason(
        "csp-malformed",
        "degraded",
        msg("appsDoctor.reason.cspMalformed", { tool: app.tool, problems: read.cspProblems.join("; ") }),
        evidence,
      ),
    );
  }
  return reasons;
}

function judge(host: HostPersona, facts: AppsFacts, opts: JudgeOptions = {}): Reason[] {
  const renders = known(host.rendersApps);
  if (renders === false)
    return [
      reason(
        "host-no-apps",
        "blank",
        msg("appsDoctor.reason.hostNoApps", { host: hostName(host), source: sourceMsg(host.rendersApps) }),
      ),
    ];
  const reasons: Reason[] = [];
  if (renders === undefined)
    reasons.push(
      reason(
        "host-apps-unknown",
        "unknown",
        msg("appsDoctor.reason.hostAppsUnknown", { host: hostName(host), source: sourceMsg(host.rendersApps) }),
      ),
    );
  const era = eraReason(host, facts);
  if (era) reasons.push(era);
  const gating = gatingReason(host, facts);
  if (gating) reasons.push(gating);
  if (facts.declared.apps.length === 0)
    reasons.push(
      reason("no-app-tools", "blank", msg("appsDoctor.reason.noAppTools", { ext: APPS_EXTENSION_ID }), [
        facts.declared.evidence,
      ]),
    );
  const declares = known(host.declaresExtension);
  const seen = declares === false && facts.undeclared ? facts.undeclared.apps : facts.declared.apps;
  if (!facts.declared.serverDeclares && seen.length > 0) reasons.push(serverExtensionReason(host, facts));
  for (const app of seen) {
    const read = facts.reads[app.resourceUri];
    if (read) reasons.push(...resourceReasons(host, app, read));
  }
  for (const r of [cspGrantReason(host, facts), displayModeReason(host, facts, opts)]) if (r) reasons.push(r);
  if (known(host.cachesToolsList) === true)
    reasons.push(
      reason(
        "tools-list-cached",
        "info",
        msg("appsDoctor.reason.toolsListCached", { host: hostName(host), source: sourceMsg(host.cachesToolsList) }),
      ),
    );
  return reasons;
}

export function judgeHosts(
  facts: AppsFacts,
  hosts: readonly HostPersona[] = HOSTS,
  opts: JudgeOptions = {},
): HostVerdict[] {
  return hosts.map((host) => {
    const reasons = judge(host, facts, opts);
    return { host: host.id, label: host.label, verdict: worst(reasons), reasons, facts: hostFactRows(host) };
  });
}
