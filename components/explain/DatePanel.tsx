"use client";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { dateTranscript, REVISIONS, transcriptFromExchanges } from "@/lib/explain";
import { doneExchanges } from "@/lib/session/selectors";
import type { PanelProps } from "../playground/types";
import { Button, PanelSection } from "../ui";
import { LevelBadge } from "./LevelBadge";

/** The example under the placeholder's sentence: wire content, never translated. */
const EXAMPLE = `→ {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}
Mcp-Session-Id: 1868a90c-3c2d-4a8f-9e60-43a5a2e4e4b5`;

/** "Date a transcript": which revisions a pasted text fits, why, and what it teaches that is no longer current. */
export function DatePanel({ state }: PanelProps) {
  const t = useTranslations();
  const [text, setText] = useState("");
  const dating = useMemo(() => (text.trim() ? dateTranscript(text, t) : null), [text, t]);
  const exchanges = doneExchanges(state.entries);
  return (
    <PanelSection
      data-testid="date-panel"
      gap="gap-2"
      title={t("dating.title")}
      subtitle={t("dating.subtitle")}
      actions={
        <>
          <Button
            data-testid="date-use-timeline"
            disabled={exchanges.length === 0}
            onClick={() => setText(transcriptFromExchanges(exchanges))}
          >
            {t("dating.useTimeline")}
          </Button>
          <Button data-testid="date-clear" disabled={!text} onClick={() => setText("")}>
            {t("dating.clear")}
          </Button>
        </>
      }
    >
      <textarea
        data-testid="date-input"
        aria-label={t("dating.input")}
        spellCheck={false}
        value={text}
        placeholder={`${t("dating.placeholder")}\n\n${EXAMPLE}`}
        onChange={(e) => setText(e.target.value)}
        className="h-40 w-full rounded border border-slate-300 bg-white p-2 font-mono text-[11px] text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
      {dating ? <DatingResult dating={dating} /> : null}
    </PanelSection>
  );
}

/** The dating of a transcript: the revisions it fits, the summary, what is deprecated or removed, and the reasons. */
function DatingResult({ dating }: { dating: NonNullable<ReturnType<typeof dateTranscript>> }) {
  const t = useTranslations();
  return (
    <div className="space-y-2 text-xs" data-testid="date-result" data-revisions={dating.revisions.join(",")}>
      <div className="flex flex-wrap items-center gap-1" aria-label={t("dating.revisions")}>
        {REVISIONS.map((r) => (
          <span
            key={r}
            data-testid="date-revision"
            data-fits={dating.revisions.includes(r)}
            className={`rounded px-1.5 py-0.5 font-mono text-[11px] ${dating.revisions.includes(r) ? "bg-emerald-700 text-white" : "bg-slate-100 text-slate-600 line-through dark:bg-slate-800 dark:text-slate-400"}`}
          >
            {r}
          </span>
        ))}
      </div>
      <p data-testid="date-summary" className="text-slate-800 dark:text-slate-100">
        {dating.summary}
      </p>
      {dating.deprecatedOrRemoved.length > 0 ? (
        <div>
          <h3 className="font-semibold">{t("dating.lifecycle")}</h3>
          <ul className="space-y-1" data-testid="date-lifecycle">
            {dating.deprecatedOrRemoved.map((f) => (
              <li key={f.feature} className="flex flex-wrap items-baseline gap-1.5">
                <LevelBadge annotation={f} />
                <span className="font-medium">{f.feature}</span>
                <span className="text-slate-600 dark:text-slate-300">{f.text}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <details open={dating.reasons.length <= 8}>
        <summary className="cursor-pointer font-semibold">{t("dating.why", { count: dating.reasons.length })}</summary>
        <table className="mt-1 w-full text-left text-[11px]">
          <tbody>
            {dating.reasons.map((r) => (
              <tr
                key={r.feature}
                data-testid="date-reason"
                className="border-t border-slate-200 align-top dark:border-slate-700"
              >
                <td className="py-0.5 pr-2 font-medium">
                  {r.feature}
                  {r.note ? (
                    <span className="block font-normal text-slate-600 dark:text-slate-400">{r.note}</span>
                  ) : null}
                </td>
                <td className="py-0.5 pr-2 font-mono whitespace-nowrap">{r.revisions.join(" ")}</td>
                <td className="py-0.5 break-all font-mono text-slate-600 dark:text-slate-400">{r.evidence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
