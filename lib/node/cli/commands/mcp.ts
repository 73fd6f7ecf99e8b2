/**
 * npm run cli -- mcp
 * Runs the playground as an MCP server over stdio (lib/node/cli/mcp): the tools probe, send, check, doctor, tokens,
 * apps and diff, whose structuredContent is what the commands print with --json. It serves until stdin ends; every
 * process a call started has ended by then. Exit codes: 0 stdin ended, 2 usage error.
 */
import type { CliCommand } from "./command";
import { parseOwnOptions } from "../args";

const USAGE = "npm run cli -- mcp   (an MCP server over stdio whose tools are the CLI's commands; see the README)";

async function run(argv: string[]): Promise<number> {
  const values = parseOwnOptions(argv, { help: { type: "boolean", short: "h", default: false } }, `usage: ${USAGE}`);
  if (typeof values === "number") return values;
  const { serveMcp } = await import("../mcp/server");
  await serveMcp();
  return 0;
}

export const command: CliCommand = { usage: USAGE, run };
