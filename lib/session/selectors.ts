/** Pure views of the session state: components render what these return and decide nothing themselves. */
import type { Exchange, Target } from "../bridge/contract";
import { targetKey, targetLabel, targetTransport } from "../bridge/target";
import { errorCodeName } from "../protocol/errors";
import { englishT, say, type Translate } from "../i18n/translate";
import { draftFrame, type FrameDraft } from "../protocol/frame";
import { asObject } from "../protocol/json";
import { splitCommandLine } from "../bridge/command-line";
import { presetById } from "./presets";
import {
  ownLabel,
  type KeyValue,
  type ProcessView,
  type SessionState,
  type TimelineEntry,
  type VerdictState,
  type HttpSession,
} from "./state";
import { eventFrame, replyFrame, type WireEvent } from "../protocol/exchange";

export type TargetView =
  | { kind: "ready"; target: Target; key: string; label: string; transport: "stdio" | "http" }
  | { kind: "incomplete"; problem: string };

function rows(list: KeyValue[]): Record<string, string> | undefined {
  const filled = list.filter((r) => r.key.trim() !== "");
  return filled.length ? Object.fromEntries(filled.map((r) => [r.key.trim(), r.value])) : undefined;
}

/** The view of a given target (a replayed frame's own target), always ready. */
export function targetView(target: Target): Extract<TargetView, { kind: "ready" }> {
  return ready(target) as Extract<TargetView, { kind: "ready" }>;
}

function ready(target: Target): TargetView {
  return {
    kind: "ready",
    target,
    key: targetKey(target),
    label: targetLabel(target),
    transport: targetTransport(target),
  };
}

export function selectTarget(state: SessionState): TargetView {
  const preset = presetById(state.preset);
  if (preset.target) return ready(preset.target);
  if (preset.id === "custom-stdio") {
    const split = splitCommandLine(state.customStdio.commandLine);
    if (!split.ok) return { kind: "incomplete", problem: split.error };
    const [command, ...args] = split.argv;
    const cwd = state.customStdio.cwd.trim() || undefined;
    return ready({
      kind: "stdio",
      command,
      args,
      ...(cwd ? { cwd } : {}),
      ...(rows(state.customStdio.env) ? { env: rows(state.customStdio.env) } : {}),
    });
  }
  const url = state.customHttp.url.trim();
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      kind: "incomplete",
      problem: "Type an http:// or https:// URL of a Streamable HTTP endpoint, e.g. http://127.0.0.1:3001/mcp",
    };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return { kind: "incomplete", problem: "The URL must start with http:// or https://." };
  const headers = rows(state.customHttp.headers);
  return ready({ kind: "http", url, ...(headers ? { headers } : {}) });
}

/** Targets with a process the bridge keeps up: stdio commands, and server-everything serving HTTP. */
export function targetHasProcess(target: Target): boolean {
  return (
    target.kind === "stdio" ||
    (target.kind === "demo" && (target.transport === "stdio" || target.server === "everything"))
  );
}

/** Per-send headers: a remembered legacy session rides along, except on a new initialize (text, or a parsed draft). */
export function selectSendHeaders(
  state: SessionState,
  key: string,
  frame: string | FrameDraft,
): Record<string, string> | undefined {
  const session = state.sessions[key];
  if (!session) return undefined;
  const draft = typeof frame === "string" ? draftFrame(frame) : frame;
  if (draft.json.ok && asObject(draft.json.value)?.method === "initialize") return undefined;
  return {
    "Mcp-Session-Id": session.sessionId,
    ...(session.protocolVersion ? { "MCP-Protocol-Version": session.protocolVersion } : {}),
  };
}

export function selectSession(state: SessionState, key: string): HttpSession | undefined {
  return state.sessions[key];
}

export function selectVerdict(state: SessionState, key: string): VerdictState | undefined {
  return state.verdicts[key];
}

export function selectProcess(state: SessionState, key: string): ProcessView | undefined {
  return state.processes[key];
}

/**
 * The panels that probe a server with input_required calls and never retry them, by the label their frames carry
 * (lib/checks/panel.ts sessionSend: "check …"; the connection doctor: "doctor …").
 */
const PROBING_PANELS: { prefix: string; name: string }[] = [
  { prefix: "check ", name: "the Checks run" },
  { prefix: "doctor ", name: "Diagnose connection" },
];

/**
 * sendId → why its conversation is over: a panel's probe that needed only the input_required reply (nobody waits
 * for the user). A link's recorded cards ("recorded · check …") count too.
 */
export function endedByPanels(entries: TimelineEntry[]): Record<string, string> {
  const ended: Record<string, string> = {};
  for (const e of entries) {
    const label = ownLabel(e.label) ?? "";
    const panel = PROBING_PANELS.find((p) => label.startsWith(p.prefix));
    if (panel) ended[e.sendId] = `ended by ${panel.name}: it needed only this input_required reply and sent no retry`;
  }
  return ended;
}

/** The exchanges that finished, oldest first. */
export function doneExchanges(entries: TimelineEntry[]): Exchange[] {
  return entries.flatMap((e) => (e.phase.status === "done" ? [e.phase.exchange] : []));
}

export function selectPending(state: SessionState): TimelineEntry[] {
  return state.entries.filter((e) => e.phase.status === "pending");
}

