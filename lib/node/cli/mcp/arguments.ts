/**
 * A tool's arguments → the command's argv, so the MCP server's tools parse their options exactly as the CLI does
 * (the same option tables, defaults and error messages: one home). The target sits at the top level as
 * `{ demo }`, `{ stdio, cwd?, env? }` or `{ url, headers? }`; the command's own options keep the CLI's names.
 * Pure: no process is started and nothing is reached here.
 */
import { DEMO_SERVERS } from "@/lib/bridge/names";
import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";

export type JsonSchema = Record<string, unknown>;

/** How an option is written on the command line: `--name value`, `--name` (true) or nothing (false/absent). */
export type OptionKind = "string" | "integer" | "boolean";

export interface ToolOption {
  kind: OptionKind;
  description: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
}

export const TARGET_PROPERTIES: Record<string, JsonSchema> = {
  demo: { type: "string", enum: [...DEMO_SERVERS], description: "An embedded demo server, by name." },
  http: {
    type: "boolean",
    description: "With demo: serve it over Streamable HTTP on a loopback port (default stdio).",
  },
  stdio: {
    type: "string",
    description:
      'The command line of a stdio server, e.g. "node build/index.js". Split into argv as the CLI\'s --stdio does; no shell runs it.',
  },
  cwd: {
    type: "string",
    description: "With stdio: its working directory (relative to the folder the server was started in).",
  },
  env: {
    type: "object",
    additionalProperties: { type: "string" },
    description: "With stdio: environment variables for it (it gets only PATH, HOME, TMPDIR, LANG besides).",
  },
  url: { type: "string", pattern: "^[Hh][Tt][Tt][Pp][Ss]?://", description: "A Streamable HTTP endpoint." },
  headers: {
    type: "object",
    additionalProperties: { type: "string" },
    description: "With url: headers for every request (e.g. Authorization).",
  },
  timeout: {
    type: "integer",
    minimum: SEND_TIMEOUT_MS.min,
    maximum: SEND_TIMEOUT_MS.max,
    description: `How long each request may wait for its reply, in ms (default ${SEND_TIMEOUT_MS.default}).`,
  },
};

const TARGET_KEYS = ["demo", "stdio", "url"] as const;
const WITH: Record<string, (typeof TARGET_KEYS)[number]> = { http: "demo", cwd: "stdio", env: "stdio", headers: "url" };

export class ArgumentError extends Error {}

/** The tool's input schema: the target properties and the command's own options. */
export function inputSchema(options: Record<string, ToolOption>, required: string[] = []): JsonSchema {
  const own = Object.fromEntries(
    Object.entries(options).map(([name, o]) => [
      name,
      {
        type: o.kind,
        description: o.description,
        ...(o.enum ? { enum: [...o.enum] } : {}),
        ...(o.minimum !== undefined ? { minimum: o.minimum } : {}),
        ...(o.maximum !== undefined ? { maximum: o.maximum } : {}),
      },
    ]),
  );
  return {
    type: "object",
    properties: { ...TARGET_PROPERTIES, ...own },
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}

function text(value: unknown, name: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new ArgumentError(`${name} must be a string, not ${JSON.stringify(value)}`);
}

function pairsOf(value: unknown, name: string): [string, string][] {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new ArgumentError(`${name} must be an object of names to string values`);
  return Object.entries(value).map(([k, v]) => [k, text(v, `${name}.${k}`)]);
}

/** The target's part of the argv; an ArgumentError unless exactly one target is named with only its own companions. */
export function targetArgv(args: Record<string, unknown>): string[] {
  const named = TARGET_KEYS.filter((k) => args[k] !== undefined);
  if (named.length !== 1)
    throw new ArgumentError(
      named.length === 0
        ? 'name a target: { "demo": "<name>" }, { "stdio": "<command line>" } or { "url": "<http(s) URL>" }'
        : `name one target, not ${named.join(" and ")}`,
    );
  const [kind] = named;
  for (const [companion, owner] of Object.entries(WITH))
    if (args[companion] !== undefined && owner !== kind)
      throw new ArgumentError(`${companion} goes with ${owner}, not with ${kind}`);
  const argv = [`--${kind}`, text(args[kind], kind)];
  if (args.http === true) argv.push("--http");
  if (args.cwd !== undefined) argv.push("--cwd", text(args.cwd, "cwd"));
  for (const [k, v] of args.env === undefined ? [] : pairsOf(args.env, "env")) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k))
      throw new ArgumentError(`env: ${JSON.stringify(k)} is not a variable name`);
    argv.push("--env", `${k}=${v}`);
  }
  for (const [k, v] of args.headers === undefined ? [] : pairsOf(args.headers, "headers")) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(k))
      throw new ArgumentError(`headers: ${JSON.stringify(k)} is not a header name`);
    argv.push("--header", `${k}: ${v}`);
  }
  if (args.timeout !== undefined) argv.push("--timeout", text(args.timeout, "timeout"));
  return argv;
}

/** The whole argv: the target, then the command's own options by their CLI names; unknown arguments are refused. */
export function toolArgv(
  args: Record<string, unknown>,
  options: Record<string, ToolOption>,
  skip: string[] = [],
): string[] {
  const known = new Set([...Object.keys(TARGET_PROPERTIES), ...Object.keys(options), ...skip]);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length)
    throw new ArgumentError(
      `unknown argument${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}; this tool takes ${[...known].join(", ")}`,
    );
  const argv = targetArgv(args);
  for (const [name, option] of Object.entries(options)) {
    const value = args[name];
    if (value === undefined || value === false) continue;
    if (option.kind === "boolean") {
      if (value !== true) throw new ArgumentError(`${name} must be true or false`);
      argv.push(`--${name}`);
    } else argv.push(`--${name}`, text(value, name));
  }
  return argv;
}
