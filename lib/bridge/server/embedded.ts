/**
 * Where the embedded servers live on disk and the exact command lines that start them. Hosted mode runs
 * these command lines and nothing else, so they are defined once, here. Importable by the CLI.
 */
import path from "node:path";

/** The repository root: Next and the CLI run from it; PLAYGROUND_ROOT overrides (tests, other cwd). */
export function repoRoot(): string {
  return process.env.PLAYGROUND_ROOT ?? process.cwd();
}

/** An embedded server's bundled stdio entry (scripts/build-servers.mjs writes dist-servers/<name>.mjs). */
export function embeddedStdioArgv(name: string): string[] {
  return [process.execPath, path.join(/* turbopackIgnore: true */ repoRoot(), "dist-servers", `${name}.mjs`)];
}

export function everythingEntry(): string {
  return path.join(/* turbopackIgnore: true */ repoRoot(), "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js");
}

export function everythingStdioArgv(): string[] {
  return [process.execPath, everythingEntry(), "stdio"];
}
