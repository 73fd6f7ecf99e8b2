/**
 * vitest globalSetup: builds the CLI bundle once per run, with the builder that makes `npm run cli`'s and the installed
 * package's (scripts/build-cli.mjs), inside this checkout so that its packages resolve from node_modules, and names it
 * to the test workers in CLI_BUNDLE_ENV (tests/helpers/cli.ts).
 * The build runs in a node process of its own: it asks Node's loader, not vitest's, which packages it can load.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { CLI_BUNDLE_ENV } from "./cli";

export default function setup(): () => void {
  const cache = path.join(process.cwd(), "node_modules", ".cache");
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(path.join(cache, "playground-cli-"));
  const builder = path.join(import.meta.dirname, "..", "..", "scripts", "build-cli.mjs");
  process.env[CLI_BUNDLE_ENV] = execFileSync(process.execPath, [builder, dir], { encoding: "utf8" }).trim();
  return () => rmSync(dir, { recursive: true, force: true });
}
