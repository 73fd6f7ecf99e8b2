/** The MCP server's probe and send tools: the era verdict and one exchange, as `probe --json` and `send --json`. */
import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";
import type { Exchange } from "@/lib/bridge/contract";
import { replyFrame } from "@/lib/protocol/exchange";
import { parseOptions } from "../args";
import { SEND_OPTIONS, probeVerdict, sendOne } from "../send-probe";
import { buildTarget, timeoutOf } from "../target";
import { ArgumentError, inputSchema, toolArgv, type ToolOption } from "./arguments";
import { EMULATION, object, plain, targetValues, type PlaygroundTool } from "./tool";

export const probe: PlaygroundTool = {
  name: "probe",
  title: "Probe the protocol era",
  description:
    "Which MCP era a server speaks: server/discover (2026-07-28) first, initialize (legacy) as the fallback. Returns the verdict `probe --json` prints.",
  inputSchema: inputSchema({
    fresh: { kind: "boolean", description: "stdio: a new process for this probe, ended afterwards." },
  }),
  outputSchema: object(
    {
      era: { type: "string", enum: ["modern", "modern-wrong-version", "legacy", "unreachable"] },
      version: "string",
      reason: "string",
      steps: "array",
    },
    ["era", "reason"],
  ),
  readOnly: true,
  async run(args, io) {
    const values = targetValues(toolArgv(args, { fresh: { kind: "boolean", description: "" } }));
    const { target, ctx } = await buildTarget(values);
    const verdict = await probeVerdict(target, ctx, timeoutOf(values), values.fresh ? "fresh" : "keep", io.signal);
    return {
      json: plain(verdict),
      summary: `era: ${verdict.era}${verdict.version ? ` (${verdict.version})` : ""}: ${verdict.reason}`,
    };
  },
};

const SEND_OWN: Record<string, ToolOption> = {
  frame: { kind: "string", description: "The JSON-RPC frame to send, as text (the bridge delivers it byte for byte)." },
  insist: { kind: "boolean", description: "Send a frame that is not JSON anyway." },
  fresh: { kind: "boolean", description: "stdio: a new process for this message, ended afterwards." },
  "no-progress-reset": { kind: "boolean", description: "Progress for the request does not restart the timeout." },
  "max-total": {
    kind: "integer",
    description: "The most progress may extend the request, in ms from the send.",
    minimum: SEND_TIMEOUT_MS.min,
    maximum: SEND_TIMEOUT_MS.max,
  },
  ...EMULATION,
};

/** The outcome line of an exchange: its kind and the reply (or failure) in at most a few hundred characters. */
function outcomeLine(exchange: Exchange): string {
  const o = exchange.outcome as { kind: string; message?: string; failure?: string };
  const reply = replyFrame(exchange);
  const detail = o.message ?? (reply === undefined ? "" : JSON.stringify(reply));
  return `${o.kind}${o.failure ? ` (${o.failure})` : ""}${detail ? `: ${detail.slice(0, 400)}` : ""}`;
}

export const sendTool: PlaygroundTool = {
  name: "send",
  title: "Send one JSON-RPC frame",
  description:
    "Sends one frame to the server, as the client the emulation switches describe would write it, and returns the whole exchange (`send --json`): every frame, line and header that came back, with timings.",
  inputSchema: inputSchema(SEND_OWN, ["frame"]),
  outputSchema: object({ sendId: "string", outcome: "object", events: "array" }, ["sendId", "outcome"]),
  readOnly: false,
  async run(args) {
    if (args.frame === "-") throw new ArgumentError("frame must be the frame's text (stdin is this server's protocol)");
    const values = parseOptions(toolArgv(args, SEND_OWN), SEND_OPTIONS, "")!;
    const { target, ctx } = await buildTarget(values);
    const timeoutMs = timeoutOf(values);
    const { exchange, notes } = await sendOne(
      values,
      values.frame!,
      target,
      ctx,
      timeoutMs,
      values.fresh ? "fresh" : "keep",
    );
    return { json: plain(exchange), summary: [outcomeLine(exchange), ...notes.map((n) => `note: ${n}`)].join("\n") };
  },
};
