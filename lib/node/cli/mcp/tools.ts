/**
 * The MCP server's tools: the CLI's commands, each run through the same function the command runs (its --json is
 * the tool's structuredContent), with a short summary an agent can read as the text content. Arguments become the
 * command's argv (./arguments.ts), so options, defaults and errors are the CLI's own.
 */
import { probe, sendTool } from "./tools-wire";
import { apps, check, doctor } from "./tools-judge";
import { diff, tokens } from "./tools-catalogue";
import type { PlaygroundTool } from "./tool";

export { ToolFailure, type PlaygroundTool, type ToolIo } from "./tool";

export const TOOLS: PlaygroundTool[] = [probe, sendTool, check, doctor, tokens, apps, diff];
