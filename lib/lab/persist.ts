/**
 * The last Lab result survives a reload: saved in the browser next to the session (lib/share/persist.ts), versioned
 * and bounded. The lab runs only the embedded servers, so a report holds no target credentials. Pure.
 */
import { fromFramesWhole } from "../protocol/exchange";
import type { LabReport } from "./report";

export const SAVED_LAB_KEY = "mcp-playground/lab-result";
/** 2: exchanges keep each frame once (lib/protocol/exchange.ts); a version 1 result is read with its frames whole. */
export const SAVED_LAB_VERSION = 2;
export const SAVED_LAB_MAX_CHARS = 1_000_000;

export interface SavedLab {
  format: "mcp-playground/lab-result";
  version: number;
  savedAt: number;
  /** The script text as it ran, and its conditions, so the panel shows what produced the verdicts. */
  scriptText: string;
  conditions: string[];
  report: LabReport;
}

/** The text to store, or null when the result is too large to keep (then nothing is stored). */
export function saveLab(input: {
  scriptText: string;
  conditions: string[];
  report: LabReport;
  now: number;
}): string | null {
  const saved: SavedLab = {
    format: "mcp-playground/lab-result",
    version: SAVED_LAB_VERSION,
    savedAt: input.now,
    scriptText: input.scriptText,
    conditions: input.conditions,
    report: input.report,
  };
  const text = JSON.stringify(saved);
  return text.length <= SAVED_LAB_MAX_CHARS ? text : null;
}

export function restoreLab(text: string): SavedLab | null {
  try {
    const v = JSON.parse(text) as Partial<SavedLab>;
    if (v?.format !== "mcp-playground/lab-result" || (v.version !== SAVED_LAB_VERSION && v.version !== 1)) return null;
    if (
      typeof v.scriptText !== "string" ||
      !Array.isArray(v.conditions) ||
      !v.report ||
      !Array.isArray(v.report.columns)
    )
      return null;
    return v.version === 1 ? framesWhole(v as SavedLab) : (v as SavedLab);
  } catch {
    return null;
  }
}

/** A version 1 result: its exchanges held `received` and each event's frame as frames (read whole, then saved as 2). */
function framesWhole(saved: SavedLab): SavedLab {
  const columns = saved.report.columns.map((column) =>
    column.run
      ? {
          ...column,
          run: {
            ...column.run,
            steps: column.run.steps.map((step) =>
              step.exchange ? { ...step, exchange: fromFramesWhole(step.exchange) } : step,
            ),
          },
        }
      : column,
  );
  return { ...saved, version: SAVED_LAB_VERSION, report: { ...saved.report, columns } };
}