export type OutcomeBadge =
  | { kind: "pending"; text: string }
  | { kind: "response"; text: string }
  | { kind: "error"; code: number; text: string }
  | { kind: "notification"; text: string }
  | { kind: "failure"; failure: string; text: string }
  | { kind: "bridge-error"; text: string };

export function outcomeBadge(exchange: Exchange, t: Translate = englishT): OutcomeBadge {
  const { outcome } = exchange;
  if (outcome.kind === "notification") return { kind: "notification", text: t("badge.notification") };
  if (outcome.kind === "failure")
    return { kind: "failure", failure: outcome.failure, text: t("badge.failure", { failure: outcome.failure }) };
  const error = (replyFrame(exchange) as { error?: { code?: unknown } } | null | undefined)?.error;
  if (error && typeof error.code === "number")
    return {
      kind: "error",
      code: error.code,
      text: t("badge.error", { code: error.code, name: errorCodeName(error.code) }),
    };
  return { kind: "response", text: t("badge.response") };
}

export function entryBadge(entry: TimelineEntry, t: Translate = englishT): OutcomeBadge {
  switch (entry.phase.status) {
    case "pending":
      return { kind: "pending", text: t("badge.pending") };
    case "bridge-error":
      return { kind: "bridge-error", text: t("badge.bridgeRefused", { kind: entry.phase.kind }) };
    case "done":
      return outcomeBadge(entry.phase.exchange, t);
  }
}

/** One row of the Wire view, in arrival order, with what the UI must flag about it. */
export type WireRow =
  | { kind: "stdin"; t: number; text: string }
  | {
      kind: "stdout";
      t: number;
      text: string;
      isFrame: boolean;
      parseError?: string;
      unsolicited: boolean;
      partial: boolean;
      invalidUtf8: boolean;
    }
  | { kind: "stderr"; t: number; text: string; unsolicited: boolean }
  | { kind: "spawn"; t: number; pid: number; argv: string[]; cwd?: string }
  | { kind: "exit"; t: number; pid: number; how: string; unsolicited: boolean }
  | {
      kind: "http-request";
      t: number;
      requestLine: string;
      headers: { name: string; value: string; added: boolean; transport: boolean; perSend: boolean }[];
      body: string;
    }
  | { kind: "http-response"; t: number; statusLine: string; headers: { name: string; value: string }[] }
  | { kind: "sse-event"; t: number; event?: string; id?: string; data: string; priming: boolean; parseError?: string }
  | { kind: "http-body"; t: number; text: string; isFrame: boolean; truncated: boolean }
  | { kind: "note"; t: number; text: string };

/** A line or body that may hold a frame: when it came, its text, and whether it read as a frame. */
function framedText(e: Extract<WireEvent, { kind: "stdout" | "http-body" }>) {
  return { t: e.t, text: e.text, isFrame: eventFrame(e) !== undefined };
}

/** `perSend`: names of the headers the playground asked for on this send (a remembered legacy session). */
export function wireRows(exchange: Exchange, perSend: string[] = []): WireRow[] {
  const asked = new Set(perSend.map((n) => n.toLowerCase()));
  return exchange.events.map((e): WireRow => {
    switch (e.kind) {
      case "stdin":
        return { kind: "stdin", t: e.t, text: e.text };
      case "stdout":
        return {
          kind: "stdout",
          ...framedText(e),
          parseError: e.parseError,
          unsolicited: !!e.unsolicited,
          partial: !!e.partial,
          invalidUtf8: !!e.invalidUtf8,
        };
      case "stderr":
        return { kind: "stderr", t: e.t, text: e.text, unsolicited: !!e.unsolicited };
      case "spawn":
        return { kind: "spawn", t: e.t, pid: e.pid, argv: e.argv, cwd: e.cwd };
      case "exit":
        return {
          kind: "exit",
          t: e.t,
          pid: e.pid,
          how: e.signal ? `signal ${e.signal}` : `code ${e.code}`,
          unsolicited: !!e.unsolicited,
        };
      case "http-request": {
        const added = new Set(e.added.map((n) => n.toLowerCase()));
        const transport = new Set((e.transport ?? []).map((n) => n.toLowerCase()));
        return {
          kind: "http-request",
          t: e.t,
          requestLine: `${e.method} ${e.url}`,
          headers: e.headers.map(([name, value]) => {
            const lower = name.toLowerCase();
            return { name, value, added: added.has(lower), transport: transport.has(lower), perSend: asked.has(lower) };
          }),
          body: e.body,
        };
      }
      case "http-response":
        return {
          kind: "http-response",
          t: e.t,
          statusLine: `HTTP ${e.status} ${e.statusText}`.trimEnd(),
          headers: e.headers.map(([name, value]) => ({ name, value })),
        };
      case "sse-event":
        return {
          kind: "sse-event",
          t: e.t,
          event: e.event,
          id: e.id,
          data: e.data,
          priming: e.data === "",
          parseError: e.parseError,
        };
      case "http-body":
        return { kind: "http-body", ...framedText(e), truncated: !!e.truncated };
      case "note":
        return { kind: "note", t: e.t, text: e.text };
    }
  });
}

/** "legacy — server/discover answered -32601 …", in the reader's language when a translator is given. */
export function verdictText(verdict: Extract<VerdictState, { status: "done" }>, t: Translate = englishT): string {
  const reason = verdict.reasonMsg ? say(verdict.reasonMsg, t) : verdict.reason;
  return `${t(`target.era.${verdict.era}`)}${verdict.version ? ` (${verdict.version})` : ""} — ${reason}`;
}
