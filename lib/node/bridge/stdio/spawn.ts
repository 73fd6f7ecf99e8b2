/**
 * How a stdio server is started: the gates before it, the lean environment it gets, its own process group, and the
 * words for a failed start.
 * Importable by the CLI and the lab (its HTTP instances get the same environment).
 */

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { embeddedServerEnv } from "../embedded";
import { spawnRefusal } from "../target-policy";
import type { StdioSpec } from "./events";

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

/** Why this spec must not start (hosted policy, a working directory that is not one); undefined when it may. */
export function startRefusal(spec: StdioSpec): string | undefined {
  // The last gate: whatever path led here, hosted mode starts only the embedded servers.
  const refusal = spawnRefusal(spec.argv, spec.env, spec.cwd);
  if (refusal) return refusal;
  if (!spec.cwd) return undefined;
  let isDir = false;
  try {
    isDir = statSync(spec.cwd).isDirectory();
  } catch {
    // reported below
  }
  return isDir
    ? undefined
    : `could not start \`${spec.argv[0]}\`: the working directory ${spec.cwd} does not exist or is not a directory.`;
}

/** Spawns the server with piped stdio in its own process group; throws what spawn throws synchronously. */
export function spawnServer(spec: StdioSpec): ChildProcess {
  return spawn(spec.argv[0], spec.argv.slice(1), {
    cwd: spec.cwd,
    env: minimalEnv({ ...spec.env, ...embeddedServerEnv(spec.argv) }) as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
    detached: true, // own process group: closing kills the whole tree, and the host's Ctrl-C does not race us
    windowsHide: true,
  });
}
