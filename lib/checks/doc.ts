/**
 * What docs/checks.md says about the suite: which violating fixture proves each check (the fixture matrix, run
 * by tests/integration/checks/fixtures.test.ts; the task violations, by tests/integration/tasks/checks.test.ts)
 * and the check → fixture table rendered from it. scripts/gen-checks-doc.ts writes the table; the doc test
 * compares it. Pure: it names the fixtures, it does not import them.
 */
import { specRefText } from "./define";
import { ALL_CHECKS } from "./registry";

export interface MatrixRow {
  /** The check the violation breaks (and the fixture's --violate value). */
  id: string;
  transport: "stdio" | "http";
  /** "fail" for a broken rule; "warn" where the suite can only flag it (informational rules, AMBIG-22). */
  expect: "fail" | "warn";
}

const http = (ids: string[]): MatrixRow[] => ids.map((id) => ({ id, transport: "http", expect: "fail" }));
const stdio = (ids: string[]): MatrixRow[] => ids.map((id) => ({ id, transport: "stdio", expect: "fail" }));

export const MATRIX: MatrixRow[] = [
  // Rules for both transports: proved over HTTP (an in-process server, fast), the stdio-specific paths over stdio too.
  ...http([
    "C01",
    "C02",
    "C03",
    "C04",
    "C05",
    "C06",
    "C07",
    "C08",
    "C09",
    "C10",
    "C63",
    "C11",
    "C12",
    "C13",
    "C14",
    "C15",
    "C16",
    "C17",
    "C18",
    "C19",
    "C20",
    "C21",
    "C22",
    "C23",
  ]),
  ...http(["C24", "C25", "C26", "C27", "C29", "C30"]),
  { id: "C31", transport: "http", expect: "warn" },
  { id: "C32", transport: "http", expect: "warn" },
  ...http(["C33", "C34", "C35", "C36", "C37", "C38", "C64", "C40"]),
  ...http([
    "C41",
    "C42",
    "C43",
    "C44",
    "C45",
    "C46",
    "C47",
    "C48",
    "C49",
    "C50",
    "C51",
    "C52",
    "C53",
    "C54",
    "C55",
    "C56",
  ]),
  ...stdio(["C04", "C06", "C37", "C40"]),
  ...stdio(["C28", "C39", "C58", "C60", "C61"]),
  { id: "C62", transport: "stdio", expect: "warn" },
];

/**
 * The rules legacy servers are judged on, each proved by the hand-written 2025-11-25 fixture
 * (tests/fixtures/checks/legacy.mjs --violate <id>, run by tests/integration/checks/legacy.test.ts).
 */
export const LEGACY_MATRIX: MatrixRow[] = [
  ...http([
    "C09",
    "C11",
    "C18",
    "C19",
    "C21",
    "C22",
    "C54",
    "C65",
    "C66",
    "C67",
    "C70",
    "C71",
    "C72",
    "C73",
    "C74",
    "C75",
    "C76",
    "C77",
    "C79",
    "C80",
  ]),
  // Version negotiation and the quiet time before initialized: on stdio, where each initialize has its own process.
  ...stdio(["C58", "C60", "C65", "C68", "C69", "C78"]),
];

/** The task checks the tasks demo server can be made to break, one at a time (tests/fixtures/tasks/broken.ts). */
export const TASK_VIOLATIONS = ["T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09", "T10"] as const;
export type TaskViolation = (typeof TASK_VIOLATIONS)[number];

/**
 * The authorization checks, proved by tests/integration/checks/auth.test.ts: a small server per metadata mistake
 * (tests/fixtures/auth/metadata.ts) and, for the token rules, the embedded naive server (`check --demo naive-protected`).
 */
export const AUTH_PROOFS: { id: string; fixture: string }[] = [
  { id: "C57", fixture: "auth/metadata.ts basic-challenge-no-metadata" },
  { id: "A01", fixture: "auth/metadata.ts basic-challenge-no-metadata" },
  { id: "A02", fixture: "auth/metadata.ts challenge-without-resource-metadata" },
  { id: "A03", fixture: "auth/metadata.ts metadata-only-at-challenge-url" },
  { id: "A04", fixture: "auth/metadata.ts resource-mismatch" },
  { id: "A05", fixture: "auth/metadata.ts issuer-trailing-slash" },
  { id: "A06", fixture: "auth/metadata.ts no-s256" },
  { id: "A07", fixture: "auth/metadata.ts no-registration-path" },
  { id: "A08", fixture: "auth/metadata.ts accepts-any-token" },
  { id: "A09", fixture: "--demo naive-protected" },
  { id: "A10", fixture: "--demo naive-protected" },
];

export function checksTable(): string {
  const rows = [
    "| Check | Level | Transport | Eras | Rule | Spec | Proved by (fixture → expected verdict) |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const c of ALL_CHECKS) {
    const proofs = MATRIX.filter((r) => r.id === c.id).map(
      (r) => `\`${r.transport === "stdio" ? "stdio.mjs" : "http.mjs"} --violate ${r.id}\` → ${r.expect}`,
    );
    for (const r of LEGACY_MATRIX.filter((row) => row.id === c.id))
      proofs.push(`\`legacy.mjs${r.transport === "http" ? " --http" : ""} --violate ${r.id}\` → ${r.expect}`);
    // The task checks are proved by the tasks demo server with one rule broken (tests/integration/tasks/checks.test.ts).
    if ((TASK_VIOLATIONS as readonly string[]).includes(c.id)) proofs.push(`\`tasks/broken.ts ${c.id}\` (http) → fail`);
    for (const p of AUTH_PROOFS.filter((r) => r.id === c.id)) proofs.push(`\`${p.fixture}\` (http) → fail`);
    const proved = proofs.length ? proofs.join("<br>") : "—";
    const eras = c.eras.map((e) => (e === "modern" ? "2026-07-28" : "2025-11-25")).join(", ");
    rows.push(
      `| ${c.id} | ${c.level} | ${c.transports} | ${eras} | ${c.title.replace(/\|/g, "\\|")} | ${specRefText(c.spec)}${c.spec.legacy ? ` · 2025-11-25/${c.spec.legacy}` : ""} | ${proved} |`,
    );
  }
  rows.push(
    "| C59 | — | stdio | both | stderr output is tolerated | digest §9.1 · spec/basic/transports/stdio.mdx | not a check: it is a client rule (the bridge never treats stderr as failure) |",
  );
  return rows.join("\n");
}
