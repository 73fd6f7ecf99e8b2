/** What the demo servers that keep state in files share: a folder of JSON files, one per calendar or task. */
import { readdirSync, unlinkSync } from "node:fs";
import path from "node:path";

/** Removes every `*.json` file in `dir` (Reset demo servers); returns how many it removed. */
export function removeJsonFiles(dir: string): number {
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".json")) continue;
    try {
      unlinkSync(path.join(dir, name));
      removed++;
    } catch {
      /* removed meanwhile */
    }
  }
  return removed;
}
