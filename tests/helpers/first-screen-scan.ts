/**
 * What the page's first screen can say: the catalogue namespaces named by the client code it loads at once — every
 * module reached by static imports from the first screen's client entries (LocaleProvider, SignInGate, Playground),
 * never through import() or next/dynamic (that code arrives later, with its tab, after the whole catalogue). A literal
 * "ns." or `ns.${…}` for a namespace ns of the catalogue counts; that over-counts (a file name, a comment), never under.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const FIRST_SCREEN_ENTRIES = [
  "components/i18n/LocaleProvider.tsx",
  "components/signin/SignInGate.tsx",
  "components/playground/Playground.tsx",
];

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else if (spec === "#english-catalogue") base = path.join(ROOT, "lib/i18n/english.browser.ts");
  else return null; // a package: it names no catalogue key
  for (const candidate of [base, ...[".ts", ".tsx", ".mjs", ".js"].map((e) => base + e), path.join(base, "index.ts")])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** Every static (value) import of a module's source: `import … from "x"`, `import "x"`, `export … from "x"`. */
function staticImports(source: string): string[] {
  const found: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([^;]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const m of source.matchAll(re)) if (!m[2]) found.push(m[4]);
  return found;
}

/** The first screen's modules (paths from the repo root). */
export function firstScreenModules(entries = FIRST_SCREEN_ENTRIES): string[] {
  const seen = new Set<string>();
  const todo = entries.map((e) => path.join(ROOT, e));
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith(".json")) continue;
    for (const spec of staticImports(readFileSync(file, "utf8"))) {
      const next = resolveImport(file, spec);
      if (next) todo.push(next);
    }
  }
  return [...seen].map((f) => path.relative(ROOT, f)).sort();
}

/** The namespaces of `namespaces` that the first screen's modules name. */
export function namespacesNamed(namespaces: string[], modules = firstScreenModules()): Set<string> {
  const known = new Set(namespaces);
  const named = new Set<string>();
  for (const m of modules) {
    if (m.endsWith(".json")) continue;
    const source = readFileSync(path.join(ROOT, m), "utf8");
    for (const hit of source.matchAll(/["'`]([a-zA-Z][a-zA-Z0-9]*)\.[a-zA-Z$]/g))
      if (known.has(hit[1])) named.add(hit[1]);
  }
  return named;
}

/** The packages the first screen's modules import (value imports only), each with a module that imports it. */
export function packagesImported(modules = firstScreenModules()): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of modules) {
    if (m.endsWith(".json")) continue;
    for (const spec of staticImports(readFileSync(path.join(ROOT, m), "utf8"))) {
      if (spec.startsWith(".") || spec.startsWith("@/") || spec.startsWith("#")) continue;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
      if (!found.has(name)) found.set(name, m);
    }
  }
  return found;
}
