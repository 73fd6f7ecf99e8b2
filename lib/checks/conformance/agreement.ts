/**
 * The two verdicts on one scenario compared (who is right where they differ), grouped into the rows of the agreement
 * table, and the table docs/checks.md shows; docs/conformance-agreement.json read back. Pure: no I/O.
 */
import type { Status as CheckStatus } from "../types";
import type { OfficialReading, OfficialVerdict, OursReading, Revision } from "./scenarios";

/** One scenario on one server, as measured. */
export interface Measurement {
  server: string;
  revision: Revision;
  scenario: string;
  official: OfficialReading;
  ours: OursReading;
}

/** Who is right where the two differ on a scenario that applies, decided by reading the spec: scenario → verdict. */
export interface Judgement {
  right: "ours" | "official" | "both" | "neither" | "open";
  why: string;
}

/** "suite only": the suite judges a rule no check of ours covers. */
export type Agreement = "agree" | "suite n/a" | "suite only" | "disagree";

export interface AgreementRow {
  scenario: string;
  revision: Revision;
  servers: string[];
  official: OfficialReading;
  ours: OursReading;
  agreement: Agreement;
  right: Judgement["right"];
  why: string;
}

export interface AgreementData {
  suite: string;
  node: string;
  measured: string;
  servers: { name: string; how: string }[];
  rows: AgreementRow[];
}

const SAME: Record<OfficialVerdict, (CheckStatus | "none")[]> = {
  pass: ["pass", "skip", "not-testable"],
  skip: ["pass", "skip", "not-testable", "none"],
  warn: ["warn"],
  fail: ["fail"],
  "n/a": [],
};

/**
 * Compares one measurement. Where the suite's verdict is n/a, our checks decide alone (the suite tested its
 * fixture or an undeclared capability). Where both apply and differ, the judgement table says who is right; a
 * difference nobody has judged yet is "open" and says so.
 */
export function compare(m: Measurement, judgements: Record<string, Judgement>): Omit<AgreementRow, "servers"> {
  const base = { scenario: m.scenario, revision: m.revision, official: m.official, ours: m.ours };
  if (m.official.verdict === "n/a") {
    const why = m.official.detail.startsWith("needs")
      ? `it tests the suite's own fixture, not this server${m.ours.verdict === "none" ? "" : "; ours judges the rule on the server's own catalogue"}`
      : "without the capability -32601 is the right answer (capability negotiation); the suite does not read the capabilities";
    return { ...base, agreement: "suite n/a", right: "ours", why };
  }
  if (SAME[m.official.verdict].includes(m.ours.verdict)) return { ...base, agreement: "agree", right: "both", why: "" };
  if (m.ours.verdict === "none")
    return {
      ...base,
      agreement: "suite only",
      right: m.official.verdict === "fail" || m.official.verdict === "warn" ? "official" : "both",
      why: "no check of ours judges this rule",
    };
  const judged = judgements[`${m.scenario}@${m.revision}`] ?? judgements[m.scenario];
  return {
    ...base,
    agreement: "disagree",
    right: judged?.right ?? "open",
    why: judged?.why ?? "not judged yet: read the frames and add a judgement (lib/checks/conformance-judgements.ts)",
  };
}

/** Rows, one per scenario, revision and outcome: servers with the same verdicts share a row. */
export function groupRows(measurements: Measurement[], judgements: Record<string, Judgement>): AgreementRow[] {
  const rows: AgreementRow[] = [];
  for (const m of measurements) {
    const r = compare(m, judgements);
    const same = rows.find(
      (row) =>
        row.scenario === r.scenario &&
        row.revision === r.revision &&
        row.official.verdict === r.official.verdict &&
        row.official.detail === r.official.detail &&
        row.ours.verdict === r.ours.verdict &&
        row.ours.detail === r.ours.detail,
    );
    if (same) same.servers.push(m.server);
    else rows.push({ ...r, servers: [m.server] });
  }
  return rows;
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function agreementSummary(data: AgreementData): string {
  const count = (a: Agreement) => data.rows.filter((r) => r.agreement === a).length;
  const disagree = data.rows.filter((r) => r.agreement === "disagree");
  const byRight = (right: Judgement["right"]) => disagree.filter((r) => r.right === right).length;
  return (
    `${data.rows.length} rows (scenario × revision × outcome): **${count("agree")} agree**, ` +
    `**${count("suite n/a")}** where the suite's verdict does not apply (its fixture or an undeclared capability), ` +
    `**${count("suite only")}** judged by the suite alone, ` +
    `**${disagree.length} disagree** (ours right ${byRight("ours")}, the suite right ${byRight("official")}, ` +
    `neither ${byRight("neither")}, open ${byRight("open")}).`
  );
}

/** The section docs/checks.md shows between the conformance-agreement markers. */
export function agreementTable(data: AgreementData): string {
  const lines = [
    `Measured ${data.measured} with \`${data.suite}\` on Node ${data.node} (\`npm run conformance\`; data: ` +
      "`docs/conformance-agreement.json`). Servers, each over Streamable HTTP:",
    "",
    ...data.servers.map((s) => `- **${s.name}**: ${s.how}`),
    "",
    agreementSummary(data),
    "",
    "| Scenario | Rev. | Servers | Official verdict | Our check → verdict | Agree | Who is right, why |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of data.rows) {
    const right = r.agreement === "agree" ? "both" : `**${r.right}**: ${r.why}`;
    const ours = r.ours.verdict === "none" ? "—" : `${r.ours.detail} → ${r.ours.verdict}`;
    lines.push(
      `| ${r.scenario} | ${r.revision} | ${r.servers.join(", ")} | ${r.official.verdict}: ${cell(r.official.detail)} | ${cell(ours)} | ${r.agreement} | ${cell(right)} |`,
    );
  }
  return lines.join("\n");
}

/** Reads docs/conformance-agreement.json; a file of another shape is refused with the field that is wrong. */
export function parseAgreementData(text: string): AgreementData {
  const value = JSON.parse(text) as AgreementData;
  const bad = (what: string) => new Error(`docs/conformance-agreement.json: ${what} (run npm run conformance)`);
  if (typeof value !== "object" || value === null) throw bad("not an object");
  for (const key of ["suite", "node", "measured"] as const)
    if (typeof value[key] !== "string") throw bad(`${key} is not a string`);
  if (!Array.isArray(value.servers) || !Array.isArray(value.rows)) throw bad("servers or rows is not an array");
  value.rows.forEach((r, i) => {
    if (typeof r?.scenario !== "string" || !Array.isArray(r.servers) || typeof r.official?.verdict !== "string")
      throw bad(`row ${i} lacks scenario, servers or official`);
    if (!["agree", "suite n/a", "suite only", "disagree"].includes(r.agreement))
      throw bad(`row ${i} has agreement ${r.agreement}`);
  });
  return value;
}
