// The unit files share their workers' module cache (vitest.config.ts, isolate: false). A file that changes a
// process-wide state for good — an instance's life that ends draining — would leave every later file in that worker
// answering as a draining server (static-assets' requests stopped falling through to Next, in one file order of
// five), so such a file must run with a module cache of its own: it is listed in UNIT_OWN_PROCESS.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { UNIT_OWN_PROCESS } from "../../vitest.config";

const ROOT = path.join(import.meta.dirname, "..", "..");
/** Calls with no way back within one process (lib/node/web/lifecycle.ts). */
const FOR_GOOD = /\b(beginDrain|markStarting)\(/;

function unitFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? unitFiles(path.join(dir, e.name))
      : e.name.endsWith(".test.ts")
        ? [path.relative(ROOT, path.join(dir, e.name))]
        : [],
  );
}

it("every unit file that changes a process-wide state for good runs with a module cache of its own", () => {
  const changers = unitFiles(path.join(ROOT, "tests", "unit"))
    .filter((f) => FOR_GOOD.test(readFileSync(path.join(ROOT, f), "utf8")))
    .sort();
  expect(changers).toEqual([...UNIT_OWN_PROCESS].sort());
});
