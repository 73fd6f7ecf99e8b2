import type { Annotation, AnnotationLevel } from "@/lib/explain";

const STYLE: Record<AnnotationLevel, string> = {
  info: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200",
  deprecated: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  removed: "bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900 dark:text-fuchsia-100",
  error: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
};

/** "deprecated since 2026-07-28 (SEP-2577)", "removed in 2026-07-28", "error"; info gets no badge. */
export function LevelBadge({ annotation }: { annotation: Pick<Annotation, "level" | "badge"> }) {
  if (annotation.level === "info" && !annotation.badge) return null;
  const text = annotation.badge ?? annotation.level;
  return (
    <span
      data-testid="level-badge"
      data-level={annotation.level}
      className={`whitespace-nowrap rounded px-1 py-px text-[10px] font-semibold ${STYLE[annotation.level]}`}
    >
      {text}
    </span>
  );
}

export function levelCounts(annotations: Annotation[]): Record<AnnotationLevel, number> {
  const counts: Record<AnnotationLevel, number> = { info: 0, deprecated: 0, removed: 0, error: 0 };
  for (const a of annotations) counts[a.level]++;
  return counts;
}
