/**
 * docs/architecture.md names the size of every layer (issue 45 point 5), so growth is seen in review. The figures are
 * rounded to hundreds, and a layer may drift from its figure by 150 lines or 5 % (whichever is more) before this
 * fails: one small change passes, a layer that grew or shrank for real asks for the page's table to be updated.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { layerSizes, sizeTable } from "@/tests/helpers/source-size";

const ROOT = path.resolve(__dirname, "../..");

function pageSizes(): Map<string, number> {
  const page = fs.readFileSync(path.join(ROOT, "docs/architecture.md"), "utf8");
  const section = /^## Size\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(page)?.[1] ?? "";
  const rows = [...section.matchAll(/^\|\s*`([^`]+)\/`\s*\|\s*([\d,]+)\s*\|$/gm)];
  return new Map(rows.map(([, layer, figure]) => [layer, Number(figure.replace(/,/g, ""))]));
}

describe("docs/architecture.md's size table", () => {
  const sizes = layerSizes(ROOT);
  const hint = `update the "## Size" table in docs/architecture.md to:\n\n${sizeTable(sizes)}\n`;

  it("lists every layer (each lib/ and lib/node/ folder, components/, app/) and no other", () => {
    expect([...pageSizes().keys()], hint).toEqual(sizes.map((s) => s.layer));
  });

  it("gives each layer's source lines, rounded to hundreds, within 150 lines or 5 %", () => {
    const page = pageSizes();
    const off = sizes.filter(({ layer, lines }) => {
      const figure = page.get(layer);
      return figure === undefined || Math.abs(figure - lines) > Math.max(150, lines * 0.05);
    });
    expect(
      off.map((s) => `${s.layer}: ${s.lines} lines, the page says ${page.get(s.layer)}`),
      hint,
    ).toEqual([]);
  });
});
