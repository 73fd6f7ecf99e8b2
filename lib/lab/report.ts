/** What a lab run returns to the page and the CLI: one column per condition, the diff, the wire diff. Pure types. */
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


