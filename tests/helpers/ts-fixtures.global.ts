/**
 * vitest globalSetup: bundles the TypeScript fixtures the tests start as processes (tests/helpers/ts-fixtures.ts) once
 * per run, with esbuild, inside this checkout so that the packages left outside resolve from node_modules, and names
 * the folder to the test workers in TS_FIXTURES_ENV.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { TS_FIXTURES, TS_FIXTURES_ENV } from "./ts-fixtures";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export default async function setup(): Promise<() => void> {
  const cache = path.join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "playground-ts-fixtures-"));
  try {
    await build({
      entryPoints: Object.fromEntries(Object.entries(TS_FIXTURES).map(([name, file]) => [name, path.join(ROOT, file)])),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outdir: dir,
      outExtension: { ".js": ".mjs" },
      tsconfig: path.join(ROOT, "tsconfig.json"),
      mainFields: ["module", "main"],
      // As the CLI's bundle (scripts/build-cli.mjs): the packages that load files of their own stay in node_modules.
      external: ["@modelcontextprotocol/server-everything", "js-tiktoken", "oidc-provider"],
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      keepNames: true,
      logLevel: "warning",
    });
  } finally {
    // esbuild's service process would outlive the run (tests/leftover-processes.global.ts lists it).
    await stop();
  }
  process.env[TS_FIXTURES_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
