/**
 * What every tool of the MCP server shares: its shape, the call's io, and the helpers that keep its
 * structuredContent exactly what the command prints with --json.
 */
import { SEND_OPTIONS } from "../send-probe";
import { TARGET_OPTIONS } from "../target";
import { parseOptions } from "../args";
import { EMULATION_SWITCHES, PIN_VERSION } from "@/lib/protocol/emulation";
import type { JsonSchema, ToolOption } from "./arguments";

/** What a tool call may use besides its arguments: the call's cancellation and a progress line for the caller. */
export interface ToolIo {
  signal: AbortSignal;
  progress: (message: string) => void;
}

/** structuredContent (what the command prints with --json) and the text content (a short summary). */
export interface ToolOutcome {
  json: Record<string, unknown>;
  summary: string;
}

export interface PlaygroundTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Starts nothing beyond the target and changes nothing there (tools annotated readOnlyHint). */
  readOnly: boolean;
  run: (args: Record<string, unknown>, io: ToolIo) => Promise<ToolOutcome>;
}

/** A JSON value as JSON carries it (undefined fields dropped), like the CLI's JSON.stringify. */
export const plain = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

export const EMULATION: Record<string, ToolOption> = {
  ...Object.fromEntries(EMULATION_SWITCHES.map((s) => [s.flag, { kind: "boolean" as const, description: s.does }])),
  [PIN_VERSION.flag]: { kind: "string", description: PIN_VERSION.does },
};

/** An object schema: each property a schema, or just its JSON type's name ("integer" for { type: "integer" }). */
export const object = (properties: Record<string, JsonSchema | string>, required: string[]): JsonSchema => ({
  type: "object",
  properties: Object.fromEntries(
    Object.entries(properties).map(([name, p]) => [name, typeof p === "string" ? { type: p } : p]),
  ),
  required,
});

/** The target options parsed as the CLI parses them (the commands that take only a target: probe, doctor, apps). */
export const targetValues = (argv: string[]) => parseOptions(argv, { ...TARGET_OPTIONS, ...SEND_OPTIONS }, "")!;

/** A command that ran but could not judge (the CLI's exit 1 with a message on stderr): the tool's isError. */
export class ToolFailure extends Error {}
