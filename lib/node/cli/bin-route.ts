/**
 * The installed package's one command, `mcp-playground` (lib/node/cli/bin.ts): what its arguments ask for. No command,
 * `start`, or a server option first serves the playground as `npm start` does; `--help` prints both halves' usage;
 * anything else is a CLI command (lib/node/cli/main.ts and commands/index.ts, the one table of commands).
 */
export type BinRoute =
  { kind: "serve"; args: string[] } | { kind: "cli"; args: string[] } | { kind: "help" } | { kind: "version" };

/** The server's own options (scripts/server.ts parses them; it rejects any other). */
export const SERVER_OPTIONS = ["--port", "--host", "--hosted", "--no-open"] as const;

export const SERVER_USAGE = `usage: mcp-playground [start] [--port <n>] [--host <address>] [--hosted] [--no-open]
  serves the playground, as \`npm start\` does in a clone: prints the launch URL (with its token) and opens it
  --port <n>        the port (default: PORT, else 3000)
  --host <address>  the address (default: HOST, else 127.0.0.1; local mode binds loopback only)
  --hosted          hosted mode, for a shared deployment (PLAYGROUND_TOKEN, PLAYGROUND_ALLOWED_HOSTS)
  --no-open         prints the launch URL without opening a browser

usage: mcp-playground <command> [options]     the command line (\`npm run cli -- <command>\` in a clone):`;

const HELP = new Set(["--help", "-h", "help"]);

function isServerOption(arg: string): boolean {
  return SERVER_OPTIONS.some((option) => arg === option || arg.startsWith(`${option}=`));
}

export function binRoute(argv: readonly string[]): BinRoute {
  const [first, ...rest] = argv;
  if (first === "--version" || first === "-v") return { kind: "version" };
  if (first !== undefined && HELP.has(first)) return { kind: "help" };
  const serving = first === undefined || isServerOption(first) ? [...argv] : first === "start" ? rest : undefined;
  if (!serving) return { kind: "cli", args: [...argv] };
  return serving.some((arg) => HELP.has(arg)) ? { kind: "help" } : { kind: "serve", args: serving };
}

/** The CLI's texts name the clone's command (`npm run cli -- check …`); an installed user types `mcp-playground check …`. */
export function asInstalled(text: string): string {
  return text.replaceAll("npm run cli -- ", "mcp-playground ");
}
