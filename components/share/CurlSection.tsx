"use client";
/** Copy as curl: the editor's frame for the current HTTP target, or a recorded HTTP request exactly as sent. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { WireEvent } from "@/lib/bridge/contract";
import { selectSendHeaders, selectTarget, type SessionState } from "@/lib/session";
import { curlForFrame, curlForRecordedRequest, type ToolLike } from "@/lib/share/curl";
import { Button, WarningLines } from "../ui";
import { copyText } from "./download";
import { replyFrame } from "@/lib/protocol/exchange";
import { say as sayMsg, type Msg } from "@/lib/i18n/translate";

type HttpRequestEvent = Extract<WireEvent, { kind: "http-request" }>;

/** The URL the current target answers on, as seen from this browser. */
function targetUrl(
  state: SessionState,
  say: (key: string) => string,
): { url: string; headers: [string, string][] } | { problem: string } {
  const view = selectTarget(state);
  if (view.kind !== "ready") return { problem: view.problem };
  const t = view.target;
  const extra = Object.entries(selectSendHeaders(state, view.key, state.editor.text) ?? {});
  if (t.kind === "http") return { url: t.url, headers: [...Object.entries(t.headers ?? {}), ...extra] };
  if (t.kind === "demo" && t.transport === "http") {
    // Embedded servers answer inside the playground at /api/demo/<name>; server-everything is its own process.
    if (t.server !== "everything") return { url: `${window.location.origin}/api/demo/${t.server}`, headers: extra };
    const known = state.processes[view.key];
    const url = known?.status === "known" ? known.value.url : undefined;
    return url ? { url, headers: extra } : { problem: say("shareTools.curl.everythingPort") };
  }
  return { problem: say("shareTools.curl.httpOnly") };
}

/** The tools of the latest tools/list answer, for Mcp-Param-* headers. */
function latestTools(state: SessionState): ToolLike[] {
  for (const e of [...state.entries].reverse()) {
    if (e.phase.status !== "done" || e.phase.exchange.outcome.kind !== "response") continue;
    const tools = (replyFrame(e.phase.exchange) as { result?: { tools?: unknown } } | null | undefined)?.result?.tools;
    if (Array.isArray(tools)) return tools as ToolLike[];
  }
  return [];
}

/** Which command is shown: the editor's frame, or a recorded request by its seq (said in the language chosen now). */
type What = "editor" | number;

export function CurlSection({ state }: { state: SessionState }) {
  const t = useTranslations();
  const [shown, setShown] = useState<{ command: string; notes: Msg[]; what: What } | null>(null);
  const [copied, setCopied] = useState<What | null>(null);
  const where = targetUrl(state, t);
  const whatLabel = (what: What) =>
    what === "editor" ? t("shareTools.curl.whatEditor") : t("shareTools.curl.whatRequest", { seq: what });
  const recorded = state.entries.flatMap((e) => {
    const event =
      e.phase.status === "done"
        ? e.phase.exchange.events.find((ev): ev is HttpRequestEvent => ev.kind === "http-request")
        : undefined;
    return event ? [{ seq: e.seq, event }] : [];
  });

  async function show(command: string, notes: Msg[], what: What) {
    setShown({ command, notes, what });
    setCopied((await copyText(command)) ? what : null);
  }

  return (
    <section className="flex flex-col gap-2 text-xs" data-testid="curl-section">
      <h3 className="font-semibold">{t("shareTools.curl.title")}</h3>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          data-testid="curl-editor"
          disabled={"problem" in where}
          onClick={() => {
            if (!("url" in where)) return;
            const curl = curlForFrame(where.url, state.editor.text, {
              extraHeaders: where.headers,
              tools: latestTools(state),
            });
            void show(curl.command, curl.noteMsgs, "editor");
          }}
        >
          {t("shareTools.curl.editorFrame")}
        </Button>
        {"problem" in where ? <span className="text-slate-600 dark:text-slate-400">{where.problem}</span> : null}
        {recorded.map(({ seq, event }) => (
          <Button
            key={seq}
            data-testid="curl-recorded"
            data-seq={seq}
            onClick={() => void show(curlForRecordedRequest(event), [], seq)}
          >
            {t("shareTools.curl.asSent", { seq })}
          </Button>
        ))}
      </div>
      {shown ? (
        <div>
          <p className="text-slate-600 dark:text-slate-400">
            {t(copied === shown.what ? "shareTools.curl.quotedCopied" : "shareTools.curl.quoted", {
              what: whatLabel(shown.what),
            })}
          </p>
          <pre
            data-testid="curl-command"
            className="overflow-x-auto whitespace-pre rounded bg-slate-900 p-2 font-mono text-[11px] text-slate-100"
          >
            {shown.command}
          </pre>
          <WarningLines lines={shown.notes.map((n) => sayMsg(n, t))} />
        </div>
      ) : null}
    </section>
  );
}
