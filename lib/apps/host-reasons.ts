/**
 * The host matrix's reasons beyond the extension and the resource: the era a host speaks against the eras the server
 * showed its apps on, the CSP domains a host may not grant, and display modes a host lacks. Pure.
 */
import type { AppsFacts, JudgeOptions } from "./facts";
import { hostName, known, sourceMsg, type HostPersona } from "./hosts";
import { reason, type Reason } from "./reason";
import { msg } from "../i18n/translate";

/**
 * The era a host speaks against the eras the server showed its apps on: a legacy-only host and a server that shows
 * Apps only on 2026-07-28 (or the reverse) is blank there; a host whose eras are unknown gets no reason.
 */
export function eraReason(host: HostPersona, facts: AppsFacts): Reason | undefined {
  const hostEras = known(host.eras);
  if (!hostEras || !facts.eras || facts.declared.apps.length === 0) return undefined;
  const asked = facts.eras;
  const withApps = asked.filter((e) => e.served && e.apps.length > 0);
  if (withApps.some((e) => hostEras.includes(e.era))) return undefined;
  const values = {
    host: hostName(host),
    hostEras:
      hostEras.length > 1
        ? msg("appsDoctor.reason.bothEras")
        : hostEras[0] === "modern"
          ? "2026-07-28"
          : msg("appsDoctor.reason.legacyEra"),
    serverEras: withApps.map((e) => e.version ?? e.era).join(", ") || "—",
    source: sourceMsg(host.eras),
  };
  const servedThere = asked.filter((e) => e.served && hostEras.includes(e.era));
  const evidence = asked.map((e) => e.evidence);
  return servedThere.length > 0
    ? reason("apps-not-on-era", "blank", msg("appsDoctor.reason.appsNotOnEra", values), evidence)
    : // Asked on the connection that spoke 2026-07-28 first: a server may keep one era per connection (one stdio
      // process), so no answer there does not prove the server never speaks it.
      reason("era-not-served", "unknown", msg("appsDoctor.reason.eraNotServed", values), evidence);
}

/** The external domains the apps' resources declare (what a host must grant for them to load). */
function declaredDomains(facts: AppsFacts): string[] {
  const all = new Set<string>();
  for (const r of Object.values(facts.reads))
    for (const csp of [r.ui?.csp, r.listUi?.csp]) {
      const o = csp && typeof csp === "object" ? (csp as Record<string, unknown>) : {};
      for (const list of Object.values(o))
        if (Array.isArray(list)) for (const d of list) if (typeof d === "string") all.add(d);
    }
  return [...all];
}

export function cspGrantReason(host: HostPersona, facts: AppsFacts): Reason | undefined {
  const domains = declaredDomains(facts);
  if (domains.length === 0) return undefined;
  const grants = known(host.grantsCsp);
  if (grants === true) return undefined;
  const values = { host: hostName(host), domains: domains.join(", "), source: sourceMsg(host.grantsCsp) };
  return grants === false
    ? reason("csp-not-granted", "degraded", msg("appsDoctor.reason.cspNotGranted", values))
    : reason("csp-grant-unknown", "unknown", msg("appsDoctor.reason.cspGrantUnknown", values));
}

/** Display modes the app declares (in its code) or the user asked for, that the host does not offer. */
export function displayModeReason(host: HostPersona, facts: AppsFacts, opts: JudgeOptions): Reason | undefined {
  const fromCode = Object.values(facts.reads).flatMap((r) => r.html?.displayModes ?? []);
  const wanted = [...new Set([...fromCode, ...(opts.displayMode ? [opts.displayMode] : [])])].filter(
    (m) => m !== "inline",
  );
  if (wanted.length === 0) return undefined;
  const modes = known(host.displayModes);
  const values = { host: hostName(host), source: sourceMsg(host.displayModes) };
  if (modes === undefined)
    return opts.displayMode && opts.displayMode !== "inline"
      ? reason(
          "display-mode-unknown",
          "unknown",
          msg("appsDoctor.reason.displayModeUnknown", { ...values, modes: wanted.join(", ") }),
        )
      : undefined;
  const missing = wanted.filter((m) => !modes.includes(m));
  return missing.length > 0
    ? reason(
        "display-mode-missing",
        "degraded",
        msg("appsDoctor.reason.displayModeMissing", { ...values, modes: missing.join(", ") }),
      )
    : undefined;
}
