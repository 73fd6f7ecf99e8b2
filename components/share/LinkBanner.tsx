"use client";
/** Shown when the page holds a state from a link or a session file: what it is, what was left out, Run live. */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { commandsToConfirm, livePlan, spawnConfirmation, type LiveResult, liveResultText } from "@/lib/share/live";
import type { ShareState } from "@/lib/share/state";
import { say, type Translate } from "@/lib/i18n/translate";
import { BulletList, Button } from "../ui";
import { RunLiveDialog } from "./RunLiveDialog";

const MARK = { pass: "✓", fail: "✗", warn: "!", info: "·" } as const;
const TONE = {
  pass: "text-emerald-800 dark:text-emerald-300",
  fail: "text-red-800 dark:text-red-300",
  warn: "text-amber-800 dark:text-amber-300",
  info: "",
} as const;

function targetWords(target: Target, t: Translate): string {
  if (target.kind === "demo")
    return t("linkBanner.demoTarget", {
      server: target.server,
      transport: target.transport === "http" ? "Streamable HTTP" : "stdio",
    });
  if (target.kind === "http") return target.url;
  if (target.kind === "replay") return t("linkBanner.replayTarget", { cassette: target.cassette });
  return t("linkBanner.stdioTarget", { argv: JSON.stringify([target.command, ...target.args]) });
}

/** "a, b and c" in the reader's language. */
function listWords(items: string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(items);
}

export function LinkBanner({
  share,
  source,
  migratedFrom,
  running,
  result,
  onRunLive,
  onClose,
}: {
  share: ShareState;
  source: "link" | "file";
  migratedFrom?: number;
  running: boolean;
  /** What Run live did (the banner then says so, and Run live is done). */
  result: LiveResult | null;
  /** `confirmed` maps each stdio command of the link to the one the user confirmed (env values typed in). */
  onRunLive: (confirmed: Map<string, Target>) => void;
  onClose: () => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  const plan = livePlan(share);
  const commands = commandsToConfirm(plan);
  // The commands confirmed so far, in order; the dialog asks for the next one.
  const [confirming, setConfirming] = useState<Map<string, Target> | null>(null);
  const next = confirming ? commands.find((c) => !confirming.has(targetKey(c))) : undefined;
  const confirmation = next ? spawnConfirmation(next) : null;
  const count = share.exchanges.length;
  const sendable = plan.steps.filter((s) => s.target).length;
  const skipped = plan.steps.filter((s) => !s.target);
  const start = (done: Map<string, Target>) => {
    if (commands.every((c) => done.has(targetKey(c)))) {
      setConfirming(null);
      onRunLive(done);
    } else setConfirming(done);
  };
  return (
    <section
      data-testid="link-banner"
      data-source={source}
      aria-label={t("linkBanner.ariaLabel")}
      className="flex flex-col gap-1 rounded border border-sky-300 bg-sky-50 p-2 text-xs text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <div className="flex flex-wrap items-center gap-2">
        <strong data-testid="link-banner-notice">
          {result
            ? liveResultText(result, t)
            : running
              ? t("linkBanner.sending")
              : source === "link"
                ? t("linkBanner.openedLink")
                : t("linkBanner.openedFile")}
        </strong>
        <span data-testid="link-targets">
          {t("linkBanner.recorded", {
            count,
            targets: listWords(
              plan.targets
                .map((target) => targetWords(target, t))
                .concat(skipped.length ? [t("linkBanner.undescribed")] : []),
              locale,
            ),
          })}
          {migratedFrom !== undefined ? t("linkBanner.olderLink", { version: migratedFrom }) : ""}
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            tone="primary"
            data-testid="run-live"
            disabled={running || result !== null || sendable === 0}
            onClick={() => start(new Map())}
            title={result ? t("linkBanner.alreadySent") : t("linkBanner.sendAgain")}
          >
            {running
              ? t("linkBanner.running")
              : result
                ? t("linkBanner.sent")
                : plan.targets.length > 1
                  ? t("linkBanner.runLiveTargets", { frames: sendable, targets: plan.targets.length })
                  : t("linkBanner.runLive", { frames: sendable })}
          </Button>
          <Button data-testid="close-link" onClick={onClose}>
            {t("linkBanner.close")}
          </Button>
        </span>
      </div>
      {share.title ? (
        <p data-testid="link-title" className="text-sm font-semibold">
          {share.title}
        </p>
      ) : null}
      {share.about ? <p data-testid="link-about">{share.about}</p> : null}
      {share.exchanges.some((x) => x.verdicts?.length) ? (
        <ol data-testid="link-verdicts" className="ml-5 list-decimal space-y-0.5">
          {share.exchanges.map((x, i) => (
            <li key={i}>
              {x.label ? <span className="font-medium">{x.label}: </span> : null}
              {(x.verdicts ?? []).map((v, j) => (
                <span key={j} data-testid="link-verdict" data-level={v.level} className={`${TONE[v.level]} mr-2`}>
                  {MARK[v.level]} {v.text}
                </span>
              ))}
            </li>
          ))}
        </ol>
      ) : null}
      {plan.targets.length > 1 ? (
        <p data-testid="link-target-plan">
          {t("linkBanner.plan", {
            plan: plan.targets
              .map(
                (target) =>
                  `#${plan.steps
                    .filter((s) => s.target && targetKey(s.target) === targetKey(target))
                    .map((s) => s.index)
                    .join(", #")} → ${targetWords(target, t)}`,
              )
              .join("; "),
          })}
        </p>
      ) : null}
      {skipped.length > 0 ? (
        <ul data-testid="link-skipped" className="ml-4 list-disc text-amber-900 dark:text-amber-200">
          {skipped.map((s) => (
            <li key={s.index} data-testid="link-skipped-frame">
              {t("linkBanner.skipped", { index: s.index, reason: s.skipMsg ? say(s.skipMsg, t) : (s.skip ?? "") })}
            </li>
          ))}
        </ul>
      ) : null}
      {commands.length > 0 ? (
        <p data-testid="link-stdio-note">{t("linkBanner.stdioNote", { count: commands.length })}</p>
      ) : null}
      {share.omitted.length > 0 ? (
        <details data-testid="link-omitted">
          <summary className="cursor-pointer">{t("linkBanner.omitted", { count: share.omitted.length })}</summary>
          <BulletList lines={share.omitted} />
        </details>
      ) : null}
      {confirming && next && confirmation ? (
        <RunLiveDialog
          key={targetKey(next)}
          target={next}
          confirmation={confirmation}
          onCancel={() => setConfirming(null)}
          onConfirm={(target) => start(new Map(confirming).set(targetKey(next), target))}
        />
      ) : null}
    </section>
  );
}
