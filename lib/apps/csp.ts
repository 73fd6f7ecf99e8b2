/**
 * The sandbox's Content-Security-Policy, built from a resource's declared `_meta.ui.csp` as the extension's
 * Security section says (restrictive defaults; only declared domains added), the well-formedness rules the
 * AP04 check applies, how the policy and a violation reporter go into the app's HTML, and which CSP key
 * would allow a blocked request. Pure.
 */
import { asObject } from "../protocol/json";
import type { AppCsp } from "./catalog";

export const CSP_KEYS = ["connectDomains", "resourceDomains", "frameDomains", "baseUriDomains"] as const;
export type CspKey = (typeof CSP_KEYS)[number];

/** The declared CSP's domains, keeping only string entries of known keys (the rest is reported by cspProblems). */
export function cspOf(declared: unknown): AppCsp {
  const o = asObject(declared);
  const csp: AppCsp = {};
  for (const key of CSP_KEYS) {
    const list = o?.[key];
    if (Array.isArray(list)) csp[key] = list.filter((d): d is string => typeof d === "string" && isCspSource(d));
  }
  return csp;
}

/** An origin a CSP source list accepts here: scheme://host[:port], wildcard subdomains allowed; no paths, quotes or spaces. */
export function isCspSource(domain: string): boolean {
  return /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i.test(domain);
}

/** What is wrong with a declared `_meta.ui.csp` (empty when it is well formed or absent). */
export function cspProblems(declared: unknown): string[] {
  if (declared === undefined) return [];
  const o = asObject(declared);
  if (!o) return [`_meta.ui.csp must be an object, got ${JSON.stringify(declared)?.slice(0, 60)}`];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(o)) {
    if (!(CSP_KEYS as readonly string[]).includes(key)) {
      problems.push(`unknown key "${key}" (the keys are ${CSP_KEYS.join(", ")})`);
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push(`${key} must be an array of origins`);
      continue;
    }
    for (const d of value) {
      if (typeof d !== "string" || !isCspSource(d))
        problems.push(`${key}: ${JSON.stringify(d)?.slice(0, 80)} is not an origin such as https://api.example.com`);
    }
  }
  return problems;
}

const join = (list: string[] | undefined) => (list && list.length > 0 ? ` ${list.join(" ")}` : "");

/** The policy for the app's document: the spec's restrictive default plus exactly the declared domains. */
export function policyFor(csp: AppCsp): string {
  const res = join(csp.resourceDomains);
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline'${res}`,
    `style-src 'self' 'unsafe-inline'${res}`,
    `img-src 'self' data:${res}`,
    `font-src 'self'${res}`,
    `media-src 'self' data:${res}`,
    `connect-src${csp.connectDomains?.length ? join(csp.connectDomains) : " 'none'"}`,
    `frame-src${csp.frameDomains?.length ? join(csp.frameDomains) : " 'none'"}`,
    "object-src 'none'",
    `base-uri${csp.baseUriDomains?.length ? join(csp.baseUriDomains) : " 'self'"}`,
  ].join("; ");
}

/** The method the reporter posts to its parent (the sandbox proxy forwards it like any message; the host keeps it off the bridge). */
export const VIOLATION_METHOD = "playground/csp-violation";

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A few lines run before the app's own code: each violation the browser reports is posted to the proxy. */
const REPORTER = `<script>document.addEventListener("securitypolicyviolation",function(e){parent.postMessage({jsonrpc:"2.0",method:"${VIOLATION_METHOD}",params:{blockedURI:String(e.blockedURI).slice(0,300),directive:String(e.effectiveDirective||e.violatedDirective)}},"*")});</script>`;

/**
 * The app's HTML with the policy in a `<meta http-equiv>` and the reporter first in the document, so both apply
 * before any of the app's own markup (a meta policy covers only what follows it). The doctype stays first.
 */
export function prepareHtml(html: string, policy: string): string {
  const head = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">${REPORTER}`;
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + head + html.slice(doctype[0].length) : head + html;
}

/** The declared key that would allow a request the browser blocked under `directive`. */
export function cspKeyFor(directive: string): CspKey | undefined {
  const d = directive.replace(/-(elem|attr)$/, "");
  if (d === "connect-src") return "connectDomains";
  if (["script-src", "style-src", "img-src", "font-src", "media-src"].includes(d)) return "resourceDomains";
  if (d === "frame-src" || d === "child-src") return "frameDomains";
  if (d === "base-uri") return "baseUriDomains";
  return undefined;
}

export interface CspViolation {
  blockedURI: string;
  /** scheme://host[:port] of the blocked URI, or the URI itself when it is not a URL (inline, eval). */
  domain: string;
  directive: string;
  key?: CspKey;
  /**
   * The browser blocked code, not a place: `eval` (eval, new Function, string timers, wasm-eval) or `inline` (an
   * inline script, handler or style). No _meta.ui.csp key can allow either: the keys name domains (no key).
   */
  code?: "eval" | "inline";
}

/** A blocked URI that is code rather than a place ("eval", "wasm-eval", "inline"), else undefined. */
function blockedCode(blockedURI: string): CspViolation["code"] {
  if (blockedURI === "eval" || blockedURI === "wasm-eval") return "eval";
  if (blockedURI === "inline") return "inline";
  return undefined;
}

export function violationOf(params: unknown): CspViolation | undefined {
  const p = asObject(params);
  if (!p || typeof p.blockedURI !== "string" || typeof p.directive !== "string") return undefined;
  let domain = p.blockedURI;
  try {
    domain = new URL(p.blockedURI).origin;
  } catch {
    // "inline", "eval", "data": not a URL; shown as is.
  }
  const code = blockedCode(p.blockedURI);
  if (code) return { blockedURI: p.blockedURI, domain, directive: p.directive, code };
  return { blockedURI: p.blockedURI, domain, directive: p.directive, key: cspKeyFor(p.directive) };
}
