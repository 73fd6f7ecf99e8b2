/** The pieces every Apps check is made of (lib/apps/checks.ts, lib/apps/checks-more.ts). Pure. */
import type { AppsFacts } from "./doctor";
import { msg, type Msg } from "../i18n/translate";

export type AppsCheckStatus = "pass" | "fail" | "warn" | "skip";

export type Judgement = { status: AppsCheckStatus; detail: Msg; evidence?: string[] };

export interface Def {
  id: string;
  title: Msg;
  level: "MUST" | "SHOULD";
  anchor: string;
  judge(facts: AppsFacts): Judgement;
}

/** A check's verdict: its status, the sentence that says why, and the timeline cards that show it. */
export const judged = (status: AppsCheckStatus, detail: Msg, evidence?: string[]): Judgement => ({
  status,
  detail,
  evidence,
});

/** Clauses joined with "; " (each said in the reader's language). */
export function clauses(parts: Msg[]): Msg {
  if (parts.length <= 1) return parts[0] ?? msg("appsDoctor.check.none");
  return msg("appsDoctor.check.clauses", { first: parts[0], rest: clauses(parts.slice(1)) });
}
