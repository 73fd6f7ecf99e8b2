/**
 * What differs on the wire between two runs of the same script (e.g. modern vs legacy): per step, the
 * envelope, the HTTP headers that carry protocol meaning, and the session id. Pure.
 */
import type { Exchange } from "../bridge/contract";
import type { LabRun } from "./runner";
import { asObject } from "../protocol/json";
import { replyFrame } from "../protocol/exchange";

const PROTOCOL_HEADERS = ["mcp-protocol-version", "mcp-method", "mcp-name", "mcp-session-id"];

export interface WireFacts {
  method?: string;
  envelope: string;
  headers: Record<string, string>;
  sessionId?: string;
  /** Top-level params keys (without _meta) and result keys (a 2025 CreateTaskResult's `task` keys as task.*). */
  paramKeys: string[];
  resultKeys: string[];
}

function resultKeysOf(exchange: Exchange | undefined): string[] {
  const result = exchange ? asObject(asObject(replyFrame(exchange))?.result) : undefined;
  if (!result) return [];
  const task = asObject(result.task);
  return [
    ...Object.keys(result).filter((k) => k !== "_meta"),
    ...(task ? Object.keys(task).map((k) => `task.${k}`) : []),
  ].sort();
}

export function wireFacts(exchange: Exchange | undefined, frameText: string | undefined): WireFacts {
  let frame: Record<string, unknown> | undefined;
  try {
    frame = frameText ? asObject(JSON.parse(frameText)) : undefined;
  } catch {
    frame = undefined;
  }
  const meta = asObject(asObject(frame?.params)?._meta);
  const version = meta?.["io.modelcontextprotocol/protocolVersion"];
  const envelope = meta ? `_meta ${typeof version === "string" ? version : "without protocolVersion"}` : "no _meta";
  const headers: Record<string, string> = {};
  for (const event of exchange?.events ?? []) {
    if (event.kind !== "http-request") continue;
    for (const [name, value] of event.headers)
      if (PROTOCOL_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  const paramKeys = Object.keys(asObject(frame?.params) ?? {})
    .filter((k) => k !== "_meta")
    .sort();
  return {
    method: typeof frame?.method === "string" ? frame.method : undefined,
    envelope,
    headers,
    sessionId: exchange?.http?.sessionId,
    paramKeys,
    resultKeys: resultKeysOf(exchange),
  };
}

export interface WireDiffRow {
  left: { stepId: string; facts: WireFacts } | undefined;
  right: { stepId: string; facts: WireFacts } | undefined;
  differences: string[];
}

/** Aligns steps by id (the legacy script adds initialize steps, shown against nothing). */
export function wireDiff(left: LabRun, right: LabRun): WireDiffRow[] {
  const ids = [...new Set([...right.steps.map((s) => s.stepId), ...left.steps.map((s) => s.stepId)])];
  return ids.map((id) => {
    const l = left.steps.find((s) => s.stepId === id);
    const r = right.steps.find((s) => s.stepId === id);
    const lf = l && wireFacts(l.exchange, l.frameText);
    const rf = r && wireFacts(r.exchange, r.frameText);
    const differences: string[] = [];
    if (!lf || !rf) differences.push(`${id} is sent only in the ${lf ? "left" : "right"} run`);
    else {
      if (lf.method !== rf.method) differences.push(`method: ${lf.method ?? "none"} vs ${rf.method ?? "none"}`);
      if (lf.envelope !== rf.envelope) differences.push(`envelope: ${lf.envelope} vs ${rf.envelope}`);
      const onlyIn = (a: string[], b: string[]) => a.filter((k) => !b.includes(k));
      const fields = (what: string, a: string[], b: string[]) => {
        const left = onlyIn(a, b);
        const right = onlyIn(b, a);
        if (left.length || right.length)
          differences.push(
            `${what}: ${left.length ? `only left ${left.join(", ")}` : ""}${left.length && right.length ? "; " : ""}${right.length ? `only right ${right.join(", ")}` : ""}`,
          );
      };
      fields("params", lf.paramKeys, rf.paramKeys);
      fields("result fields", lf.resultKeys, rf.resultKeys);
      for (const h of PROTOCOL_HEADERS) {
        if ((lf.headers[h] ?? "") !== (rf.headers[h] ?? ""))
          differences.push(`${h}: ${lf.headers[h] ?? "absent"} vs ${rf.headers[h] ?? "absent"}`);
      }
      if ((lf.sessionId ?? "") !== (rf.sessionId ?? ""))
        differences.push(`session id: ${lf.sessionId ?? "none"} vs ${rf.sessionId ?? "none"}`);
    }
    return {
      left: l && lf ? { stepId: id, facts: lf } : undefined,
      right: r && rf ? { stepId: id, facts: rf } : undefined,
      differences,
    };
  });
}
