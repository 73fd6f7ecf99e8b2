"use client";
import { useTranslations } from "next-intl";
import { say } from "@/lib/i18n/translate";
import { useState } from "react";
import type { ServerEra } from "@/lib/explain/types";
import { traceLines } from "@/lib/protocol/trace";
import { entryBadge, type TimelineEntry } from "@/lib/session";
import { LazyErrorCards, LazyExplainExchange } from "../explain/LazyExchangeExplain";
import { Button } from "../ui";
import { Badge } from "./Badge";
import { FIRST_RUN_REASON, FIRST_RUN_TIMEOUT_MS, downloadsOnFirstRun } from "@/lib/session/first-run";
import { rpcIdText } from "@/lib/session/ids";
import { InputRequiredPointer } from "./InputRequiredPointer";
import { PrettyView } from "./PrettyView";
import { TraceBlock } from "./TraceBlock";
import { WireView } from "./WireView";
import { ExchangeCacheBadge } from "../cache/ExchangeCacheBadge";
import type { CacheRuntime } from "@/lib/cache/runtime";

function Meta({ children }: { children: React.ReactNode }) {
  return <span className="text-slate-600 dark:text-slate-400">{children}</span>;
}

function pendingLines(entry: TimelineEntry) {
  return traceLines({
    sent: entry.sent,
    received: [],
    timeoutMs: entry.timeoutMs,
    outcome: { kind: "notification", note: "" },
  }).slice(0, 1);
}

