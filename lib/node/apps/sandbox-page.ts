/**
 * The sandbox proxy page (the extension's double-iframe pattern, spec "Sandbox proxy") and the app document it
 * frames, both served from the sandbox's own origin (sandbox-server.ts).
 *
 * The proxy is framed by the playground (its URL names the host origin, `?host=`, and its frame-ancestors allow that
 * origin only). It tells the host it is ready, POSTs the HTML the host sends (`ui/notifications/sandbox-resource-ready`)
 * to its own origin and loads the one-time path it gets in an inner iframe whose sandbox attribute it fixes
 * (allow-scripts allow-forms: never the host's or anyone's choice). The app document is served with the app's CSP as
 * an HTTP header (plus `sandbox`), and the proxy's own policy allows frames from its own origin only, so the frame
 * cannot be taken to another address.
 *
 * Relay: the app document's first script hands the proxy one end of a MessageChannel and speaks through the other
 * (it stands in for `window.parent`, so an app written for postMessage works unchanged). The proxy relays only that
 * port, only the first one a document hands over: a document the frame navigates to has no port, and what it posts
 * is never relayed. A second load of the frame closes the port and is reported to the host as a violation
 * (`directive: "navigation"`), as is any request the proxy's policy blocks.
 */
import { createHash } from "node:crypto";
import { cspOf, policyFor, VIOLATION_METHOD } from "@/lib/apps/csp";

/** The one sandbox attribute of the app's frame (the spec's; allow-same-origin never). */
export const APP_FRAME_SANDBOX = "allow-scripts allow-forms";
/** What the app document posts first, with its port. */
export const APP_PORT_METHOD = "playground/app-port";

const SCRIPT = String.raw`
(function () {
  var host = new URLSearchParams(location.search).get("host");
  var status = document.getElementById("status");
  if (!host || window.parent === window) { status.textContent = "This page is the playground's app sandbox; it works only inside the playground."; return; }
  var inner = null, port = null, portTaken = false, loads = 0, left = false, queue = [];
  function toHost(m) { window.parent.postMessage(m, host); }
  function navigated(uri) { if (left) return; left = true; toHost({ jsonrpc: "2.0", method: "${VIOLATION_METHOD}", params: { blockedURI: String(uri).slice(0, 300), directive: "navigation" } }); }
  function cut() { if (port) port.close(); port = null; queue = []; }
  // This page loads nothing itself: a request its policy blocks is the app taking its frame somewhere else.
  document.addEventListener("securitypolicyviolation", function (e) { cut(); navigated(e.blockedURI || ""); });
  function fromApp(e) {
    var m = e.data, name = m && typeof m.method === "string" ? m.method : "";
    if (name.indexOf("ui/notifications/sandbox-") === 0) return;
    toHost(m);
  }
  function frame(p, path) {
    cut(); portTaken = false; loads = 0; left = false;
    if (inner) inner.remove();
    inner = document.createElement("iframe");
    inner.setAttribute("sandbox", "${APP_FRAME_SANDBOX}");
    var perms = p.permissions || {}, allow = [];
    if (perms.camera) allow.push("camera");
    if (perms.microphone) allow.push("microphone");
    if (perms.geolocation) allow.push("geolocation");
    if (perms.clipboardWrite) allow.push("clipboard-write");
    if (allow.length) inner.setAttribute("allow", allow.join("; "));
    inner.setAttribute("title", "MCP app");
    inner.addEventListener("load", function () { loads += 1; if (loads > 1) { cut(); navigated(""); } });
    inner.src = path;
    if (status.parentNode) status.remove();
    document.body.appendChild(inner);
  }
  function load(p) {
    var body = JSON.stringify({ html: String(p.html || ""), csp: p.csp && typeof p.csp === "object" ? p.csp : {}, host: host });
    fetch("/app", { method: "POST", headers: { "Content-Type": "application/json" }, body: body })
      .then(function (r) { return r.ok ? r.json() : r.text().then(function (t) { throw new Error(t); }); })
      .then(function (a) { frame(p, a.path); })
      .catch(function (e) { status.textContent = "The app could not be loaded: " + e.message; if (!status.parentNode) document.body.appendChild(status); });
  }
  window.addEventListener("message", function (e) {
    var m = e.data;
    if (e.source === window.parent) {
      if (e.origin !== host || !m || typeof m !== "object") return;
      var method = typeof m.method === "string" ? m.method : "";
      if (method === "ui/notifications/sandbox-resource-ready") { load(m.params || {}); return; }
      if (method.indexOf("ui/notifications/sandbox-") === 0) return;
      if (port) port.postMessage(m); else if (!portTaken && queue.length < 100) queue.push(m);
      return;
    }
    // From the frame, only its first document's port counts; nothing posted straight to this window is relayed.
    if (!inner || e.source !== inner.contentWindow || !m || m.method !== "${APP_PORT_METHOD}" || !e.ports || e.ports.length !== 1) return;
    if (portTaken) { cut(); navigated(""); return; }
    portTaken = true;
    port = e.ports[0];
    port.onmessage = fromApp;
    queue.splice(0).forEach(function (q) { port.postMessage(q); });
  });
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();
`;

const SCRIPT_HASH = createHash("sha256").update(SCRIPT).digest("base64");

export const SANDBOX_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>MCP app sandbox</title>
<style>html,body{margin:0;height:100%;background:transparent}iframe{display:block;border:0;width:100%;height:100%}#status{font:12px sans-serif;margin:4px}</style>
</head><body><p id="status">Loading the app…</p><script>${SCRIPT}</script></body></html>`;

/** The proxy's policy: its own script, POSTs and frames on its own origin only, framed by the playground only. */
export function proxyPolicy(host: string): string {
  return [
    "default-src 'none'",
    `script-src 'sha256-${SCRIPT_HASH}'`,
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "frame-src 'self'",
    `frame-ancestors ${host}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** The app document's policy: the declared CSP (lib/apps/csp.ts), always sandboxed, framed by the proxy in the playground only. */
export function appPolicy(csp: unknown, sandboxOrigin: string, host: string): string {
  return `${policyFor(cspOf(csp))}; sandbox ${APP_FRAME_SANDBOX}; frame-ancestors ${sandboxOrigin} ${host}`;
}

/**
 * The first script of the app document: one end of a MessageChannel goes to the proxy, the other stands in for
 * `window.parent` (its postMessage sends on the port; what comes back is dispatched as the window's message events,
 * with the port as their source and the sandbox origin as their origin).
 */
function portShim(sandboxOrigin: string): string {
  return `<script>(function(){var c=new MessageChannel(),p=c.port1,send=MessagePort.prototype.postMessage,o=${JSON.stringify(sandboxOrigin)};window.parent.postMessage({jsonrpc:"2.0",method:"${APP_PORT_METHOD}",params:{}},"*",[c.port2]);Object.defineProperty(p,"postMessage",{value:function(m){send.call(p,m)}});p.onmessage=function(e){window.dispatchEvent(new MessageEvent("message",{data:e.data,origin:o,source:p}))};Object.defineProperty(window,"parent",{value:p})})();</script>`;
}

/** The app's HTML with the port shim first (after the doctype), before any of the app's own markup. */
export function appDocument(html: string, sandboxOrigin: string): string {
  const shim = portShim(sandboxOrigin);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? doctype[0] + shim + html.slice(doctype[0].length) : shim + html;
}
