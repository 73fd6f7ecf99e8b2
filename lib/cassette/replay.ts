/**
 * Sending a list of frames to a live server after the handshake the era probe chooses: `record` (frames from a
 * JSON Lines file) and `diff` (the requests of a cassette) both go through here. Pure: the caller supplies `send`
 * (the bridge from the CLI, anything in tests), as the token bill's catalogue fetch does.
 */
import { readReply, runEraProbe, type ProbeSend, type ProbeStep, type ProbeVerdict } from "../protocol/era";
import { asObject, type JsonObject } from "../protocol/json";
import { META_KEYS, buildEnvelope } from "../protocol/meta";
import type { Exchange } from "../protocol/exchange";
import { replyFrame } from "../protocol/exchange";
import { eachJsonLine } from "./json-lines";

export type FramesParse = { ok: true; frames: JsonObject[] } | { ok: false; reason: string };

/** A JSON Lines file of frames to send: one JSON-RPC request or notification per line; blank lines skipped. */
export function parseFramesJsonl(text: string, maxFrames = 10_000): FramesParse {
  const frames: JsonObject[] = [];
  const refused = eachJsonLine(text, (value, line) => {
    const frame = asObject(value);
    if (!frame || typeof frame.method !== "string")
      return `line ${line} is not a JSON-RPC request or notification (an object with a "method")`;
    if (frames.length >= maxFrames) return `more than ${maxFrames} frames`;
    frames.push(frame);
    return undefined;
  });
  if (refused !== undefined) return { ok: false, reason: refused };
  if (frames.length === 0) return { ok: false, reason: "it holds no frame (one JSON-RPC request per line)" };
  return { ok: true, frames };
}

export interface ReplayOptions {
  clientCapabilities?: Record<string, unknown>;
  /** Requests without an envelope get one when the server is modern (on by default: a modern server refuses them). */
  addEnvelope?: boolean;
}

export interface Replayed {
  verdict: ProbeVerdict;
  /** The probe's exchanges, then one per frame (in order), each labelled. */
  steps: ProbeStep[];
  /** One per frame sent (same order as the frames). */
  sent: { frame: JsonObject; exchange: Exchange }[];
}

function hasEnvelope(frame: JsonObject): boolean {
  return typeof asObject(asObject(frame.params)?._meta)?.[META_KEYS.protocolVersion] === "string";
}

/** The frame as a modern server needs it: with the `_meta` envelope when it has none. */
function enveloped(frame: JsonObject, version: string | undefined, capabilities: Record<string, unknown>): JsonObject {
  if (frame.id === undefined || hasEnvelope(frame)) return frame;
  const params = asObject(frame.params) ?? {};
  const meta = {
    ...(asObject(params._meta) ?? {}),
    ...buildEnvelope({ protocolVersion: version, clientCapabilities: capabilities }),
  };
  return { ...frame, params: { ...params, _meta: meta } };
}

/** Probes the era (completing a legacy handshake), then sends every frame in order. Undefined verdict era = unreachable. */
export async function probeAndSend(send: ProbeSend, frames: JsonObject[], opts: ReplayOptions = {}): Promise<Replayed> {
  const capabilities = opts.clientCapabilities ?? {};
  const usedIds = frames.map((f) => f.id).filter((id): id is number => typeof id === "number");
  // Probe ids stay clear of the frames' own ids, so a reply is never ambiguous.
  let next = Math.max(0, ...usedIds) + 1000;
  const verdict = await runEraProbe(send, { clientCapabilities: capabilities, nextId: () => next++ });
  const steps = [...verdict.steps];
  const sent: Replayed["sent"] = [];
  if (verdict.era === "unreachable") return { verdict, steps, sent };
  const modern = verdict.era !== "legacy";
  const headers: Record<string, string> = {};
  if (verdict.sessionId) headers["Mcp-Session-Id"] = verdict.sessionId;
  if (!modern && verdict.version) headers["MCP-Protocol-Version"] = verdict.version;
  for (const original of frames) {
    const frame = modern && opts.addEnvelope !== false ? enveloped(original, verdict.version, capabilities) : original;
    const label = `${frame.method as string}${frame.id === undefined ? "" : ` (id ${JSON.stringify(frame.id)})`}`;
    const exchange = await send(JSON.stringify(frame), { headers, label });
    steps.push({ label, exchange });
    sent.push({ frame, exchange });
  }
  return { verdict, steps, sent };
}

/** What came back for one exchange: the answer frame, or why there is none. */
export function liveAnswer(exchange: Exchange): { frame?: JsonObject; failure?: string } {
  const reply = readReply(exchange);
  if (reply.kind === "none") return { failure: reply.why };
  return { frame: asObject(replyFrame(exchange)) };
}
