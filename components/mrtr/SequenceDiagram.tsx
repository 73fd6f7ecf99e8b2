/**
 * A conversation as a sequence diagram drawn with CSS grid: one column per lane (user, client, server, and the
 * authorization server for the Auth view), one arrow per message, solid for requests and dashed for replies (as
 * the spec's diagrams draw them), round (or step) numbers and timings. Labels are text, wrapped, never HTML.
 * `testId` names the data-testids ("mrtr" for MRTR conversations, "auth" for the Auth lane).
 */
import { useTranslations } from "next-intl";
import type { Translate } from "@/lib/i18n/translate";
import { diagramTiming, type Diagram, type DiagramStep, type Lane } from "@/lib/protocol/mrtr";
import { Card } from "../card";

const TONE: Record<DiagramStep["tone"], string> = {
  request: "border-slate-700 text-slate-800 dark:border-slate-300 dark:text-slate-100",
  retry: "border-blue-700 text-blue-900 dark:border-blue-300 dark:text-blue-100",
  input_required: "border-dashed border-amber-600 text-amber-900 dark:text-amber-200",
  complete: "border-dashed border-emerald-600 text-emerald-900 dark:text-emerald-200",
  error: "border-dashed border-red-600 text-red-800 dark:text-red-300",
  failure: "border-dashed border-red-600 text-red-800 dark:text-red-300",
  ask: "border-dotted border-violet-600 text-violet-900 dark:text-violet-200",
  answer: "border-dotted border-violet-600 text-violet-900 dark:text-violet-200",
};

/** A step's time in the reader's units and decimals ("1,6 с"), as the cards say their times; "" when untimed. */
const timeIn = (t: Translate) => (n: number | undefined) => (n === undefined ? "" : diagramTiming(n, t));

function Arrow({ step, lanes, testId }: { step: DiagramStep; lanes: Lane[]; testId: string }) {
  const t = useTranslations();
  const a = lanes.indexOf(step.from);
  const b = lanes.indexOf(step.to);
  const rightward = b > a;
  // Half-columns: lane i's centre is grid line 2i+2, so an arrow between lanes spans exactly centre to centre.
  const column = `${2 * Math.min(a, b) + 2} / ${2 * Math.max(a, b) + 2}`;
  const ms = timeIn(t);
  const timing =
    step.tone === "answer" ? (step.ms !== undefined ? t("mrtr.userTook", { time: ms(step.ms) }) : "") : ms(step.ms);
  return (
    <div
      className="grid items-end py-1"
      style={{ gridTemplateColumns: `repeat(${2 * lanes.length}, minmax(0, 1fr))` }}
      data-testid={`${testId}-step`}
      data-round={step.round}
      data-from={step.from}
      data-to={step.to}
      data-tone={step.tone}
    >
      <div style={{ gridColumn: column }} className={`px-1 ${TONE[step.tone]}`}>
        <p className="break-words text-center text-[11px] leading-tight">
          {step.label}
          {timing ? <span className="ml-1 text-slate-600 dark:text-slate-400">({timing})</span> : null}
        </p>
        {step.departures.length ? (
          <p
            data-testid={`${testId}-step-departures`}
            className="text-center text-[10px] font-semibold text-red-700 dark:text-red-300"
          >
            {t("mrtr.breaks", { n: step.departures.length })}
          </p>
        ) : null}
        <div className={`relative mt-0.5 h-0 border-t-2 ${TONE[step.tone]}`}>
          <span className={`absolute -top-[7px] text-[10px] leading-none ${rightward ? "-right-1" : "-left-1"}`}>
            {rightward ? "▶" : "◀"}
          </span>
        </div>
      </div>
    </div>
  );
}

/** The same steps as a list, for screen readers (the arrows' direction is otherwise only drawn). */
function StepList({ steps, group, testId }: { steps: DiagramStep[]; group: (n: number) => string; testId: string }) {
  const t = useTranslations();
  return (
    <ol className="sr-only" data-testid={`${testId}-diagram-steps`}>
      {steps.map((step, i) => {
        const timing = timeIn(t)(step.ms);
        const breaks = step.departures.length ? `; ${t("mrtr.breaks", { n: step.departures.length })}` : "";
        const label = t("mrtr.stepFromTo", {
          from: t(`mrtr.lane.${step.from}`),
          to: t(`mrtr.lane.${step.to}`),
          label: step.label,
        });
        return (
          <li key={i}>
            {group(step.round)}: {label}
            {timing ? ` (${step.tone === "answer" ? t("mrtr.userTook", { time: timing }) : timing})` : ""}
            {breaks}
          </li>
        );
      })}
    </ol>
  );
}

export function SequenceDiagram({ diagram, testId = "mrtr" }: { diagram: Diagram; testId?: string }) {
  const t = useTranslations();
  const { lanes, steps, unit = "round", titles } = diagram;
  const rounds = new Set(steps.map((s) => s.round)).size;
  const group = (n: number) => `${t(`mrtr.group.${unit}`, { n })}${titles?.[n] ? ` (${titles[n]})` : ""}`;
  const cols = { gridTemplateColumns: `repeat(${2 * lanes.length}, minmax(0, 1fr))` };
  return (
    <Card as="figure" testId={`${testId}-diagram`} data={{ rounds, lanes: lanes.join(",") }}>
      <StepList steps={steps} group={group} testId={testId} />
      <div className="grid" style={cols} aria-hidden>
        {lanes.map((lane, i) => (
          <div
            key={lane}
            style={{ gridColumn: `${2 * i + 1} / span 2` }}
            className="text-center text-xs font-semibold text-slate-700 dark:text-slate-200"
          >
            {t(`mrtr.lane.${lane}`)}
          </div>
        ))}
      </div>
      <div className="relative" aria-hidden>
        {lanes.map((lane, i) => (
          <div
            key={lane}
            aria-hidden
            className="absolute bottom-0 top-0 w-px bg-slate-300 dark:bg-slate-600"
            style={{ left: `${((i + 0.5) / lanes.length) * 100}%` }}
          />
        ))}
        {steps.map((step, i) => (
          <div key={i}>
            {i === 0 || steps[i - 1].round !== step.round ? (
              <p className="relative mt-1 text-[10px] font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
                {group(step.round)}
              </p>
            ) : null}
            <Arrow step={step} lanes={lanes} testId={testId} />
          </div>
        ))}
      </div>
      <figcaption className="mt-1 text-[11px] text-slate-600 dark:text-slate-400">
        {t(unit === "step" ? "mrtr.captionSteps" : "mrtr.caption", { n: rounds })}
      </figcaption>
    </Card>
  );
}
