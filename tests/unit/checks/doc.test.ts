import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "@/lib/checks/registry";
import { AUTH_PROOFS, LEGACY_MATRIX, MATRIX, TASK_VIOLATIONS, checksTable } from "@/lib/checks/doc";

describe("docs/checks.md", () => {
  it("its check → fixture table is the one the registry and the fixture matrix give (run scripts/gen-checks-doc.ts)", () => {
    const doc = readFileSync("docs/checks.md", "utf8");
    expect(doc).toContain(`<!-- checks-table:start -->\n${checksTable()}\n<!-- checks-table:end -->`);
  });

  it("every implemented check is proved by a violating fixture", () => {
    const proved = new Set([
      ...MATRIX.map((r) => r.id),
      ...LEGACY_MATRIX.map((r) => r.id),
      ...TASK_VIOLATIONS,
      ...AUTH_PROOFS.map((r) => r.id),
    ]);
    expect(ALL_CHECKS.map((c) => c.id).filter((id) => !proved.has(id))).toEqual([]);
  });
});
