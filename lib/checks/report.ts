/** Counting, and the report's three outward forms: CLI JSON, JUnit XML (for CI), plain text. Pure. */
import { LEVEL_WEIGHT, STATUS_CREDIT, coverageOf, scoreOf } from "./score";
import type { CheckReport, CheckResult, EraReport } from "./types";
import { emulationText } from "../protocol/emulation";
import { englishT, say, type Translate } from "../i18n/translate";
import { REBINDING_HOST } from "./checks/shared";

export { emulationText };

/** The counts, the score and its coverage of a run (an unreachable target scores 0: see reportScore). */
export function summarize(
  results: readonly CheckResult[],
): Pick<CheckReport, "passed" | "failed" | "warned" | "skipped" | "notTestable" | "mustFailed" | "score" | "coverage"> {
  const count = (s: CheckResult["status"]) => results.filter((r) => r.status === s).length;
  return {
    passed: count("pass"),
    failed: count("fail"),
    warned: count("warn"),
    skipped: count("skip"),
    notTestable: count("not-testable"),
    mustFailed: results.filter((r) => r.status === "fail" && r.level === "MUST").length,
    score: scoreOf(results),
    coverage: coverageOf(results),
  };
}

/** Exit codes of `check`: 0 no MUST failed, 1 a MUST failed (or a SHOULD, with --fail-on should), 3 unreachable (2 is a usage error). */
export const EXIT = { ok: 0, failed: 1, usage: 2, unreachable: 3 } as const;

/** Whether the target passes for CI, in either era: no failed MUST (and, with failOn "should", no failed SHOULD). */
export function exitCodeOf(report: CheckReport, failOn: "must" | "should" = "must"): number {
  if (report.mustFailed > 0) return EXIT.failed;
  // Unreachable, or protected without a token (only the authorization checks ran): not judged, so not a pass.
  if (report.era === "unreachable") return EXIT.unreachable;
  if (failOn === "should" && report.checks.some((r) => r.status === "fail" && r.level === "SHOULD")) return EXIT.failed;
  return EXIT.ok;
}

/** The CLI's --json shape: { target, era, checks: [{ id, title, level, status, specRef, detail }], passed, failed, warned, skipped }. */
export function toCliJson(report: CheckReport) {
  return {
    target: report.target,
    era: report.era,
    version: report.version,
    probe: report.probe.reason,
    ...(report.discoveryFailure ? { discoveryFailure: report.discoveryFailure } : {}),
    ...(report.emulate ? { emulate: report.emulate } : {}),
    score: report.score,
    coverage: report.coverage,
    checks: report.checks.map(({ id, title, level, status, specRef, specUrl, detail, blocked, frames }) => ({
      id,
      title,
      level,
      status,
      ...(blocked ? { blocked } : {}),
      specRef,
      specUrl,
      detail,
      evidence: frames ?? [],
    })),
    passed: report.passed,
    failed: report.failed,
    warned: report.warned,
    skipped: report.skipped,
    notTestable: report.notTestable,
    mustFailed: report.mustFailed,
    ...(report.eraReport ? { eraReport: eraReportJson(report.eraReport) } : {}),
  };
}

/** The era report as --json gives it: English only (the Msgs the page re-says are left out). */
function eraReportJson({ modernClientSeesMsg: _seen, adviceMsg: _advice, ambiguity, ...rest }: EraReport) {
  const { detailMsg: _detail, ...plainAmbiguity } = ambiguity;
  return { ...rest, ambiguity: plainAmbiguity };
}

