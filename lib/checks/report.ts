/** Counting, and the report's three outward forms: CLI JSON, JUnit XML (for CI), plain text. Pure. */
import { LEVEL_WEIGHT, STATUS_CREDIT, scoreOf } from "./score";
import type { CheckReport, CheckResult } from "./types";
import { emulationText } from "../protocol/emulation";

export { emulationText };

/** The counts and the score of a 2026-07-28 run (a legacy or unreachable target scores 0: see reportScore). */
export function summarize(results: readonly CheckResult[]): Pick<CheckReport, "passed" | "failed" | "warned" | "skipped" | "mustFailed" | "score"> {
  const count = (s: CheckResult["status"]) => results.filter((r) => r.status === s).length;
  return {
    passed: count("pass"),
    failed: count("fail"),
    warned: count("warn"),
    skipped: count("skip"),
    mustFailed: results.filter((r) => r.status === "fail" && r.level === "MUST").length,
    score: scoreOf(results),
  };
}

/** Whether the target passes for CI: a 2026-07-28 server with no failed MUST. */
export function exitCodeOf(report: CheckReport): number {
  if (report.era === "legacy" || report.era === "unreachable") return 2;
  return report.mustFailed > 0 ? 1 : 0;
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
    checks: report.checks.map(({ id, title, level, status, specRef, detail, blocked }) => ({
      id,
      title,
      level,
      status,
      ...(blocked ? { blocked } : {}),
      specRef,
      detail,
    })),
    passed: report.passed,
    failed: report.failed,
    warned: report.warned,
    skipped: report.skipped,
    mustFailed: report.mustFailed,
    ...(report.eraReport ? { eraReport: report.eraReport } : {}),
  };
}

function xml(text: string): string {
  return text
    .replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, "");
}

/** JUnit XML: one testcase per check; fail → <failure>, skip → <skipped>, warn → passes with a note. */
export function toJunit(report: CheckReport): string {
  const suiteName = `MCP 2026-07-28 conformance: ${report.target}`;
  const cases: string[] = [];
  if (report.era === "legacy" || report.era === "unreachable") {
    const er = report.eraReport;
    const message =
      report.era === "legacy" ? `legacy server (${report.version ?? "unknown revision"}): ${er?.modernClientSees ?? report.probe.reason}` : report.probe.reason;
    const body = er ? `${er.ambiguity.detail}\n${er.advice}` : report.probe.reason;
    cases.push(`    <testcase classname="era" name="server speaks 2026-07-28"><failure message="${xml(message)}">${xml(body)}</failure></testcase>`);
  }
  for (const r of report.checks) {
    const name = `${r.id} [${r.level}] ${r.title}`;
    const time = (r.durationMs / 1000).toFixed(3);
    const open = `    <testcase classname="${xml(r.id)}" name="${xml(name)}" time="${time}">`;
    if (r.status === "fail")
      cases.push(`${open}<failure message="${xml(r.detail)}">${xml(`${r.specRef}\nevidence: ${r.evidence.join(", ")}`)}</failure></testcase>`);
    else if (r.status === "skip") cases.push(`${open}<skipped message="${xml(`${r.blocked ? "could not run: " : ""}${r.detail}`)}"/></testcase>`);
    else cases.push(`${open}<system-out>${xml(`${r.status === "warn" ? "WARNING: " : ""}${r.detail}`)}</system-out></testcase>`);
  }
  const failures = report.failed + (report.era === "legacy" || report.era === "unreachable" ? 1 : 0);
  const tests = cases.length;
  const properties = [
    ["score", String(report.score)],
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

const MARK: Record<CheckResult["status"], string> = { pass: "PASS", fail: "FAIL", warn: "WARN", skip: "SKIP" };

export function toText(report: CheckReport): string {
  const transport = report.transport === "http" ? "Streamable HTTP" : "stdio";
  const target = report.target.includes(`(${transport})`) ? report.target : `${report.target} (${transport})`;
  const lines = [`Target: ${target}`, `Era: ${report.era}${report.version ? ` (${report.version})` : ""} — ${report.probe.reason}`];
  if (report.emulate) lines.push(`Emulating a client: ${emulationText(report.emulate)}.`);
  if (report.discoveryFailure) lines.push(`Discovery is broken (${report.discoveryFailure}); the other checks ran with the envelope alone.`);
  if (report.eraReport) {
    const er = report.eraReport;
    lines.push(
      "",
      `Legacy server${er.serverInfo?.name ? ` ${er.serverInfo.name} ${er.serverInfo.version ?? ""}`.trimEnd() : ""}, revision ${er.revision ?? "unknown"}.`,
      `What a modern client sees: ${er.modernClientSees}`,
      `Era ambiguity [${er.ambiguity.status.toUpperCase()}]: ${er.ambiguity.detail}`,
      er.advice,
    );
  }
  if (report.checks.length) lines.push("");
  for (const r of report.checks)
    lines.push(`${MARK[r.status]} ${r.id} [${r.level}] ${r.title}`, `     ${r.blocked ? "Could not run: " : ""}${r.detail}`, `     ${r.specRef}`);
  // The counts stay the last line (scripts read it); the score comes just before.
  lines.push("", `Score: ${report.score}/100 (${scoreFormula()})`);
  if (report.era === "legacy" || report.era === "unreachable") lines.push("Not a 2026-07-28 server: the checks did not run.");
  else lines.push(`${report.passed} passed, ${report.failed} failed (${report.mustFailed} MUST), ${report.warned} warned, ${report.skipped} skipped`);
  return lines.join("\n");
}