/** One exchange: what was sent, what came back, and (on demand) every byte that crossed. */
export function ExchangeCard({
  entry,
  onCancel,
  era = "unknown",
  cache,
  focused = false,
}: {
  entry: TimelineEntry;
  onCancel: (sendId: string) => void;
  era?: ServerEra;
  cache?: CacheRuntime;
  /** Another panel asked to show this exchange (a check's evidence). */
  focused?: boolean;
}) {
  const [foldMeta, setFoldMeta] = useState(true);
  const [pretty, setPretty] = useState(false);
  const rpcId = rpcIdText(entry.sent);
  const [wire, setWire] = useState(false);
  const [explain, setExplain] = useState(false);
  const t = useTranslations();
  // The three ways to read the exchange, each toggled on its own: the raw wire, pretty JSON, the explanation.
  const views = [
    { testId: "toggle-wire", on: wire, set: setWire, label: t("card.wire"), title: t("card.wireTitle") },
    { testId: "toggle-pretty", on: pretty, set: setPretty, label: t("card.pretty"), title: t("card.prettyTitle") },
    { testId: "toggle-explain", on: explain, set: setExplain, label: t("card.explain"), title: t("card.explainTitle") },
  ];
  const badge = entryBadge(entry, t);
  const { phase } = entry;
  const exchange = phase.status === "done" ? phase.exchange : null;
  const lines = exchange ? traceLines(exchange, { foldMeta }) : pendingLines(entry);
  const stderrTail = exchange?.outcome.kind === "failure" ? exchange.outcome.stderrTail : undefined;
  return (
    <article
      data-testid="exchange-card"
      data-seq={entry.seq}
      data-send-id={entry.sendId}
      data-status={badge.kind}
      data-focused={focused ? "true" : undefined}
      className={`space-y-1.5 rounded border bg-white p-2 shadow-sm dark:bg-slate-900 ${focused ? "border-amber-500 ring-2 ring-amber-400" : "border-slate-200 dark:border-slate-700"}`}
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="font-mono font-semibold text-slate-800 dark:text-slate-100">#{entry.seq}</span>
        {rpcId !== undefined ? (
          <span
            data-testid="exchange-rpc-id"
            title={t("card.rpcIdTitle")}
            className="font-mono text-slate-600 dark:text-slate-300"
          >
            id {rpcId}
          </span>
        ) : null}
        {entry.label ? (
          <span data-testid="exchange-label" className="font-medium text-violet-700 dark:text-violet-300">
            {entry.labelMsg ? say(entry.labelMsg, t) : entry.label}
          </span>
        ) : null}
        <Meta>{entry.targetLabel}</Meta>
        <Meta>· {entry.transport === "http" ? "Streamable HTTP" : "stdio"}</Meta>
        {exchange ? <Meta>· {t("card.ms", { ms: Math.round(exchange.durationMs) })}</Meta> : null}
        <Meta>
          · {t("card.timeout", { ms: entry.timeoutMs })}
          {entry.timeoutMs === FIRST_RUN_TIMEOUT_MS && downloadsOnFirstRun(entry.target) ? (
            <span data-testid="first-run-note"> ({FIRST_RUN_REASON})</span>
          ) : null}
        </Meta>
        {exchange?.http ? <Meta>· HTTP {exchange.http.status}</Meta> : null}
        {exchange?.process ? (
          <Meta>
            · pid {exchange.process.pid}
            {exchange.process.fresh ? t("card.fresh") : ""}
          </Meta>
        ) : null}
        <Badge badge={badge} />
        {entry.oneLined ? (
          <span
            data-testid="one-line-tag"
            title={t("card.oneLineTitle")}
            className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-700 dark:bg-slate-800 dark:text-slate-200"
          >
            {t("card.oneLine")}
          </span>
        ) : null}
        {entry.emulation ? (
          <span
            data-testid="emulation-tag"
            title={entry.emulation.changes.join("\n") || t("card.emulationNothing")}
            className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          >
            {t("card.emulating", { what: entry.emulation.text })}
            {entry.emulation.changes.length ? ` — ${entry.emulation.changes.join("; ")}` : ""}
          </span>
        ) : null}
        {entry.notJson ? (
          <span
            data-testid="not-json-tag"
            className="rounded bg-red-100 px-1.5 py-0.5 text-[11px] font-semibold text-red-800 dark:bg-red-900 dark:text-red-200"
          >
            {t("card.notJson")}
          </span>
        ) : null}
        <span className="ml-auto flex gap-1">
          {phase.status === "pending" ? (
            <Button tone="danger" onClick={() => onCancel(entry.sendId)}>
              {t("common.cancel")}
            </Button>
          ) : null}
          {exchange ? (
            <>
              <Button
                data-testid="toggle-meta"
                aria-pressed={!foldMeta}
                onClick={() => setFoldMeta(!foldMeta)}
                title={t("card.foldMetaTitle")}
              >
                {foldMeta ? t("card.showMeta") : t("card.foldMeta")}
              </Button>
              {views.map((v) => (
                <Button
                  key={v.testId}
                  data-testid={v.testId}
                  aria-pressed={v.on}
                  onClick={() => v.set(!v.on)}
                  title={v.title}
                >
                  {v.label}
                </Button>
              ))}
            </>
          ) : null}
        </span>
      </header>
      {exchange?.idReuse ? (
        <p data-testid="exchange-id-reuse" className="text-xs text-amber-700 dark:text-amber-300">
          ⚠ {exchange.idReuse}
        </p>
      ) : null}
      {exchange && pretty ? <PrettyView exchange={exchange} foldMeta={foldMeta} /> : <TraceBlock lines={lines} />}
      {exchange ? <InputRequiredPointer exchange={exchange} /> : null}
      <ExchangeCacheBadge entry={entry} cache={cache} />
      {exchange ? <LazyErrorCards exchange={exchange} /> : null}
      {exchange && explain ? <LazyExplainExchange exchange={exchange} era={era} /> : null}
      {phase.status === "pending" ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("card.waiting", { ms: entry.timeoutMs })}</p>
      ) : null}
      {phase.status === "bridge-error" ? (
        <p className="text-xs text-red-700 dark:text-red-300">
          {t("card.bridgeError", { kind: phase.kind, message: phase.message })}
        </p>
      ) : null}
      {stderrTail && stderrTail.length > 0 ? (
        <div className="text-xs">
          <p className="text-slate-600 dark:text-slate-400">{t("card.stderrTail")}</p>
          <pre className="whitespace-pre-wrap break-all rounded bg-amber-50 p-1 font-mono text-[11px] dark:bg-amber-950">
            {stderrTail.join("\n")}
          </pre>
        </div>
      ) : null}
      {exchange && wire ? <WireView exchange={exchange} perSendHeaders={Object.keys(entry.sendHeaders ?? {})} /> : null}
    </article>
  );
}
