import type { OutcomeBadge } from "@/lib/session";

const STYLE: Record<OutcomeBadge["kind"], string> = {
  pending: "bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200",
  response: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200",
  error: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  notification: "bg-sky-100 text-sky-800 dark:bg-sky-900 dark:text-sky-200",
  failure: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-200",
  "bridge-error": "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-200",
};

export function Badge({ badge }: { badge: OutcomeBadge }) {
  return (
    <span
      data-testid="outcome-badge"
      data-kind={badge.kind}
      className={`rounded px-1.5 py-0.5 text-[11px] font-semibold ${STYLE[badge.kind]}`}
    >
      {badge.text}
    </span>
  );
}
