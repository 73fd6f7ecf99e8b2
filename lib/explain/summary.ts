/** The explainer's count line over an annotated frame, with English plurals ("1 note · 0 errors"). Pure. */
import type { AnnotationLevel } from "./types";

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function annotationSummary(total: number, counts: Record<AnnotationLevel, number>): string {
  return [
    count(total, "note", "notes"),
    count(counts.error, "error", "errors"),
    `${counts.deprecated} deprecated`,
    `${counts.removed} removed`,
  ].join(" · ");
}
