/**
 * How a stdio server is started: the lean environment it gets and the words for a failed start.
 * Importable by the CLI and the lab (its HTTP instances get the same environment).
 */

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

export function describeSpawnError(argv: string[], cwd: string | undefined, err: NodeJS.ErrnoException): string {
  const command = argv[0];
  switch (err.code) {
    case "ENOENT":
      return `could not start \`${command}\`: command not found (ENOENT). Check that it is installed and on PATH, or give its full path.`;
    case "EACCES":
      return `could not start \`${command}\`: permission denied (EACCES). Is the file executable?`;
    case "ENOTDIR":
      return `could not start \`${command}\`: a part of the path is not a directory (ENOTDIR)${cwd ? ` (cwd ${cwd})` : ""}.`;
    default:
      return `could not start \`${command}\`: ${err.message}`;
  }
}
