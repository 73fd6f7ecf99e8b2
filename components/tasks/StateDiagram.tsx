"use client";
/**
 * The task lifecycle as the extension draws it: working ↔ input_required → completed | failed | cancelled. The
 * current state is lit, visited states and taken edges are marked, and each node says how often the task was there.
 */
import { useTranslations } from "next-intl";
import { EDGES, TASK_STATUSES, type Move, type TaskStatus } from "@/lib/tasks";

const POS: Record<TaskStatus, { x: number; y: number }> = {
  working: { x: 60, y: 75 },
  input_required: { x: 190, y: 22 },
  completed: { x: 330, y: 22 },
  failed: { x: 330, y: 75 },
  cancelled: { x: 330, y: 128 },
};
const W = 104;
const H = 26;

const LIT: Record<TaskStatus, string> = {
  working: "fill-blue-600",
  input_required: "fill-amber-500",
  completed: "fill-emerald-600",
  failed: "fill-red-600",
  cancelled: "fill-slate-500",
};

function edgePath(from: TaskStatus, to: TaskStatus): string {
  const a = POS[from];
  const b = POS[to];
  // working ↔ input_required are drawn as two arcs so both directions stay visible.
  if ((from === "working" && to === "input_required") || (from === "input_required" && to === "working")) {
    const bend = from === "working" ? -18 : 18;
    const mx = (a.x + b.x) / 2 + bend;
    const my = (a.y + b.y) / 2 + bend;
    return `M${a.x},${a.y} Q${mx},${my} ${b.x},${b.y}`;
  }
  return `M${a.x + W / 2},${a.y} L${b.x - W / 2},${b.y}`;
}

/** Where an edge's "pushed" label goes: the middle of its line, or the control point side of an arc. */
function edgeMiddle(from: TaskStatus, to: TaskStatus): { x: number; y: number } {
  const a = POS[from];
  const b = POS[to];
  if ((from === "working" && to === "input_required") || (from === "input_required" && to === "working")) {
    const bend = from === "working" ? -12 : 12;
    return { x: (a.x + b.x) / 2 + bend, y: (a.y + b.y) / 2 + bend };
  }
  return { x: (a.x + W / 2 + b.x - W / 2) / 2, y: (a.y + b.y) / 2 - 3 };
}

export function StateDiagram({ current, moves }: { current: TaskStatus | undefined; moves: Move[] }) {
  const visits = (s: TaskStatus) => moves.filter((m) => m.to === s).length;
  const taken = (from: TaskStatus, to: TaskStatus) => moves.some((m) => m.from === from && m.to === to);
  const pushed = (from: TaskStatus, to: TaskStatus) =>
    moves.some((m) => m.from === from && m.to === to && m.via === "push");
  const t = useTranslations();
  const last = moves[moves.length - 1];
  return (
    <svg
      viewBox="0 0 400 150"
      role="img"
      aria-label={t("tasks.diagram.label", { current: current ?? t("tasks.diagram.notCreated") })}
      data-testid="task-diagram"
      className="w-full max-w-md"
    >
      <defs>
        <marker
          id="task-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" className="fill-slate-400" />
        </marker>
      </defs>
      {EDGES.map(([from, to]) => {
        const isLast = last?.from === from && last?.to === to;
        return (
          <path
            key={`${from}-${to}`}
            d={edgePath(from, to)}
            data-testid={`task-edge-${from}-${to}`}
            data-taken={taken(from, to) ? "true" : "false"}
            data-pushed={pushed(from, to) ? "true" : "false"}
            markerEnd="url(#task-arrow)"
            className={`fill-none ${isLast ? "stroke-blue-500" : taken(from, to) ? "stroke-slate-600 dark:stroke-slate-300" : "stroke-slate-300 dark:stroke-slate-700"}`}
            strokeWidth={isLast ? 2.5 : taken(from, to) ? 1.5 : 1}
            strokeDasharray={taken(from, to) ? undefined : "3 3"}
          />
        );
      })}
      {EDGES.filter(([from, to]) => pushed(from, to)).map(([from, to]) => {
        const { x, y } = edgeMiddle(from, to);
        return (
          <text
            key={`pushed-${from}-${to}`}
            x={x}
            y={y}
            textAnchor="middle"
            data-testid={`task-edge-pushed-${from}-${to}`}
            className="fill-violet-700 text-[9px] font-semibold dark:fill-violet-300"
          >
            {t("tasks.diagram.pushed")}
          </text>
        );
      })}
      {TASK_STATUSES.map((s) => (
        <StateBox key={s} state={s} current={s === current} visits={visits(s)} />
      ))}
    </svg>
  );
}

/** One state's box: lit when it is the task's status now, shaded (with a count) when the task has been there. */
function StateBox({ state: s, current: lit, visits: n }: { state: TaskStatus; current: boolean; visits: number }) {
  const { x, y } = POS[s];
  return (
    <g data-testid={`task-state-${s}`} data-current={lit ? "true" : "false"} data-visits={n}>
      <rect
        x={x - W / 2}
        y={y - H / 2}
        width={W}
        height={H}
        rx={6}
        className={
          lit
            ? LIT[s]
            : n > 0
              ? "fill-slate-100 stroke-slate-500 dark:fill-slate-800"
              : "fill-white stroke-slate-300 dark:fill-slate-900 dark:stroke-slate-700"
        }
        strokeWidth={1}
      />
      <text
        x={x}
        y={y + 4}
        textAnchor="middle"
        className={`text-[11px] ${lit ? "fill-white font-semibold" : "fill-slate-700 dark:fill-slate-200"}`}
      >
        {s}
        {n > 1 ? ` ×${n}` : ""}
      </text>
    </g>
  );
}