/** The text `check --json` prints, and the page's JSON export: one writer for both (`extra`: the CLI's unreachable finding). */
export function cliJsonText(report: CheckReport, extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ...toCliJson(report), ...extra }, null, 2)}\n`;
}

/** A file name for an export of this run: the target, made file-safe, and the extension. */
export function reportFileName(report: CheckReport, extension: "json" | "xml"): string {
  const slug =
    report.target
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "target";
  return `mcp-checks-${slug}.${extension}`;
}

function xml(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, "");
}

/** JUnit XML: one testcase per check; fail → <failure>, skip → <skipped>, warn → passes with a note. */
export function toJunit(report: CheckReport): string {
  const suiteName = `MCP ${report.era === "legacy" ? (report.version ?? "legacy") : "2026-07-28"} conformance: ${report.target}`;
  const cases: string[] = [];
  if (report.era === "unreachable") {
    cases.push(
      `    <testcase classname="reach" name="the server answers"><failure message="${xml(report.probe.reason)}">${xml(report.probe.reason)}</failure></testcase>`,
    );
  }
  for (const r of report.checks) {
    const name = `${r.id} [${r.level}] ${r.title}`;
    const time = (r.durationMs / 1000).toFixed(3);
    const open = `    <testcase classname="${xml(r.id)}" name="${xml(name)}" time="${time}">`;
    const proof = `${r.specUrl}\n${(r.frames ?? []).map((f) => `${f.direction === "sent" ? "→" : "←"} ${f.frame}`).join("\n")}`;
    if (r.status === "fail")
      cases.push(`${open}<failure message="${xml(r.detail)}">${xml(proof)}</failure></testcase>`);
    else if (r.status === "skip" || r.status === "not-testable")
      cases.push(
        `${open}<skipped message="${xml(`${r.blocked ? "could not run: " : r.status === "not-testable" ? "not testable: " : ""}${r.detail}`)}"/></testcase>`,
      );
    else
      cases.push(
        `${open}<system-out>${xml(`${r.status === "warn" ? "WARNING: " : ""}${r.detail}\n${proof}`)}</system-out></testcase>`,
      );
  }
  const failures = report.failed + (report.era === "unreachable" ? 1 : 0);
  const tests = cases.length;
  const properties = [
    ["score", String(report.score)],
    ["coverage", `${report.coverage.applied} of ${report.coverage.total} applied`],
    ["score.formula", scoreFormula()],
    ["era", report.era],
    ["mustFailed", String(report.mustFailed)],
    ...(report.discoveryFailure ? [["discoveryFailure", report.discoveryFailure]] : []),
  ].map(([name, value]) => `      <property name="${xml(name)}" value="${xml(value)}"/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="mcp-playground check" tests="${tests}" failures="${failures}" skipped="${report.skipped}">`,
    `  <testsuite name="${xml(suiteName)}" tests="${tests}" failures="${failures}" skipped="${report.skipped}">`,
    "    <properties>",
    ...properties,
    "    </properties>",
    ...cases,
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}

/** The formula in one line (JUnit property, text report). */
export function scoreFormula(): string {
  const w = LEVEL_WEIGHT;
  const c = STATUS_CREDIT;
  return `100 × Σ weight × credit / Σ weight; weight MUST ${w.MUST}, SHOULD ${w.SHOULD}, MAY ${w.MAY}; credit pass ${c.pass}, warn ${c.warn}, fail ${c.fail}, could not run ${c.blocked}; checks that do not apply are left out`;
}

const MARK: Record<CheckResult["status"], string> = {
  pass: "PASS",
  fail: "FAIL",
  warn: "WARN",
  skip: "SKIP",
  "not-testable": "N/T ",
};

/** A check's title in the reader's language, when it is the catalogue's (checks.title.<id>). */
function titleIn(r: CheckResult, t: Translate): string {
  return r.titleMsg ? say(r.titleMsg, t) : checkTitleIn(r.id, r.title, t);
}

/** A title kept as English (a report, a shared run) in the reader's language, when the catalogue has it as is. */
export function checkTitleIn(id: string, title: string, t: Translate): string {
  const key = `checks.title.${id}`;
  const values = { host: REBINDING_HOST };
  return t !== englishT && englishT(key, values) === title ? t(key, values) : title;
}

/** The probe's reason in the reader's language (a report from an older session or a link has only the English). */
export function probeReason(report: CheckReport, t: Translate = englishT): string {
  return report.probe.reasonMsg ? say(report.probe.reasonMsg, t) : report.probe.reason;
}

export function discoveryFailureOf(report: CheckReport, t: Translate = englishT): string {
  return report.discoveryFailureMsg ? say(report.discoveryFailureMsg, t) : (report.discoveryFailure ?? "");
}

/** The era report's findings in the reader's language (English when the report kept no Msg). */
export function modernClientSeesOf(er: EraReport, t: Translate = englishT): string {
  return er.modernClientSeesMsg ? say(er.modernClientSeesMsg, t) : er.modernClientSees;
}

export function adviceOf(er: EraReport, t: Translate = englishT): string {
  return er.adviceMsg ? say(er.adviceMsg, t) : t("eraCard.advice");
}

export function ambiguityOf(er: EraReport, t: Translate = englishT): string {
  return er.ambiguity.detailMsg ? say(er.ambiguity.detailMsg, t) : er.ambiguity.detail;
}

/** The human report; `t` says the translated details and the score line in the reader's language (English by default). */
export function toText(report: CheckReport, t: Translate = englishT): string {
  const transport = report.transport === "http" ? "Streamable HTTP" : "stdio";
  const target = report.target.includes(`(${transport})`) ? report.target : `${report.target} (${transport})`;
  const lines = [
    t("checks.text.target", { target }),
    `${t("checks.panel.era")} ${report.era}${report.version ? ` (${report.version})` : ""} — ${probeReason(report, t)}`,
  ];
  if (report.emulate) lines.push(t("checks.panel.emulating", { emulation: emulationText(report.emulate, t) }));
  if (report.discoveryFailure)
    lines.push(t("checks.panel.discoveryBroken", { failure: discoveryFailureOf(report, t) }));
  if (report.eraReport) {
    const er = report.eraReport;
    const server = er.serverInfo?.name ? ` ${er.serverInfo.name} ${er.serverInfo.version ?? ""}`.trimEnd() : "";
    lines.push(
      "",
      t("eraCard.text.legacy", { server, revision: er.revision ?? t("eraCard.text.unknown") }),
      `${t("eraCard.modernSeesLead")}${modernClientSeesOf(er, t)}`,
      t("eraCard.text.ambiguity", { status: er.ambiguity.status.toUpperCase(), detail: ambiguityOf(er, t) }),
      adviceOf(er, t),
    );
    if (report.checks.length) lines.push("", t("eraCard.text.shared", { revision: er.revision ?? "2025-11-25" }));
  }
  if (report.checks.length) lines.push("");
  for (const r of report.checks)
    lines.push(
      `${MARK[r.status]} ${r.id} [${r.level}] ${titleIn(r, t)}`,
      `     ${r.blocked ? t("checks.couldNotRun") : ""}${r.detailMsg ? say(r.detailMsg, t) : r.detail}`,
      `     ${r.specUrl}`,
    );
  // The counts stay the last line (scripts read it); the score comes just before.
  if (report.era === "unreachable") {
    lines.push("", `Score: 0/100 — the server could not be reached or never answered: no check ran.`);
    lines.push("0 passed, 0 failed (0 MUST), 0 warned, 0 skipped");
  } else {
    lines.push(
      "",
      `Score: ${report.score}/100, ${report.coverage.applied} of ${report.coverage.total} checks applied (${scoreFormula()})`,
    );
    lines.push(
      `${report.passed} passed, ${report.failed} failed (${report.mustFailed} MUST), ${report.warned} warned, ${report.skipped} skipped${report.notTestable ? `, ${report.notTestable} not testable` : ""}`,
    );
  }
  return lines.join("\n");
}
