/**
 * The last Lab result survives a reload: saved in the browser next to the session (lib/share/persist.ts), versioned
 * and bounded. The lab runs only the embedded servers, so a report holds no target credentials. Pure.
 */
import type { LabReport } from "./report";

export const SAVED_LAB_KEY = "mcp-playground/lab-result";
export const SAVED_LAB_VERSION = 1;
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
    if (v?.format !== "mcp-playground/lab-result" || v.version !== SAVED_LAB_VERSION) return null;
    if (
      typeof v.scriptText !== "string" ||
      !Array.isArray(v.conditions) ||
      !v.report ||
      !Array.isArray(v.report.columns)
    )
      return null;
    return v as SavedLab;
  } catch {
    return null;
  }
}
