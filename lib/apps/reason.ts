/** A verdict's reasons: what each one does to the verdict, and the worst of them. Pure. */
import { say, type Msg } from "../i18n/translate";

export type Verdict = "renders" | "blank" | "degraded" | "unknown";
export type Effect = Exclude<Verdict, "renders"> | "info";

export interface Reason {
  code: string;
  /** English (the CLI's --json); detailMsg says it in the reader's language. */
  detail: string;
  detailMsg?: Msg;
  effect: Effect;
  /** Labels of the exchanges (timeline cards) that show it. */
  evidence?: string[];
}

const RANK: Record<Verdict, number> = { renders: 0, degraded: 1, unknown: 2, blank: 3 };

export function worst(reasons: Reason[]): Verdict {
  let v: Verdict = "renders";
  for (const r of reasons) if (r.effect !== "info" && RANK[r.effect] > RANK[v]) v = r.effect;
  return v;
}

/** A reason whose English detail is said from the same catalogue entry as every other language's. */
export function reason(code: string, effect: Effect, detailMsg: Msg, evidence?: string[]): Reason {
  return { code, effect, detail: say(detailMsg), detailMsg, ...(evidence ? { evidence } : {}) };
}
