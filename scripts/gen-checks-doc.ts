// Regenerates the generated parts of docs/checks.md: the check → fixture table (from the registry and the fixture
// matrix) and the agreement with the official conformance suite (from docs/conformance-agreement.json, which
// `npm run conformance` writes):
//   node --import tsx scripts/gen-checks-doc.ts
// tests/unit/checks/doc.test.ts fails when the committed doc drifts from them.
import { readFileSync, writeFileSync } from "node:fs";
import { agreementTable, parseAgreementData } from "../lib/checks/conformance";
import { checksTable } from "../lib/checks/doc";

const file = "docs/checks.md";
let doc = readFileSync(file, "utf8");

function fill(name: string, body: string): void {
  const start = doc.indexOf(`<!-- ${name}:start -->`);
  const end = doc.indexOf(`<!-- ${name}:end -->`);
  if (start < 0 || end < 0) throw new Error(`${file} lacks the ${name} markers`);
  doc = `${doc.slice(0, start)}<!-- ${name}:start -->\n${body}\n${doc.slice(end)}`;
}

fill("checks-table", checksTable());
fill(
  "conformance-agreement",
  agreementTable(parseAgreementData(readFileSync("docs/conformance-agreement.json", "utf8"))),
);
writeFileSync(file, doc);
