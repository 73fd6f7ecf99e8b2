/** What a lab run returns to the page and the CLI: one column per condition, the diff, the wire diff; and its one-sentence summary. Pure. */
import { CONDITIONS, type ConditionId, type LAB_LIMITS } from "./conditions";
import type { DiffRow, LabRun } from "./runner";
import type { WireDiffRow } from "./wire-diff";
import { englishT, say, type Translate } from "../i18n/translate";

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

/** A column's name in the reader's language while it is still the condition's own English label. */
function columnName(column: LabColumn, t: Translate): string {
  if (!(column.condition in CONDITIONS)) return column.label;
  const key = `lab.cond.${column.condition}.label`;
  return englishT(key) === column.label ? t(key) : column.label;
}

/** For the live region: "Experiment finished: <column>: continuation survived, state lost, 3 processes; …" (verdict heads only). */
export function labSentence(report: LabReport, t: Translate = englishT): string {
  const columns = report.columns.map((column) => {
    const name = columnName(column, t);
    if (column.error || !column.run) return t("lab.said.couldNotRun", { column: name });
    const { verdicts, lanes, stoppedEarly } = column.run;
    const heads = verdicts.map((v) => (v.textMsg ? say(v.textMsg, t) : v.text).split(":", 1)[0]);
    const processes = lanes.length ? [t("lab.said.processes", { n: lanes.length })] : [];
    return `${name}: ${[...heads, ...processes, ...(stoppedEarly ? [t("lab.said.stoppedEarly")] : [])].join(", ")}`;
  });
  return clip(t("lab.said.finished", { columns: columns.join("; ") }), 400);
}

export const labFailedSentence = (message: string, t: Translate = englishT) =>
  t("lab.said.failed", { message: clip(message, 160) });
