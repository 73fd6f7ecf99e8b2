import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { FIRST_SCREEN_PATHS, pickMessages } from "@/lib/i18n/first-screen";
import { firstScreenModules, packagesImported } from "../../helpers/first-screen-scan";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const NAMESPACES = Object.keys(CATALOGUES.en);

/** Every catalogue key (or `${…}` key prefix) a first-screen module names, with the module that names it. */
function keysNamed(): { key: string; from: string }[] {
  const found: { key: string; from: string }[] = [];
  for (const from of firstScreenModules()) {
    if (from.endsWith(".json")) continue;
    const source = readFileSync(path.join(ROOT, from), "utf8");
    for (const hit of source.matchAll(/["'`]([a-zA-Z][a-zA-Z0-9]*)\.([a-zA-Z][a-zA-Z0-9_.]*|\$\{)/g)) {
      if (!NAMESPACES.includes(hit[1])) continue;
      const key = `${hit[1]}.${hit[2]}`.replace(/\.?\$\{$/, "").replace(/\.$/, "");
      // A file name in a comment ("mrtr.mdx") is no key: a static key must be in the catalogue.
      if (!hit[2].startsWith("${") && !/\$\{$/.test(hit[0]) && !hasKey(key) && !hasPrefix(key)) continue;
      found.push({ key, from });
    }
  }
  return found;
}

function lookup(key: string, messages: object = CATALOGUES.en): unknown {
  let at: unknown = messages;
  for (const part of key.split("."))
    at = typeof at === "object" && at ? (at as Record<string, unknown>)[part] : undefined;
  return at;
}
const hasKey = (key: string) => lookup(key) !== undefined;
const hasPrefix = (key: string) => NAMESPACES.some((ns) => ns === key);
const covered = (key: string) => FIRST_SCREEN_PATHS.some((p) => key === p || key.startsWith(`${p}.`));

describe("the first screen's catalogue (issue 46)", () => {
  it("holds every key the first screen's code names, so nothing on it waits for the rest of the catalogue", () => {
    // A key listed here is missing from lib/i18n/first-screen.ts FIRST_SCREEN_PATHS: add it (or its group) there.
    const missing = keysNamed().filter((k) => !covered(k.key));
    expect(missing).toEqual([]);
  });

  it("names only parts that exist in every language", () => {
    const absent = Object.entries(CATALOGUES).flatMap(([locale, messages]) =>
      FIRST_SCREEN_PATHS.filter((p) => lookup(p, messages) === undefined).map((p) => `${locale}: ${p}`),
    );
    expect(absent).toEqual([]);
  });

  it("is a small part of each catalogue: at most 15 % of its text", () => {
    for (const messages of Object.values(CATALOGUES)) {
      const first = JSON.stringify(pickMessages(messages, FIRST_SCREEN_PATHS)).length;
      expect(first / JSON.stringify(messages).length).toBeLessThan(0.15);
    }
  });

  it("the first screen's code imports none of the heavy libraries its tabs bring (zod, Ajv, the Apps host, Hono, tiktoken)", () => {
    const heavy = ["zod", "ajv", "@modelcontextprotocol/ext-apps", "@modelcontextprotocol/core", "hono", "js-tiktoken"];
    const imported = packagesImported();
    expect(heavy.filter((p) => imported.has(p)).map((p) => `${p} (by ${imported.get(p)})`)).toEqual([]);
  });

  it("picks a dotted path with its parents and nothing beside it", () => {
    const picked = pickMessages({ a: { b: "B", c: "C" }, d: "D", e: { f: "F" } }, ["a.b", "e", "zz.y"]);
    expect(picked).toEqual({ a: { b: "B" }, e: { f: "F" } });
  });
});
