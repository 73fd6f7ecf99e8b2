/**
 * Human output of the CLI, written the way the chapter writes traces:
 *   → method {params}      what was sent
 *   ← {result}             what came back (← error -32601 …, ← notification …, ← request … for server messages)
 * plus transport facts (HTTP status, stderr, non-JSON stdout) indented beneath, in arrival order. Pure.
 */
import { say } from "@/lib/i18n/translate";
import { cliT } from "./lang";
import type { Exchange } from "@/lib/bridge/contract";
import type { ProbeVerdict } from "@/lib/protocol/era";
import { receivedLine as traceReceived, sentLine as traceSent } from "@/lib/protocol/trace";
import { eventFrame } from "@/lib/protocol/exchange";

// The →/← lines come from lib/protocol/trace (the same lines the UI's timeline shows); this file adds the
// transport facts a terminal user needs beneath them.
const sentLine = (exchange: Exchange) => clip(traceSent(exchange).text);
const receivedLine = (frame: unknown) => clip(traceReceived(frame).text);

const MAX_LINE = 400;

function clip(text: string): string {
  return text.length > MAX_LINE ? `${text.slice(0, MAX_LINE)}… (${text.length} chars; --json shows all)` : text;
}

export function formatExchange(exchange: Exchange): string[] {
  const lines = [sentLine(exchange)];
  for (const event of exchange.events) {
    const frame = eventFrame(event);
    switch (event.kind) {
      case "stdout":
        if (frame !== undefined) lines.push(receivedLine(frame));
        else lines.push(clip(`  stdout (not JSON${event.partial ? ", no newline" : ""}): ${event.text}`));
        break;
      case "stderr":
        lines.push(clip(`  stderr: ${event.text}`));
        break;
      case "http-response":
        lines.push(
          `  HTTP ${event.status}${event.statusText ? ` ${event.statusText}` : ""}${exchange.http?.contentType ? ` (${exchange.http.contentType})` : ""}`,
        );
        break;
      case "http-body":
        if (frame !== undefined) lines.push(receivedLine(frame));
        else if (event.text) lines.push(clip(`  body: ${event.text}`));
        break;
      case "sse-event":
        if (frame !== undefined) lines.push(receivedLine(frame));
        else if (event.data === "") lines.push(`  SSE priming event${event.id ? ` (id ${event.id})` : ""}`);
        else lines.push(clip(`  SSE data (not JSON): ${event.data}`));
        break;
      case "note":
        lines.push(clip(`  note: ${event.text}`));
        break;
      case "spawn":
        lines.push(`  spawned pid ${event.pid}: ${event.argv.join(" ")}`);
        break;
      case "exit":
        lines.push(`  pid ${event.pid} exited (${event.signal ?? `code ${event.code}`})`);
        break;
      case "stdin":
      case "http-request":
        break;
    }
  }
  const { outcome } = exchange;
  if (outcome.kind === "failure") {
    lines.push(`✗ ${outcome.failure}: ${outcome.message}`);
    for (const line of outcome.stderrTail ?? []) lines.push(clip(`  stderr tail: ${line}`));
  } else if (outcome.kind === "notification") {
    lines.push(`  (${outcome.note})`);
  }
  if (exchange.http?.sessionId) lines.push(`  Mcp-Session-Id: ${exchange.http.sessionId}`);
  lines.push(`  ${exchange.durationMs} ms`);
  return lines;
}

export function formatVerdict(verdict: ProbeVerdict): string[] {
  const lines: string[] = [];
  for (const step of verdict.steps) {
    lines.push(step.label);
    lines.push(...formatExchange(step.exchange));
  }
  const t = cliT();
  const reason = verdict.reasonMsg ? say(verdict.reasonMsg, t) : verdict.reason;
  lines.push(`verdict: ${t(`target.era.${verdict.era}`)}${verdict.version ? ` (${verdict.version})` : ""}: ${reason}`);
  return lines;
}
