/**
 * probe and send, as the CLI's main.ts and the MCP server's tools (lib/node/cli/mcp) both run them: the options with
 * the CLI's names, and functions that return what `--json` prints (the era verdict, the exchange record) without
 * printing it. One home: the CLI prints what these return; the MCP server returns it as structuredContent.
 */
import { SEND_TIMEOUT_MS } from "@/lib/bridge/limits";
import { send, type SendContext } from "@/lib/node/bridge/send";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { runEraProbe, type ProbeVerdict } from "@/lib/protocol/era";
import { targetTransport } from "@/lib/bridge/target";
import { clientProfile } from "@/lib/protocol/client-profile";
import { draftFrame, frameValue } from "@/lib/protocol/frame";
import { TARGET_OPTIONS, UsageError, probeSender } from "./target";
import { EMULATION_OPTIONS, emulationOf, listedTool } from "./emulation";
import type { parseArgs } from "node:util";

export const SEND_OPTIONS = {
  ...TARGET_OPTIONS,
  frame: { type: "string" },
  json: { type: "boolean", default: false },
  insist: { type: "boolean", default: false },
  fresh: { type: "boolean", default: false },
  answers: { type: "string" },
  "max-rounds": { type: "string" },
  "no-progress-reset": { type: "boolean", default: false },
  "max-total": { type: "string" },
  ...EMULATION_OPTIONS,
  help: { type: "boolean", short: "h", default: false },
} as const;

export type SendValues = ReturnType<typeof parseArgs<{ options: typeof SEND_OPTIONS; strict: true }>>["values"];

/** --no-progress-reset / --max-total <ms> → the send's progressReset / maxTotalMs. */
export function progressOptions(
  values: SendValues,
  timeoutMs: number,
): { progressReset?: boolean; maxTotalMs?: number } {
  const out: { progressReset?: boolean; maxTotalMs?: number } = {};
  if (values["no-progress-reset"]) out.progressReset = false;
  if (values["max-total"] !== undefined) {
    const ms = Number(values["max-total"]);
    if (!Number.isInteger(ms) || ms < timeoutMs || ms > SEND_TIMEOUT_MS.max)
      throw new UsageError(
        `--max-total must be a whole number of ms between --timeout (${timeoutMs}) and ${SEND_TIMEOUT_MS.max}`,
      );
    out.maxTotalMs = ms;
  }
  return out;
}

/** The era probe's verdict (what `probe --json` prints). */
export function probeVerdict(
  target: Target,
  ctx: SendContext,
  timeoutMs: number,
  processMode: "fresh" | "keep",
  signal?: AbortSignal,
): Promise<ProbeVerdict> {
  // The probe hands over transport headers (Mcp-Session-Id, MCP-Protocol-Version) for HTTP; stdio has none.
  return runEraProbe(probeSender(target, ctx, timeoutMs, "probe", processMode, signal));
}

/** One frame sent as the client the flags describe would write it: the exchange (`send --json`) and what changed. */
export async function sendOne(
  values: SendValues,
  frame: string,
  target: Target,
  ctx: SendContext,
  timeoutMs: number,
  processMode: "fresh" | "keep",
): Promise<{ exchange: Exchange; notes: string[]; emulationText?: string }> {
  let counter = 0;
  const progress = progressOptions(values, timeoutMs);
  // The client the flags describe, built once; the frame is parsed once, here where the CLI makes it.
  const profile = clientProfile({ emulate: emulationOf(values) });
  const written = draftFrame(frame);
  const emulated = values.insist ? { draft: written, changes: [] } : profile.prepare(written);
  const notes = [...emulated.changes];
  let headers: Record<string, string> = {};
  if (targetTransport(target) === "http") {
    const listSend = (text: string) =>
      send({ sendId: `cli-${++counter}`, target, frame: text, insist: false, timeoutMs, processMode }, ctx);
    const sent = frameValue(emulated.draft);
    const listed = await listedTool(sent, listSend, profile);
    const params = profile.paramHeaders(sent, listed.tool ? [listed.tool] : []);
    headers = params.headers;
    const names = Object.keys(headers);
    if (params.omitted.length) notes.push(`Mcp-Param-* headers omitted: ${params.omitted.join(", ")}`);
    else if (names.length) notes.push(`Mcp-Param-* from tools/list: ${names.join(", ")}`);
    else if (listed.note) notes.push(listed.note);
  }
  const exchange = await send(
    {
      sendId: `cli-${++counter}`,
      target,
      frame: emulated.draft.text,
      insist: values.insist,
      timeoutMs,
      processMode,
      ...progress,
      ...(Object.keys(headers).length ? { headers } : {}),
    },
    ctx,
  );
  return { exchange, notes, ...(profile.emulationText ? { emulationText: profile.emulationText } : {}) };
}
