/** What a lab run returns to the page and the CLI: one column per condition, the diff, the wire diff; and its one-sentence summary. Pure. */
import type { ConditionId, LAB_LIMITS } from "./conditions";
import type { DiffRow, LabRun } from "./runner";
import type { WireDiffRow } from "./wire-diff";

export interface LabColumn {
  condition: ConditionId;
  label: string;
  explain: string;
  run?: LabRun;
  /** Why the column could not run at all (e.g. an HTTP-only target under a stdio condition). */
  error?: string;
  /** HTTP instances the column started, so the page can show their pids. */
  instances?: { pid: number; url: string }[];
}

export interface LabReport {
  title: string;
  description: string;
  columns: LabColumn[];
  diff: DiffRow[];
  /** Modern vs legacy wire differences, when both a modern and a legacy column ran. */
  wire?: { left: ConditionId; right: ConditionId; rows: WireDiffRow[] };
  limits: typeof LAB_LIMITS;
  durationMs: number;
}

/** A sentence's worth of `text`: its first line, at most `max` characters. */
const clip = (text: string, max: number) => {
  const line = text.split("\n", 1)[0].trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** For the live region: "Experiment finished: <column>: continuation survived, state lost, 3 processes; …" (verdict heads only). */
export function labSentence(report: LabReport): string {
  const columns = report.columns.map((column) => {
    if (column.error || !column.run) return `${column.label}: could not run`;
    const { verdicts, lanes, stoppedEarly } = column.run;
    const processes = lanes.length ? [`${lanes.length} process${lanes.length === 1 ? "" : "es"}`] : [];
    return `${column.label}: ${[...verdicts.map((v) => v.text.split(":", 1)[0]), ...processes, ...(stoppedEarly ? ["stopped early"] : [])].join(", ")}`;
  });
  return clip(`Experiment finished: ${columns.join("; ")}.`, 400);
}

export const labFailedSentence = (message: string) => `Experiment could not run: ${clip(message, 160)}`;
