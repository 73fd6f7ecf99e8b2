// The fixture matrix is dealt across MATRIX_FILES integration files (row i runs in part i mod MATRIX_FILES): each part
// must be called by exactly one file, or rows would run twice or never.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

const DIR = path.join(import.meta.dirname, "..", "..", "integration", "checks");

it("every part of the fixture matrix is run by exactly one integration file", () => {
  const source = readFileSync(path.join(DIR, "fixture-matrix.ts"), "utf8");
  const files = Number(/export const MATRIX_FILES = (\d+);/.exec(source)?.[1]);
  const parts = readdirSync(DIR)
    .filter((f) => f.endsWith(".test.ts"))
    .flatMap((f) => [...readFileSync(path.join(DIR, f), "utf8").matchAll(/^describeMatrixPart\((\d+)\);$/gm)])
    .map((m) => Number(m[1]))
    .sort();
  expect(parts).toEqual([...Array(files).keys()]);
});
