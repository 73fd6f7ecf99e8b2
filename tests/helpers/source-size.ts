/**
 * Source lines per layer (docs/architecture.md "Size"): every .ts/.tsx/.mts/.mjs file under each lib/ folder,
 * each lib/node folder, components/ and app/, counted as `wc -l` does. Rounded to hundreds for the page.
 */
import fs from "node:fs";
import path from "node:path";

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function linesUnder(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += linesUnder(full);
    else if (SOURCE.test(entry.name)) total += fs.readFileSync(full, "utf8").split("\n").length - 1;
  }
  return total;
}

function foldersOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** Each layer (as written on the page, e.g. "lib/node/web") with its source lines, in the page's order. */
export function layerSizes(root: string): { layer: string; lines: number }[] {
  const layers = [
    ...foldersOf(path.join(root, "lib"))
      .filter((f) => f !== "node")
      .map((f) => `lib/${f}`),
    ...foldersOf(path.join(root, "lib/node")).map((f) => `lib/node/${f}`),
    "components",
    "app",
  ];
  return layers.map((layer) => ({ layer, lines: linesUnder(path.join(root, layer)) }));
}

/** 1234 → "1,200": what the page shows (a layer with any code shows at least 100). */
export function hundreds(lines: number): string {
  return (lines > 0 ? Math.max(100, Math.round(lines / 100) * 100) : 0).toLocaleString("en-US");
}

/** The page's "Size" table for these sizes. */
export function sizeTable(sizes: { layer: string; lines: number }[]): string {
  return [
    "| layer | source lines (rounded to hundreds) |",
    "| --- | --- |",
    ...sizes.map(({ layer, lines }) => `| \`${layer}/\` | ${hundreds(lines)} |`),
  ].join("\n");
}
