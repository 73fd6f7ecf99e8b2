/**
 * The sandbox proxy page (the extension's double-iframe pattern, spec "Sandbox proxy"): served from its own origin,
 * framed by the playground with allow-scripts allow-same-origin. It tells the host it is ready, loads the HTML the
 * host sends (`ui/notifications/sandbox-resource-ready`, already carrying its CSP meta) into an inner iframe without
 * allow-same-origin, and relays every other message between the host and the app, each way, unchanged.
 * It posts only to the host origin named in its URL fragment (#host=<origin>) and accepts only its parent and its
 * own inner frame. No CSP of its own: the inner srcdoc document would inherit it and the app's policy is the one
 * that must decide (spec step 5).
 */
const SCRIPT = String.raw`
(function () {
  var host = new URLSearchParams(location.hash.slice(1)).get("host");
  var status = document.getElementById("status");
  if (!host) { status.textContent = "This page is the playground's app sandbox; it works only inside the playground."; return; }
  var inner = null;
  function toHost(m) { window.parent.postMessage(m, host); }
  function load(p) {
    if (inner) inner.remove();
    inner = document.createElement("iframe");
    inner.setAttribute("sandbox", typeof p.sandbox === "string" ? p.sandbox : "allow-scripts allow-forms");
    var perms = p.permissions || {}, allow = [];
    if (perms.camera) allow.push("camera");
    if (perms.microphone) allow.push("microphone");
    if (perms.geolocation) allow.push("geolocation");
    if (perms.clipboardWrite) allow.push("clipboard-write");
    if (allow.length) inner.setAttribute("allow", allow.join("; "));
    inner.setAttribute("title", "MCP app");
    inner.srcdoc = String(p.html || "");
    status.remove();
    document.body.appendChild(inner);
  }
  window.addEventListener("message", function (e) {
    var m = e.data;
    if (e.source === window.parent) {
      if (e.origin !== host || !m || typeof m !== "object") return;
      var method = typeof m.method === "string" ? m.method : "";
      if (method === "ui/notifications/sandbox-resource-ready") { load(m.params || {}); return; }
      if (method.indexOf("ui/notifications/sandbox-") === 0) return;
      if (inner && inner.contentWindow) inner.contentWindow.postMessage(m, "*");
    } else if (inner && e.source === inner.contentWindow) {
      var name = m && typeof m.method === "string" ? m.method : "";
      if (name.indexOf("ui/notifications/sandbox-") === 0) return;
      toHost(m);
    }
  });
  toHost({ jsonrpc: "2.0", method: "ui/notifications/sandbox-proxy-ready", params: {} });
})();
`;

export const SANDBOX_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>MCP app sandbox</title>
<style>html,body{margin:0;height:100%;background:transparent}iframe{display:block;border:0;width:100%;height:100%}#status{font:12px sans-serif;margin:4px}</style>
</head><body><p id="status">Loading the app…</p><script>${SCRIPT}</script></body></html>`;
