import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "@/lib/checks/registry";
import { agreementTable, parseAgreementData } from "@/lib/checks/conformance";
import { AUTH_PROOFS, LEGACY_MATRIX, MATRIX, TASK_VIOLATIONS, checksTable } from "@/lib/checks/doc";

describe("docs/checks.md", () => {
  it("its check → fixture table is the one the registry and the fixture matrix give (run scripts/gen-checks-doc.ts)", () => {
    const doc = readFileSync("docs/checks.md", "utf8");
    expect(doc).toContain(`<!-- checks-table:start -->\n${checksTable()}\n<!-- checks-table:end -->`);
  });

  it("its agreement table with the official suite is the one docs/conformance-agreement.json gives (npm run conformance writes both)", () => {
    const doc = readFileSync("docs/checks.md", "utf8");
    const data = parseAgreementData(readFileSync("docs/conformance-agreement.json", "utf8"));
    expect(doc).toContain(
      `<!-- conformance-agreement:start -->\n${agreementTable(data)}\n<!-- conformance-agreement:end -->`,
    );
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
