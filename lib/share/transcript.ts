/**
 * The Markdown transcript of a session, in the chapter's arrow style:
 *
 *   → tools/call {"_meta":{…},"name":"create_event","arguments":{"title":"Dentist"}}
 *   ← {"resultType":"input_required",…}
 *
 * Each exchange is a fenced block (the fence grows past any backtick run in the content, so nothing a server
 * sends can close it early), followed by its verdicts. Secrets are stripped first, as for a link. Pure.
 */
import { activeEmulation, emulationText } from "../protocol/emulation";
import { traceLines } from "../protocol/trace";
import { stripSecrets, type StripOptions } from "./secrets";
import type { ShareState, Verdict } from "./state";
import { toExchange } from "./state";

const MARK: Record<Verdict["level"], string> = { pass: "✓", fail: "✗", warn: "!", info: "·" };

function fence(body: string): string {
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = "`".repeat(longest + 1);
  return `${ticks}text\n${body}\n${ticks}`;
}

/**
 * Markdown-inert text for headings and list items: no HTML, no link or emphasis syntax takes effect, and no
 * GFM autolink forms (scheme://, www., user@host) — a renderer would turn those into links.
 */
function inline(text: string): string {
  return text
    .replace(/\r?\n/g, " ")
    .replace(/([\\`*_[\]<>#|!@~])/g, "\\$1")
    .replace(/:\/\//g, "\\://")
    .replace(/\b(www)\./gi, "$1\\.");
}

/** An inline code span that no backtick run inside can close (CommonMark: a longer fence, padded). */
function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, " ");
  const ticks = "`".repeat(Math.max(0, ...[...flat.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
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
    case "replay":
      return `replay of the ${t.cassette} recording (cassette; nothing runs)`;
  }
}

export function markdownTranscript(shared: ShareState, opts: { foldMeta?: boolean } & StripOptions = {}): string {
  const state = stripSecrets(shared, { knownSecrets: opts.knownSecrets }).state;
  const out: string[] = [`# ${inline(state.title ?? "MCP Playground session")}`, ""];
  if (state.about) out.push(inline(state.about), "");
  out.push(`- Target: ${inline(describeTarget(state))}`);
  out.push(
    `- Era: ${state.era}; protocol version ${inline(state.protocolVersion)}; declared capabilities ${codeSpan(JSON.stringify(state.capabilities))}`,
  );
  const emulating = activeEmulation(state.emulate);
  if (emulating) out.push(`- Client emulation: ${inline(emulationText(emulating))}`);
  if (state.omitted.length > 0) out.push(`- Left out when shared: ${state.omitted.map(inline).join("; ")}`);
  out.push("");
  state.exchanges.forEach((recorded, i) => {
    const x = toExchange(recorded, i);
    const title = recorded.label ? ` ${inline(recorded.label)}` : "";
    out.push(`## ${i + 1}.${title} (${inline(recorded.targetLabel)}, ${recorded.durationMs} ms)`, "");
    out.push(
      fence(
        traceLines(x, { foldMeta: opts.foldMeta ?? true })
          .map((l) => l.text)
          .join("\n"),
      ),
      "",
    );
    // As the card says it: sent the way a less capable client would, and what that changed in the frame.
    const { emulation } = recorded;
    if (emulation)
      out.push(
        `- Emulating: ${inline(emulation.text + (emulation.changes.length ? ` — ${emulation.changes.join("; ")}` : ""))}`,
      );
    for (const v of recorded.verdicts ?? []) out.push(`- ${MARK[v.level]} ${inline(v.text)}`);
    if (recorded.verdicts?.length || emulation) out.push("");
  });
  if (state.exchanges.length === 0) out.push("_No exchanges recorded._", "");
  return out.join("\n");
}
