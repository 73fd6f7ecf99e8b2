/** The cassette diff's report as JSON, text, JUnit XML for CI, and rows for the page's side-by-side view. Pure. */
import type { Translate } from "../i18n/translate";
import type { JsonObject } from "../protocol/json";
import { sayDetail, type DiffPair, type DiffReport, type Difference } from "./diff-values";
import { describeRequest } from "./match";

export function diffJson(report: DiffReport) {
  const strip = ({ kind, path, detail }: Difference) => ({ kind, path, detail });
  return { breaking: report.breaking.map(strip), nonBreaking: report.nonBreaking.map(strip), same: report.same };
}

/**
 * The CLI's human report: each detail in `t`'s language; the BREAKING / not breaking markers, the kinds and the counts
 * line stay English, as `check`'s score and counts lines do, because scripts read them.
 */
export function diffText(report: DiffReport, heading: string, t?: Translate): string {
  const lines = [heading];
  for (const d of report.breaking) lines.push(`BREAKING      ${d.kind}  ${d.path}: ${sayDetail(d, t)}`);
  for (const d of report.nonBreaking) lines.push(`not breaking  ${d.kind}  ${d.path}: ${sayDetail(d, t)}`);
  lines.push(
    `${report.breaking.length} breaking, ${report.nonBreaking.length} not breaking; ${report.same} of ${report.compared} answers the same (ids aside)`,
  );
  return lines.join("\n");
}

function xml(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, "");
}

/** JUnit XML for CI: one test case per replayed interaction (and one for the era), failing on a breaking change. */
export function diffJunit(report: DiffReport, pairs: DiffPair[], suite: string): string {
  const cases: string[] = [];
  const era = report.breaking.filter((d) => d.interaction === undefined);
  cases.push(
    `    <testcase classname="handshake" name="era">${era.length ? `<failure message="${xml(era.map((d) => d.detail).join("; "))}"/>` : ""}</testcase>`,
  );
  for (const pair of pairs) {
    const name = `#${pair.index + 1} ${describeRequest(pair.request.method as string, pair.request.params)}`;
    const breaking = report.breaking.filter((d) => d.interaction === pair.index);
    const other = report.nonBreaking.filter((d) => d.interaction === pair.index);
    const body = breaking.length
      ? `<failure message="${xml(breaking.map((d) => `${d.kind}: ${d.detail}`).join("; "))}">${xml(breaking.map((d) => `${d.path}: ${d.detail}`).join("\n"))}</failure>`
      : other.length
        ? `<system-out>${xml(other.map((d) => `${d.kind} ${d.path}: ${d.detail}`).join("\n"))}</system-out>`
        : "";
    cases.push(
      `    <testcase classname="${xml(pair.request.method as string)}" name="${xml(name)}">${body}</testcase>`,
    );
  }
  const failures = cases.filter((c) => c.includes("<failure")).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-playground diff" tests="${cases.length}" failures="${failures}">`,
    `  <testsuite name="${xml(suite)}" tests="${cases.length}" failures="${failures}">`,
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

export interface DiffRow {
  /** Index in the cassette's interactions. */
  index: number;
  /** "tools/call echo", "tools/list", … */
  title: string;
  request: JsonObject;
  recorded: JsonObject;
  live: DiffPair["live"];
  breaking: Difference[];
  nonBreaking: Difference[];
}

/** The report laid out per replayed interaction (the page's side-by-side view); differences tied to none (the era) are `general`. */
export function diffRows(report: DiffReport, pairs: DiffPair[]): { rows: DiffRow[]; general: Difference[] } {
  const rows = pairs.map((pair) => ({
    index: pair.index,
    title: describeRequest(pair.request.method as string, pair.request.params),
    request: pair.request,
    recorded: pair.recorded,
    live: pair.live,
    breaking: report.breaking.filter((d) => d.interaction === pair.index || d.alsoBreaks?.includes(pair.index)),
    nonBreaking: report.nonBreaking.filter((d) => d.interaction === pair.index),
  }));
  return { rows, general: report.breaking.filter((d) => d.interaction === undefined) };
}
