/**
 * Reading a Streamable HTTP response body for one exchange: the whole body as one document (an SSE stream event by
 * event is ./http-sse), under the per-exchange size cap. The request head, the timeout and
 * the settling live in ./http; this module decides what the body means. Importable by the CLI.
 */
import type { IncomingMessage } from "node:http";
import type { ExchangeOutcome } from "@/lib/bridge/contract";
import { answersSingle, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { LIMITS } from "./limits";
import { describeRedirect } from "./target-policy";
import { failure, type ExchangeRecorder } from "./recorder";

/** Body bytes read so far (the request's timeout message reports it). */
export interface BodyCount {
  bytes: number;
}

/** What a body reader needs from the request it reads for. */
export interface BodyReading {
  rec: ExchangeRecorder;
  awaiting: Awaiting;
  url: URL;
  body: BodyCount;
  isSettled(): boolean;
  settle(outcome: ExchangeOutcome): void;
  /** The reply has arrived: the request's timeout no longer applies (a short drain grace follows). */
  stopTimer(): void;
  /** Every frame of an SSE stream, as it arrives (progress for the request's token restarts the timeout). */
  onFrame?: (frame: unknown) => void;
  /** Who pays for this stream if it floods (flood-pacing.ts); unnamed: everything is one client. */
  client?: string;
  /** Set by the reader: notes on what it skipped, added however the exchange ends (reply, timeout, cancel). */
  beforeSettle?: () => void;
}

export function tooLarge(reading: BodyReading): void {
  reading.settle(
    failure("size", `the reply exceeded ${LIMITS.maxReplyBytesPerExchange} bytes; the bridge stopped reading`),
  );
}

export function answers(awaiting: Awaiting, frame: unknown): boolean {
  return awaiting.kind === "batch" ? Array.isArray(frame) : answersSingle(awaiting, frame);
}

/** A body that is a JSON-RPC message (or batch) rather than some other JSON (`{"error":"nope"}`). */
function looksLikeJsonRpc(frame: unknown): boolean {
  const kind = classifyFrame(frame);
  if (kind !== "other") return true;
  return frame !== null && typeof frame === "object" && "jsonrpc" in frame;
}

export function statusLine(res: IncomingMessage): string {
  return `HTTP ${res.statusCode} ${res.statusMessage ?? ""}`.trim();
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > LIMITS.bodyExcerptChars ? `${oneLine.slice(0, LIMITS.bodyExcerptChars)}…` : oneLine;
}

export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

export function readWhole(res: IncomingMessage, reading: BodyReading): void {
  const { rec, awaiting, url } = reading;
  const settle = reading.settle;
  const tooBig = () => tooLarge(reading);
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => {
    if (reading.isSettled()) return;
    reading.body.bytes += chunk.length;
    if (reading.body.bytes > LIMITS.maxReplyBytesPerExchange) {
      const head = Buffer.concat(chunks, Math.min(4096, reading.body.bytes - chunk.length)).toString("utf8");
      rec.add({ kind: "http-body", text: head, truncated: true });
      return tooBig();
    }
    chunks.push(chunk);
  });
  res.on("end", () => {
    if (reading.isSettled()) return;
    const text = Buffer.concat(chunks).toString("utf8");
    const status = res.statusCode ?? 0;
    const ok = status >= 200 && status < 300;
    let frame: unknown;
    let isFrame = false;
    if (text !== "") {
      const parsed = parseFrameWithin(text, LIMITS.maxFrameDepth);
      if (parsed.ok) {
        frame = parsed.value;
        rec.add({ kind: "http-body", text, frame });
        isFrame = looksLikeJsonRpc(frame);
        if (isFrame) rec.receive(frame);
      } else {
        rec.add({ kind: "http-body", text, parseError: parsed.error });
      }
    }
    if (status >= 300 && status < 400) {
      const location = res.headers.location;
      const verdict = location ? describeRedirect(location, url.href) : "";
      return settle(
        failure(
          "http-status",
          `${statusLine(res)}${location ? ` → Location: ${location}` : ""} (the bridge does not follow redirects${verdict})`,
        ),
      );
    }
    if (isFrame) {
      if (awaiting.kind === "none" && ok)
        return settle({ kind: "notification", note: `${statusLine(res)} with a JSON-RPC body` });
      if (awaiting.kind !== "none" && !answers(awaiting, frame) && classifyFrame(frame) === "response") {
        rec.note(
          `the reply's id ${JSON.stringify((frame as { id: unknown }).id)} is not the request's id${awaiting.kind === "id" ? ` ${JSON.stringify(awaiting.id)}` : ""}`,
        );
      }
      return settle({ kind: "response", frame });
    }
    if (text === "") {
      if (awaiting.kind === "none" && ok)
        return settle({ kind: "notification", note: `${statusLine(res)} with an empty body` });
      if (ok)
        return settle(
          failure("http-status", `${statusLine(res)} with an empty body: no reply to the request on this POST`),
        );
      return settle(failure("http-status", `${statusLine(res)} with an empty body`));
    }
    if (!ok) return settle(failure("http-status", `${statusLine(res)}: ${excerpt(text)}`));
    if (awaiting.kind === "none")
      return settle({ kind: "notification", note: `${statusLine(res)} with a body that is not JSON-RPC` });
    const type = mediaType(res.headers["content-type"]) || "no Content-Type";
    settle(failure("framing", `${statusLine(res)} (${type}) carried no JSON-RPC reply: ${excerpt(text)}`));
  });
}
