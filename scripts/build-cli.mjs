// The CLI (lib/node/cli/main.ts) bundled into plain JavaScript: dist-cli/main.mjs is what `npm run cli`, the
// installed package's `mcp-playground <command>` and the tests that start the CLI as a process all run. Starting the
// sources through tsx costs ~2 s of CPU (loading tsx, transforming the sources); the bundle starts in a fraction of
// that. Code splitting keeps each command's lazy import lazy. The packages it imports are bundled too (resolving and
// linking hundreds of files in node_modules was about a third of a start's CPU), ES module builds first (`module`
// before `main`: a UMD build's inner require()s cannot be bundled), except those the embedded servers' bundles leave
// outside as well (scripts/build-servers.mjs: spawned or loading data files of their own) and oidc-provider
// (it keys its models by class name; the server loads it as published).
//   node scripts/build-cli.mjs [out dir]       → builds (default dist-cli/) and prints the entry file's path
//   import { ensureCliBundle } from "./build-cli.mjs"   → rebuilds dist-cli/ only when a source is newer
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newest } from "./build-state.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CLI_DIR = path.join(ROOT, "dist-cli");
export const CLI_ENTRY = path.join(CLI_DIR, "main.mjs");

// What the bundle is made from: a file here newer than dist-cli/main.mjs means it is stale.
const SOURCES = ["lib", "i18n", "tsconfig.json", "package.json", "scripts/build-cli.mjs"];

/**
 * esbuild's options for one of this checkout's TypeScript programs as a Node ES module bundle in `outDir` (the CLI
 * here; the fixtures the tests start as processes, tests/helpers/ts-fixtures.global.ts).
 */
export function nodeBundleOptions(outDir) {
  return {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    mainFields: ["module", "main"],
    external: ["@modelcontextprotocol/server-everything", "js-tiktoken", "oidc-provider"],
    // A CommonJS package inside an ES module bundle still calls require (for node: built-ins and the externals).
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    keepNames: true,
    legalComments: "none",
    logLevel: "warning",
  };
}

/** Builds the bundle into `outDir`; returns the entry file. */
export async function buildCliBundle(outDir = CLI_DIR) {
  const { build } = await import("esbuild");
  await build({
    ...nodeBundleOptions(outDir),
    // main: the CLI (npm run cli); bin: the installed package's mcp-playground, which loads main or the server.
    entryPoints: {
      main: path.join(ROOT, "lib", "node", "cli", "main.ts"),
      bin: path.join(ROOT, "lib", "node", "cli", "bin.ts"),
    },
    splitting: true,
  });
  const entry = path.join(outDir, "main.mjs");
  // The CLI's --help, for mcp-playground --help (lib/node/cli/bin.ts): loading every command to read its usage line
  // costs more than the half second a --help may take.
  const help = spawnSync(process.execPath, [entry, "--help"], {
    encoding: "utf8",
    env: { ...process.env, LANG: "C", LC_ALL: "C" },
  });
  if (help.status !== 0) throw new Error(`the bundled CLI's --help failed (exit ${help.status}): ${help.stderr}`);
  writeFileSync(path.join(outDir, "help.txt"), help.stdout);
  return entry;
}

/** True when dist-cli/main.mjs is missing or older than a source (a cheap mtime walk, no esbuild loaded). */
export function cliBundleStale() {
  if (!existsSync(CLI_ENTRY)) return true;
  const builtAt = statSync(CLI_ENTRY).mtimeMs;
  return SOURCES.some((source) => newest(path.join(ROOT, source))[0] > builtAt);
}

/** dist-cli/main.mjs, rebuilt first when a source changed since it was built. */
export async function ensureCliBundle() {
  if (cliBundleStale()) await buildCliBundle();
  return CLI_ENTRY;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? path.resolve(process.argv[2]) : CLI_DIR;
  // A clean build: chunks of an earlier build (their names carry hashes) would otherwise be packed too.
  rmSync(outDir, { recursive: true, force: true });
  console.log(await buildCliBundle(outDir));
}
