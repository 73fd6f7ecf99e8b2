/**
 * The catalogue check (issue 32): every key in all three languages, no key that no code reads, the same ICU
 * placeholders in every language, and every plural with the forms its language needs (Bulgarian: one/other;
 * Russian: one/few/many/other; English: one/other).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { FLAT } from "./flat-catalogues";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Argument names an ICU message uses, with their kind (plural `count` and text `count` are different contracts). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument) out.add(`${e.value}`);
    if (e.type === TYPE.number) out.add(`${e.value}:number`);
    if (e.type === TYPE.date || e.type === TYPE.time) out.add(`${e.value}:date`);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      out.add(`${e.value}:${e.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(e.options)) argumentsOf(option.value, out);
    }
    if (e.type === TYPE.tag) {
      out.add(`<${e.value}>`);
      argumentsOf(e.children, out);
    }
  }
  return out;
}

function pluralsOf(elements: MessageFormatElement[], out: { name: string; forms: string[] }[] = []) {
  for (const e of elements) {
    if (e.type === TYPE.plural) out.push({ name: e.value, forms: Object.keys(e.options) });
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const option of Object.values(e.options)) pluralsOf(option.value, out);
    if (e.type === TYPE.tag) pluralsOf(e.children, out);
  }
  return out;
}

/** Every source file that may read a key: the pages, components, lib (not the catalogues) and the request config. */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== "messages" && name !== "node_modules") sources(p, out);
    } else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(p);
  }
  return out;
}
const CODE = ["app", "components", "lib", "i18n"]
  .flatMap((d) => sources(path.join(ROOT, d)))
  .map((f) => readFileSync(f, "utf8"));

describe("the catalogues (lib/i18n/messages)", () => {
  it("every key is present in every language, and no language has a key the others lack", () => {
    const all = new Set(LOCALES.flatMap((l) => [...FLAT[l].keys()]));
    for (const l of LOCALES) {
      const missing = [...all].filter((k) => !FLAT[l].has(k));
      expect(missing, `keys missing in ${l}`).toEqual([]);
    }
  });

  it("no message is empty unless English's is", () => {
    for (const l of LOCALES)
      for (const [k, v] of FLAT[l]) if (FLAT.en.get(k) !== "") expect(v.trim(), `${l} ${k} is empty`).not.toBe("");
  });

  it("every message parses as ICU, and uses the same placeholders in every language", () => {
    for (const [key, english] of FLAT.en) {
      const want = [...argumentsOf(parse(english))].sort();
      for (const l of LOCALES) {
        const text = FLAT[l].get(key);
        if (text === undefined) continue;
        let got: string[];
        try {
          got = [...argumentsOf(parse(text))].sort();
        } catch (e) {
          throw new Error(`${l} ${key} is not valid ICU: ${(e as Error).message}`);
        }
        expect(got, `${l} ${key} placeholders`).toEqual(want);
      }
    }
  });

  it("every plural has every form its language distinguishes (Russian one/few/many/other, Bulgarian one/other)", () => {
    for (const l of LOCALES) {
      const needed = new Intl.PluralRules(l).resolvedOptions().pluralCategories;
      for (const [key, text] of FLAT[l])
        for (const p of pluralsOf(parse(text))) {
          const lacking = needed.filter((c) => !p.forms.includes(c));
          expect(lacking, `${l} ${key} {${p.name}, plural} lacks`).toEqual([]);
        }
    }
  });

  it("every key is read by some code: written in full, or under a family the code builds (`prefix.${…}`)", () => {
    const families = new Set<string>();
    for (const code of CODE)
      for (const m of code.matchAll(/`([a-zA-Z][a-zA-Z0-9_]*\.[a-zA-Z0-9_.]*)\$\{/g)) families.add(m[1]);
    // A key is written in full when it stands between two consecutive quotes (or backticks) of some file: the same
    // as searching every file for `"key"`, read once instead of once per key.
    const between = (code: string, quote: string) => code.split(quote).slice(1, -1);
    const quoted = new Set(CODE.flatMap((code) => [...between(code, '"'), ...between(code, "`")]));
    const unused = [...FLAT.en.keys()].filter(
      (key) => !quoted.has(key) && ![...families].some((f) => key.startsWith(f)),
    );
    expect(unused, "keys no code reads").toEqual([]);
  });
});
