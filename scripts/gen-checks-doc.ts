// Regenerates the check → fixture table in docs/checks.md from the registry and the fixture matrix:
//   node --import tsx scripts/gen-checks-doc.ts
// tests/unit/checks/doc.test.ts fails when the committed table drifts from them.
import { readFileSync, writeFileSync } from "node:fs";
import { checksTable } from "../lib/checks/doc";

const file = "docs/checks.md";
const doc = readFileSync(file, "utf8");
const start = doc.indexOf("<!-- checks-table:start -->");
const end = doc.indexOf("<!-- checks-table:end -->");
if (start < 0 || end < 0) throw new Error(`${file} lacks the checks-table markers`);
writeFileSync(file, `${doc.slice(0, start)}<!-- checks-table:start -->\n${checksTable()}\n${doc.slice(end)}`);
console.log(`wrote the table into ${file}`);
