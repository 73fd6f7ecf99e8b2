/**
 * "What if": an author edits a tool (or the instructions) in place and sees what the bill would be.
 * Pure helpers for the panel: the text to edit, parsing it back, and the difference between two bills.
 */
import { msg, say, type Msg } from "../i18n/translate";
import type { Bill } from "./bill";
import type { JsonObject } from "./catalogue";

export function toolEditText(tool: JsonObject): string {
  return JSON.stringify(tool, null, 2);
}

/** `error` in English; `errorMsg` the same for the page (the parser's own message stays as it came). */
export type ToolEdit = { ok: true; tool: JsonObject } | { ok: false; error: string; errorMsg: Msg };

const refused = (errorMsg: Msg): ToolEdit => ({ ok: false, error: say(errorMsg), errorMsg });

export function parseToolEdit(text: string): ToolEdit {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return refused(msg("catalogueMenus.whatIf.notJson", { message: (e as Error).message }));
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return refused(msg("catalogueMenus.whatIf.notObject"));
  return { ok: true, tool: value as JsonObject };
}

export interface BillDelta {
  toolsTokens: number;
  instructionsTokens: number;
  totalTokens: number;
  bytes: number;
  /** Per tool, by position in the catalogue: after minus before. */
  perTool: Map<number, number>;
}

export function billDelta(before: Bill, after: Bill): BillDelta {
  const was = new Map(before.perTool.map((t) => [t.index, t.tokens]));
  const perTool = new Map<number, number>();
  for (const t of after.perTool) {
    const d = t.tokens - (was.get(t.index) ?? 0);
    if (d !== 0) perTool.set(t.index, d);
  }
  return {
    toolsTokens: after.toolsTokens - before.toolsTokens,
    instructionsTokens: after.instructionsTokens - before.instructionsTokens,
    totalTokens: after.totalTokens - before.totalTokens,
    bytes: after.bytes - before.bytes,
    perTool,
  };
}

/** "+12", "−3", "±0" — signed, with a real minus sign. */
export function formatDelta(d: number): string {
  if (d === 0) return "±0";
  return d > 0 ? `+${d.toLocaleString("en-US")}` : `−${Math.abs(d).toLocaleString("en-US")}`;
}
