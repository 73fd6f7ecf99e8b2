/**
 * vitest globalSetup: bundles the TypeScript fixtures the tests start as processes (tests/helpers/ts-fixtures.ts) once
 * per run, with esbuild, inside this checkout so that the packages left outside resolve from node_modules, and names
 * the folder to the test workers in TS_FIXTURES_ENV.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { build, stop } from "esbuild";
import { nodeBundleOptions } from "../../scripts/build-cli.mjs";
import { TS_FIXTURES, TS_FIXTURES_ENV } from "./ts-fixtures";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

export default async function setup(): Promise<() => void> {
  const cache = path.join(ROOT, "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "playground-ts-fixtures-"));
  try {
    await build({
      ...nodeBundleOptions(dir),
      entryPoints: Object.fromEntries(Object.entries(TS_FIXTURES).map(([name, file]) => [name, path.join(ROOT, file)])),
    });
  } finally {
    // esbuild's service process would outlive the run (tests/leftover-processes.global.ts lists it).
    await stop();
  }
  process.env[TS_FIXTURES_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
