/** The MCP server's tokens and diff tools: the catalogue's bill and a cassette's replay, as `tokens --json` and `diff --json`. */
import { existsSync } from "node:fs";
import { userPath } from "../target";
import { ArgumentError, inputSchema, toolArgv, type ToolOption } from "./arguments";
import { ToolFailure, object, plain, targetValues, type PlaygroundTool } from "./tool";

const TOKENS_OWN: Record<string, ToolOption> = {
  handshake: {
    kind: "string",
    enum: ["auto", "none", "legacy", "modern"],
    description: "How to ask (default auto: server/discover, falling back to initialize).",
  },
  caps: { kind: "string", description: "Client capabilities to declare, as JSON text (default {})." },
  encoding: { kind: "string", enum: ["o200k_base", "cl100k_base"], description: "Default o200k_base." },
  layout: { kind: "string", enum: ["python", "compact", "python-unicode"], description: "Default python." },
  fields: { kind: "string", enum: ["prompt", "whole"], description: "prompt = name + description + inputSchema." },
  servers: { kind: "integer", minimum: 1, description: "N servers like this one … (default 5)." },
  window: { kind: "integer", minimum: 1, description: "… of a W-token context window (default 200000)." },
};

export const tokens: PlaygroundTool = {
  name: "tokens",
  title: "The catalogue's token bill",
  description:
    "Fetches every tools/list page and the instructions and counts the tokens a model pays for them (`tokens --json`): totalTokens, per tool, and the fleet's share of a context window.",
  inputSchema: inputSchema(TOKENS_OWN),
  outputSchema: object(
    {
      tools: "integer",
      totalTokens: "integer",
      toolsTokens: "integer",
      instructionsTokens: "integer",
      perTool: "array",
    },
    ["totalTokens"],
  ),
  readOnly: true,
  async run(args, io) {
    const { tokensRun, tokensValues } = await import("../commands/tokens");
    const result = await tokensRun(tokensValues(toolArgv(args, TOKENS_OWN))!, io.signal);
    if (!result.ok) throw new ToolFailure(result.error);
    const json = plain(result.json);
    const biggest = [...(json.perTool as { name: string; tokens: number }[])].sort((a, b) => b.tokens - a.tokens)[0];
    return {
      json,
      summary: `${json.totalTokens} tokens in all: ${json.tools} tools (${json.toolsTokens}), instructions ${json.instructionsTokens}${biggest ? `; the biggest tool is ${biggest.name} (${biggest.tokens})` : ""}`,
    };
  },
};

const DIFF_OWN: Record<string, ToolOption> = {
  cassette: {
    kind: "string",
    description: "The cassette to replay: a file (relative to the folder the server was started in) or a share link.",
  },
  "cassette-target": { kind: "integer", minimum: 0, description: "Which recorded target to replay (default 0)." },
};

export const diff: PlaygroundTool = {
  name: "diff",
  title: "Replay a cassette and diff",
  description:
    "Replays a cassette's requests against the live server (after the handshake the era probe chooses) and classifies every difference as breaking or not (`diff --json`).",
  inputSchema: inputSchema(DIFF_OWN, ["cassette"]),
  outputSchema: object({ breaking: "array", nonBreaking: "array", same: "integer" }, ["breaking", "nonBreaking"]),
  readOnly: false,
  async run(args, io) {
    const { diffRun } = await import("../commands/diff");
    const { cassette, "cassette-target": index, ...rest } = args;
    if (typeof cassette !== "string") throw new ArgumentError("cassette must be a file path or a share link");
    const values = targetValues(toolArgv(rest, {}));
    const file = userPath(cassette);
    const result = await diffRun(existsSync(file) ? file : cassette, Number(index ?? 0), values, io.signal);
    if (!result.ok) throw result.usage ? new ArgumentError(result.error) : new ToolFailure(result.error);
    const json = plain(result.json);
    const breaking = json.breaking as { kind: string; path: string; detail: string }[];
    return {
      json,
      summary: [
        `${breaking.length} breaking, ${(json.nonBreaking as unknown[]).length} non-breaking, ${json.same} the same`,
        ...breaking.slice(0, 5).map((d) => `- ${d.kind} ${d.path}: ${d.detail}`),
      ].join("\n"),
    };
  },
};
