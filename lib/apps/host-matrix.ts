/**
 * The host matrix's rows: each persona's facts in one order, each with its value, kind, source and the date it was
 * checked (the CLI's `apps --json` hosts[].facts and the Apps tab's grid). Pure.
 */
import { factMsg, type HostPersona, type Known } from "./hosts";
import { say, type Msg } from "../i18n/translate";

/** The facts of the host matrix, in order: each with its value, source and checked date (the CLI's --json, the page). */
export const FACT_NAMES = [
  "rendersApps",
  "declaresExtension",
  "eras",
  "displayModes",
  "grantsCsp",
  "cachesToolsList",
  "needsServerExtension",
] as const;
export type FactName = (typeof FACT_NAMES)[number];

export interface FactRow {
  fact: FactName;
  value: unknown;
  kind: "docs" | "report" | "ours" | "unknown";
  source: string | null;
  checked: string;
  /** The whole fact in words: value, source, date. */
  text: string;
  textMsg: Msg;
}

export function hostFactRows(host: HostPersona): FactRow[] {
  return FACT_NAMES.map((fact) => {
    const field = host[fact] as Known<unknown>;
    const textMsg = factMsg(field);
    return {
      fact,
      value: field.value,
      kind: "note" in field ? "unknown" : field.kind,
      source: field.source ?? null,
      checked: field.checked,
      text: say(textMsg),
      textMsg,
    };
  });
}
