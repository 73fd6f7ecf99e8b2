/**
 * Where the embedded servers live on disk and the exact command lines that start them. Hosted mode runs
 * these command lines and nothing else, so they are defined once, here. Importable by the CLI.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { hkdfSync } from "node:crypto";
import { createRequire } from "node:module";

/** The repository root: Next and the CLI run from it; PLAYGROUND_ROOT overrides (tests, other cwd). */
export function repoRoot(): string {
  return process.env.PLAYGROUND_ROOT ?? process.cwd();
}

/**
 * An embedded server's stdio command line: its V8 startup snapshot when scripts/build-servers.mjs could build one
 * for this very Node (a blob only loads in the Node that built it, hence the version in its name), which starts
 * several times faster; else its bundle dist-servers/<name>.mjs. The file to check for is always the last word.
 */
export function embeddedStdioArgv(name: string, { fresh = false } = {}): string[] {
  const dir = path.join(/* turbopackIgnore: true */ repoRoot(), "dist-servers");
  const known = chosen.get(dir + name);
  // Chosen once (it is on every send's path); `fresh` chooses again, e.g. when the chosen file has gone.
  if (known && !fresh) return [...known];
  const blob = path.join(dir, snapshotBlobName(name));
  const argv = existsSync(blob)
    ? [process.execPath, "--snapshot-blob", blob]
    : [process.execPath, path.join(dir, `${name}.mjs`)];
  chosen.set(dir + name, argv);
  return argv;
}

const chosen = new Map<string, string[]>();

/** dist-servers/<name>.<node version>-<arch>.blob: also written by scripts/build-servers.mjs. */
export function snapshotBlobName(name: string): string {
  return `${name}.${process.version}-${process.arch}.blob`;
}

/**
 * server-everything's entry file, found as Node resolves packages from the playground's root: ./node_modules in a
 * clone; beside the package when it is installed from its tarball (npm hoists its dependencies next to it).
 */
export function everythingEntry(): string {
  const root = repoRoot();
  const known = everythingAt.get(root);
  if (known) return known;
  let dir: string;
  try {
    const manifest = createRequire(path.join(/* turbopackIgnore: true */ root, "package.json")).resolve(
      "@modelcontextprotocol/server-everything/package.json",
    );
    dir = path.dirname(manifest);
  } catch {
    // Not installed: the path a clone would have, which the caller reports as missing.
    dir = path.join(/* turbopackIgnore: true */ root, "node_modules", "@modelcontextprotocol", "server-everything");
  }
  const entry = path.join(dir, "dist", "index.js");
  everythingAt.set(root, entry);
  return entry;
}

const everythingAt = new Map<string, string>();

export function everythingStdioArgv(): string[] {
  return [process.execPath, everythingEntry(), "stdio"];
}

/**
 * What the bridge adds to an embedded server's environment (after the hosted check, which allows none from the
 * caller): the tasks server gets the task-id key of this deployment, so ids it mints over stdio verify over HTTP
 * and on every instance that shares PLAYGROUND_TOKEN (never the token itself), and the deployment's tasks store
 * (TASKS_STORE_DIR, a volume every pod mounts), so answers and cancels given over stdio reach every instance.
 */
export function embeddedServerEnv(argv: readonly string[]): Record<string, string> {
  const dir = path.join(/* turbopackIgnore: true */ repoRoot(), "dist-servers");
  const last = argv[argv.length - 1];
  if (last !== path.join(dir, "tasks.mjs") && last !== path.join(dir, snapshotBlobName("tasks"))) return {};
  const env: Record<string, string> = {};
  if (process.env.TASKS_STORE_DIR) env.TASKS_STORE_DIR = process.env.TASKS_STORE_DIR;
  if (process.env.TASKS_ID_KEY) env.TASKS_ID_KEY = process.env.TASKS_ID_KEY;
  else if (process.env.PLAYGROUND_TOKEN) env.TASKS_ID_KEY = taskIdKeyFromToken(process.env.PLAYGROUND_TOKEN);
  return env;
}

/**
 * The task-id key every instance sharing PLAYGROUND_TOKEN agrees on (HKDF with a label, so the key reveals nothing
 * about the token). The bridge hands it to the tasks server it spawns as TASKS_ID_KEY: stdio and HTTP ids agree.
 */
export function taskIdKeyFromToken(token: string): string {
  return Buffer.from(hkdfSync("sha256", token, "mcp-playground", "tasks id signing key v1", 32)).toString("hex");
}
