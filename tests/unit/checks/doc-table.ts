/** The check → fixture table of docs/checks.md, built from the registry and the fixture matrix. */
import { specRefText } from "@/lib/checks/define";
import { ALL_CHECKS } from "@/lib/checks/registry";
import { MATRIX } from "@/tests/integration/checks/fixture-matrix";
import { TASK_VIOLATIONS } from "@/tests/fixtures/tasks/broken";

const NOT_PROVED: Record<string, string> = {
  C57: "— (judged only when a server answers 401; the fixture needs no authorization)",
};

export function checksTable(): string {
  const rows = ["| Check | Level | Transport | Rule | Spec | Proved by (fixture → expected verdict) |", "| --- | --- | --- | --- | --- | --- |"];
  for (const c of ALL_CHECKS) {
    const proofs = MATRIX.filter((r) => r.id === c.id).map((r) => `\`${r.transport === "stdio" ? "stdio.mjs" : "http.mjs"} --violate ${r.id}\` → ${r.expect}`);
    // The task checks are proved by the tasks demo server with one rule broken (tests/integration/tasks/checks.test.ts).
    if ((TASK_VIOLATIONS as readonly string[]).includes(c.id)) proofs.push(`\`tasks/broken.ts ${c.id}\` (http) → fail`);
    const proved = proofs.length ? proofs.join("<br>") : NOT_PROVED[c.id] ?? "—";
    rows.push(`| ${c.id} | ${c.level} | ${c.transports} | ${c.title.replace(/\|/g, "\\|")} | ${specRefText(c.spec)} | ${proved} |`);
  }
  rows.push("| C59 | — | stdio | stderr output is tolerated | digest §9.1 · spec/basic/transports/stdio.mdx | not a check: it is a client rule (the bridge never treats stderr as failure) |");
  return rows.join("\n");
}
