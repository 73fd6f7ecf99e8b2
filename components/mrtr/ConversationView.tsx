"use client";
import { useTranslations } from "next-intl";
/** One conversation: status, the open round's answers, -32021 help, rule marks per round, and the diagram. */
import { say } from "@/lib/i18n/translate";
import { canComposeRetry, diagramOf, explainMissingCapability, type Conversation } from "@/lib/protocol/mrtr";
import { Card, LabeledValue } from "../card";
import { AnswerRound } from "./AnswerRound";
import { MissingCapability } from "./MissingCapability";
import { RoundRules } from "./RuleList";
import { SequenceDiagram } from "./SequenceDiagram";
import type { ConversationActions } from "./actions";

export type { ConversationActions } from "./actions";

const STATUS_TONE: Record<Conversation["status"], string> = {
  complete: "text-emerald-700 dark:text-emerald-300",
  "awaiting-input": "text-amber-700 dark:text-amber-300",
  "round-limit": "text-red-700 dark:text-red-300",
  error: "text-red-700 dark:text-red-300",
  failure: "text-red-700 dark:text-red-300",
  ended: "text-slate-600 dark:text-slate-300",
};

export function ConversationView({
  conversation: c,
  roundLimit,
  initiallyOpen,
  actions,
}: {
  conversation: Conversation;
  roundLimit: number;
  initiallyOpen: boolean;
  actions: ConversationActions;
}) {
  const t = useTranslations();
  const statusText = c.statusMsg ? say(c.statusMsg, t) : c.statusText;
  const end = c.rounds[c.rounds.length - 1];
  const composable = canComposeRetry(c, roundLimit);
  const missing = end.kind === "error" ? explainMissingCapability(end.error) : undefined;
  const diagram = diagramOf(c, t);
  return (
    <Card
      as="details"
      open={initiallyOpen}
      testId="mrtr-conversation"
      data={{ status: c.status, rounds: c.rounds.length }}
    >
      <summary className="cursor-pointer text-xs">
        <span className="font-mono font-semibold">
          {c.method}
          {c.target ? ` ${c.target}` : ""}
        </span>{" "}
        · {t("mrtr.roundsCount", { n: c.rounds.length })} ·{" "}
        <span data-testid="mrtr-total" title={t("mrtr.totalTitle")}>
          {t("card.ms", { ms: Math.round(c.totalMs) })}
        </span>{" "}
        ·{" "}
        <span data-testid="mrtr-status" className={STATUS_TONE[c.status]}>
          {statusText}
        </span>
        {c.overLimit ? (
          <span className="ml-1 text-red-700 dark:text-red-300">{t("mrtr.pastLimit", { limit: roundLimit })}</span>
        ) : null}
      </summary>
      <div className="mt-2 flex flex-col gap-3">
        {c.rounds.map((r) => (
          <RoundRules key={r.sendId} round={r} />
        ))}
        {end.kind === "input_required" && composable.ok && end.view ? (
          <AnswerRound key={end.sendId} conversation={c} round={end} view={end.view} actions={actions} />
        ) : null}
        {c.status === "round-limit" ? (
          <p
            data-testid="mrtr-limit-reached"
            className="rounded bg-red-50 p-2 text-xs text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {statusText} {t("mrtr.forever")}
          </p>
        ) : null}
        {missing ? <MissingCapability explanation={missing} request={end.request} actions={actions} /> : null}
        <SequenceDiagram diagram={diagram} />
        {c.status === "complete" ? (
          <LabeledValue label={t("mrtr.final")} testId="mrtr-final" look="mono" className="text-xs">
            {diagram.final}
          </LabeledValue>
        ) : null}
      </div>
    </Card>
  );
}
