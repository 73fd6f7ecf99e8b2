/**
 * npm run cli -- lab <script.json | built-in id> [--conditions a,b] [--json]
 * Runs a lab script under each condition and prints per column the steps (with the pid of the process that
 * answered), the verdicts, and the diff.
 */
import { say } from "@/lib/i18n/translate";
import { withSentWhole } from "@/lib/protocol/exchange";
import { cliT } from "../lang";
import { existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { CONDITION_IDS, type ConditionId } from "@/lib/lab/conditions";
import { runLab } from "@/lib/node/lab/run";
import type { LabReport } from "@/lib/lab/report";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import type { CliCommand } from "./command";

const USAGE = `npm run cli -- lab <script.json | ${BUILT_IN_SCRIPTS.map((s) => s.id).join(" | ")}> [--conditions ${CONDITION_IDS.slice(0, 2).join(",")}] [--json]`;

function loadScript(ref: string): { script: unknown; conditions?: ConditionId[] } {
  const builtIn = BUILT_IN_SCRIPTS.find((s) => s.id === ref);
  if (builtIn) return { script: builtIn.script, conditions: builtIn.conditions };
  if (!existsSync(ref))
    throw new Error(
      `no script file ${JSON.stringify(ref)} and no built-in script by that name (built-in: ${BUILT_IN_SCRIPTS.map((s) => s.id).join(", ")})`,
    );
  return { script: readFileSync(ref, "utf8") };
}

function human(report: LabReport): string[] {
  const lines = [`${report.title} — ${report.columns.length} condition(s), ${report.durationMs} ms`];
  for (const column of report.columns) {
    lines.push("", `## ${column.label}`);
    if (column.error) {
      lines.push(`  could not run: ${column.error}`);
      continue;
    }
    for (const step of column.run!.steps) {
      const where = step.pid !== undefined ? `process ${step.lane} (pid ${step.pid})` : "http";
      const spawn =
        step.spawnToFirstByteMs !== undefined ? `, spawn→first byte ${step.spawnToFirstByteMs.toFixed(0)} ms` : "";
      lines.push(
        `  ${step.stepId.padEnd(10)} ${where}${spawn}: ${step.summary}${step.reason && step.status !== "ok" ? ` [${step.status}: ${step.reason}]` : ""}`,
      );
    }
    for (const verdict of column.run!.verdicts)
      lines.push(`  ⇒ ${verdict.textMsg ? say(verdict.textMsg, cliT()) : verdict.text}`);
  }
  const differing = report.diff.filter((r) => r.differs);
  if (report.columns.length > 1)
    lines.push(
      "",
      differing.length
        ? `differs at: ${differing.map((r) => r.stepId).join(", ")}`
        : "every step answered the same under every condition",
    );
  return lines;
}

export const command: CliCommand = {
  usage: USAGE,
  async run(argv) {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { conditions: { type: "string" }, json: { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new Error(`lab needs one script: ${USAGE}`);
    const { script, conditions: defaults } = loadScript(positionals[0]);
    const conditions = (values.conditions?.split(",").map((c) => c.trim()) ??
      defaults ?? ["stdio-one-process", "stdio-fresh-process"]) as ConditionId[];
    const unknown = conditions.filter((c) => !CONDITION_IDS.includes(c));
    if (unknown.length)
      throw new Error(`unknown condition(s) ${unknown.join(", ")}; choose from ${CONDITION_IDS.join(", ")}`);
    const report = await runLab({ script, conditions }, {});
    process.stdout.write((values.json ? JSON.stringify(report, withSentWhole, 2) : human(report).join("\n")) + "\n");
    return report.columns.some((c) => c.error || c.run?.steps.some((s) => s.status !== "ok")) ? 1 : 0;
  },
};
