/**
 * Issue 47: `npm pack` makes a package a user installs and runs without building it. What it holds is package.json's
 * "files", held here to the one list of runtime files there is, the Dockerfile's runtime stage (tests/image/run.mjs
 * proves that list runs); what installing it installs is its "dependencies": no test tool, linter or compiler.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const manifest = JSON.parse(read("package.json")) as {
  bin: Record<string, string>;
  files: string[];
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The runtime stage's `COPY --from=build /app/<path> …` sources, relative to the build stage's /app. */
function dockerRuntimeFiles(): string[] {
  const stages = read("Dockerfile").split(/^FROM /m);
  return [...stages.at(-1)!.matchAll(/^COPY --from=build (.+) \S+$/gm)].flatMap((m) =>
    m[1].split(/\s+/).map((source) => path.posix.relative("/app", source)),
  );
}

/** Whether a path is packed: the last "files" pattern that names it (or a folder above it) decides. */
function packed(file: string): boolean {
  let verdict = false;
  for (const pattern of manifest.files) {
    const negated = pattern.startsWith("!");
    const p = (negated ? pattern.slice(1) : pattern).replace(/\/$/, "");
    const escaped = p.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    // `**/` is any folders (none included), `*` any name within one folder.
    const body = escaped
      .split("**/")
      .map((part) => part.replace(/\*/g, "[^/]*"))
      .join("(?:.*/)?");
    const glob = new RegExp(`^${body}(/|$)`);
    if (glob.test(file)) verdict = !negated;
  }
  return verdict;
}

describe("the package holds what runs, and nothing to build", () => {
  it("every file the image runs is packed (node_modules is what npm installs; package.json is always packed)", () => {
    const runtime = dockerRuntimeFiles().filter((f) => f !== "node_modules" && f !== "package.json");
    expect(runtime).toEqual(expect.arrayContaining([".next", "dist-servers", "next.config.ts"]));
    for (const file of runtime)
      expect(packed(file) || packed(`${file}/server.mjs`), `${file} is in package.json "files"`).toBe(true);
  });

  it("the CLI bundle and the one bin are packed; sources, tests, caches and snapshot blobs are not", () => {
    expect(manifest.bin).toEqual({ "mcp-playground": "dist-cli/bin.mjs" });
    for (const file of [
      "dist-cli/bin.mjs",
      "dist-cli/main.mjs",
      "dist-cli/help.txt",
      "dist-servers/calendar.mjs",
      "npm-shrinkwrap.json",
      ".next/server/chunks/ssr/page.js",
    ])
      expect(packed(file), file).toBe(true);
    for (const file of [
      "lib/node/cli/main.ts",
      "tests/unit/package-files.test.ts",
      "scripts/server.ts",
      "app/page.tsx",
      ".next/cache/webpack/x.pack",
      ".next/server/chunks/ssr/page.js.map",
      "dist-servers/calendar.v20.20.2-x64.blob",
      "node_modules/next/package.json",
    ])
      expect(packed(file), file).toBe(false);
  });

  it("no install script runs in the installed package (its sources are not there to run)", () => {
    expect(Object.keys(manifest.scripts).filter((s) => /^(pre|post)?install$/.test(s))).toEqual([]);
  });

  it("installing it installs no test tool, linter, compiler or bundler, nor the editor the build already bundled", () => {
    const buildOnly = ["vitest", "eslint", "typescript", "tsx", "esbuild", "prettier", "playwright-core"];
    for (const tool of [...buildOnly, "monaco-editor", "@monaco-editor/react"]) {
      expect(manifest.dependencies[tool], tool).toBeUndefined();
      expect(manifest.devDependencies[tool], tool).toBeDefined();
    }
  });
});
