/**
 * How a stdio server is started: the lean environment it gets and the words for a failed start.
 * Importable by the CLI and the lab (its HTTP instances get the same environment).
 */

import { existsSync } from "node:fs";
import path from "node:path";

// Only what a server needs to run: no secrets from the host's environment leak into arbitrary commands.
// TMPDIR and LANG are kept because npx/npm need a temp dir and servers print non-ASCII text.
const PASSED_ENV = ["PATH", "HOME", "TMPDIR", "LANG"];

export function minimalEnv(extra?: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of PASSED_ENV) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

/** Where a command would be found: a path as is (against cwd), a bare name on PATH; undefined when nowhere. */
export function resolveCommand(
  command: string,
  cwd: string | undefined,
  pathVar = process.env.PATH ?? "",
): string | undefined {
  if (command.includes("/") || command.includes("\\")) return path.resolve(cwd ?? process.cwd(), command);
  for (const dir of pathVar.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function describeSpawnError(argv: string[], cwd: string | undefined, err: NodeJS.ErrnoException): string {
  const command = argv[0];
  const resolved = resolveCommand(command, cwd);
  switch (err.code) {
    case "ENOENT":
      return `could not start \`${command}\`: command not found (ENOENT)${resolved ? ` (resolved to ${resolved}, which does not exist or whose interpreter is missing)` : ""}. Searched PATH=${process.env.PATH ?? ""}. Check that it is installed and on PATH, or give its full path.`;
    case "EACCES":
      return `could not start \`${command}\`${resolved && resolved !== command ? ` (${resolved})` : ""}: permission denied (EACCES). Is the file executable?`;
    case "ENOTDIR":
      return `could not start \`${command}\`: a part of the path is not a directory (ENOTDIR)${cwd ? ` (cwd ${cwd})` : ""}.`;
    default:
      return `could not start \`${command}\`: ${err.message}`;
  }
}
