/**
 * The chapter's calendar a fourth way: as an MCP App (io.modelcontextprotocol/ui). Everything the calendar has, plus
 * `show_week`, a tool bound to `ui://calendar/week.html`: a small view of the week whose form calls create_event
 * through the host. It declares the extension in its capabilities and never gates _meta.ui on the client's
 * declaration, so it renders in hosts that do not declare it (see the Apps doctor).
 */
import type { McpServer } from "@modelcontextprotocol/server";
import { calendarStore, createCalendarServer } from "./calendar";
import { jsonSchemaOnce } from "./json-schema";

export const WEEK_APP_URI = "ui://calendar/week.html";
const APPS_EXTENSION = "io.modelcontextprotocol/ui";
const APPS_MIME = "text/html;profile=mcp-app";

/** The view: plain JSON-RPC over postMessage (no SDK in the page), so every message reads clearly in the Apps wire. */
const WEEK_APP = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>This week</title>
<style>body{font:14px system-ui,sans-serif;margin:8px;color:#0f172a}body.dark{color:#e2e8f0;background:#0f172a}
li{margin:2px 0}form{display:flex;gap:4px;flex-wrap:wrap;margin-top:8px}input{font:inherit}</style></head>
<body><h1 style="font-size:16px;margin:0">This week</h1><ul id="week"><li>waiting for the host…</li></ul>
<form id="add"><label>Title <input id="title" required value="Dentist"></label>
<label>Starts <input id="starts" required value="2026-09-10T10:00:00Z"></label><button>Create event</button></form>
<p id="note" role="status"></p>
<script>
var next = 1, waiting = {};
function post(m) { parent.postMessage(m, "*"); }
function request(method, params) { return new Promise(function (ok, fail) { var id = next++; waiting[id] = [ok, fail]; post({ jsonrpc: "2.0", id: id, method: method, params: params }); }); }
function show(result) {
  var events = (result && result.structuredContent && result.structuredContent.events) || [];
  var ul = document.getElementById("week"); ul.textContent = "";
  events.forEach(function (e) { var li = document.createElement("li"); li.textContent = e.startsAt.slice(0, 16).replace("T", " ") + " — " + e.title; ul.appendChild(li); });
  post({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { height: document.documentElement.scrollHeight } });
}
window.addEventListener("message", function (e) {
  var m = e.data; if (!m || m.jsonrpc !== "2.0") return;
  if (m.id !== undefined && waiting[m.id]) { var w = waiting[m.id]; delete waiting[m.id]; m.error ? w[1](m.error) : w[0](m.result); return; }
  if (m.method === "ui/notifications/tool-result") show(m.params);
  if (m.method === "ui/notifications/host-context-changed" && m.params.theme) document.body.className = m.params.theme;
  if (m.method === "ui/resource-teardown" && m.id !== undefined) post({ jsonrpc: "2.0", id: m.id, result: {} });
});
document.getElementById("add").addEventListener("submit", function (ev) {
  ev.preventDefault();
  var args = { title: document.getElementById("title").value, startsAt: document.getElementById("starts").value };
  request("tools/call", { name: "create_event", arguments: args })
    .then(function (r) { document.getElementById("note").textContent = (r.content && r.content[0] && r.content[0].text) || "created"; return request("tools/call", { name: "show_week", arguments: {} }); })
    .then(show, function (err) { document.getElementById("note").textContent = "failed: " + (err.message || JSON.stringify(err)); });
});
request("ui/initialize", { protocolVersion: "2026-01-26", appInfo: { name: "calendar-week", version: "1.0.0" }, appCapabilities: {} })
  .then(function (r) { if (r.hostContext && r.hostContext.theme) document.body.className = r.hostContext.theme; post({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} }); });
</script></body></html>`;

export function createCalendarAppServer(): McpServer {
  const store = calendarStore();
  const server = createCalendarServer({
    name: "calendar-app",
    title: "Chapter calendar, with an app",
    store,
    extraCapabilities: { extensions: { [APPS_EXTENSION]: {} } },
  });
  server.registerResource(
    "week-app",
    WEEK_APP_URI,
    {
      title: "This week (app)",
      description: "The week as an interactive view.",
      mimeType: APPS_MIME,
      _meta: { ui: { csp: {} } },
    } as never,
    async () => ({
      contents: [
        { uri: WEEK_APP_URI, mimeType: APPS_MIME, text: WEEK_APP, _meta: { ui: { csp: {}, prefersBorder: true } } },
      ],
    }),
  );
  server.registerTool(
    "show_week",
    {
      description: "Show this week's events (as an app where the host renders MCP Apps).",
      inputSchema: jsonSchemaOnce<Record<string, never>>({ type: "object", properties: {} }),
      _meta: { ui: { resourceUri: WEEK_APP_URI } },
    },
    async () => ({
      content: [{ type: "text", text: store.events.map((e) => `${e.startsAt} ${e.title}`).join("\n") }],
      structuredContent: { events: store.events.map((e) => ({ ...e })) },
    }),
  );
  return server;
}
