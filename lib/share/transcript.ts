/**
 * The Markdown transcript of a session, in the chapter's arrow style:
 *
 *   → tools/call {"_meta":{…},"name":"create_event","arguments":{"title":"Dentist"}}
 *   ← {"resultType":"input_required",…}
 *
 * Each exchange is a fenced block (the fence grows past any backtick run in the content, so nothing a server
 * sends can close it early), followed by its verdicts. Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { ShareState, Verdict } from "./state";
import { toExchange } from "./state";

// TODO(rebase): replace arrowLines with traceLines from lib/protocol/trace.ts once the UI foundation lands it.
function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function compact(value: unknown, fold: boolean): string {
  const folded = fold && isObject(value) && "_meta" in value ? { ...value, _meta: "\u0000fold" } : value;
  return (JSON.stringify(folded) ?? String(value)).split('"\\u0000fold"').join("{…}");
}

function arrowLines(x: Exchange, fold: boolean): string[] {
  const lines: string[] = [];
  const sent = x.sentFrame;
  if (sent === undefined) lines.push(`→ (not JSON) ${x.sent}`);
  else if (isObject(sent) && typeof sent.method === "string") lines.push(`→ ${sent.method}${"params" in sent ? ` ${compact(sent.params, fold)}` : ""}`);
  else lines.push(`→ ${JSON.stringify(sent)}`);
  for (const f of x.received) {
    if (isObject(f) && "result" in f) lines.push(`← ${compact(f.result, fold)}`);
    else if (isObject(f) && isObject(f.error)) lines.push(`← error ${String(f.error.code)} ${String(f.error.message ?? "")}${f.error.data === undefined ? "" : ` ${JSON.stringify(f.error.data)}`}`);
    else if (isObject(f) && typeof f.method === "string") lines.push(`← ${"id" in f ? "request" : "notification"} ${f.method}${"params" in f ? ` ${compact(f.params, fold)}` : ""}`);
    else lines.push(`← ${JSON.stringify(f)}`);
  }
  if (x.outcome.kind === "notification") lines.push("· no response expected (notification)");
  if (x.outcome.kind === "failure") lines.push(x.outcome.failure === "timeout" ? `✕ timeout after ${x.timeoutMs} ms` : `✕ ${x.outcome.failure}: ${x.outcome.message}`);
  return lines;
}

const MARK: Record<Verdict["level"], string> = { pass: "✓", fail: "✗", warn: "!", info: "·" };

function fence(body: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}text\n${body}\n${ticks}`;
}

/** Markdown-inert text for headings and list items: no HTML, no link or emphasis syntax takes effect. */
function inline(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/([\\`*_[\]<>#|!])/g, "\\$1");
}

function describeTarget(state: ShareState): string {
  const t = state.target;
  switch (t.kind) {
    case "demo":
      return `embedded ${t.server} server over ${t.transport === "http" ? "Streamable HTTP" : "stdio"}`;
    case "stdio":
      return `stdio command ${[t.command, ...t.args].map((a) => (/[\s"'\\]/.test(a) || a === "" ? JSON.stringify(a) : a)).join(" ")}`;
    case "http":
      return `Streamable HTTP ${t.url}`;
  }
}

export function markdownTranscript(state: ShareState, opts: { foldMeta?: boolean } = {}): string {
  const out: string[] = [`# ${inline(state.title ?? "MCP Playground session")}`, ""];
  if (state.about) out.push(inline(state.about), "");
  out.push(`- Target: ${inline(describeTarget(state))}`);
  out.push(`- Era: ${state.era}; protocol version ${inline(state.protocolVersion)}; declared capabilities \`${JSON.stringify(state.capabilities)}\``);
  if (state.omitted.length > 0) out.push(`- Left out when shared: ${state.omitted.map(inline).join("; ")}`);
  out.push("");
  state.exchanges.forEach((recorded, i) => {
    const x = toExchange(recorded, i);
    const title = recorded.label ? ` ${inline(recorded.label)}` : "";
    out.push(`## ${i + 1}.${title} (${inline(recorded.targetLabel)}, ${recorded.durationMs} ms)`, "");
    out.push(fence(arrowLines(x, opts.foldMeta ?? true).join("\n")), "");
    for (const v of recorded.verdicts ?? []) out.push(`- ${MARK[v.level]} ${inline(v.text)}`);
    if (recorded.verdicts?.length) out.push("");
  });
  if (state.exchanges.length === 0) out.push("_No exchanges recorded._", "");
  return out.join("\n");
}
