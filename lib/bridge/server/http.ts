/**
 * Streamable HTTP transport of the bridge: POST the frame text unmodified with the headers it implies, and
 * record the exact request head, the response status and raw headers, and the body (one JSON document or
 * each SSE event). node:http is used rather than fetch so the wire view shows exactly what was sent (fetch
 * adds User-Agent, Accept-Language, Sec-Fetch-Mode … of its own) and response headers keep their case and
 * order. Redirects are never followed. Importable by the CLI (no `server-only`).
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { createParser } from "eventsource-parser";
import type { ExchangeOutcome, ParsedSendRequest } from "../contract";
import { awaitingFor, answersSingle, type Awaiting } from "@/lib/protocol/awaiting";
import { classifyFrame, sameId, type ParsedFrame } from "@/lib/protocol/jsonrpc";
import { parseFrameWithin } from "@/lib/protocol/json-depth";
import { impliedHeaders, withExplicitHeaders, type HeaderList, type ImpliedHeaders } from "@/lib/protocol/http-headers";
import { pinnedLookup, type PinnedAddress } from "./address-guard";
import { LIMITS } from "./limits";
import { describeRedirect } from "./policy";
import { failure, type ExchangeRecorder } from "./recorder";

export interface HttpSpec {
  url: string;
  /** Already checked by checkUpstreamHeaders (target headers first, then per-send headers). */
  headers: HeaderList;
  /** Hosted mode: connect to this address (checked by the SSRF guard), never to a fresh DNS answer. */
  pinned?: PinnedAddress;
}

export interface HttpSendOptions {
  recorder: ExchangeRecorder;
  parsed?: Extract<ParsedFrame, { ok: true }>;
  timeoutMs: number;
  signal: AbortSignal;
  /** Conformance checks: another method, implied headers left out, an Origin (SendRequest.http). */
  control?: HttpControl;
}

export type HttpControl = NonNullable<ParsedSendRequest["http"]>;

/** The headers the frame implies, minus those the send asked to leave out (and Content-Type without a body). */
function impliedFor(parsed: HttpSendOptions["parsed"], control: HttpControl | undefined, hasBody: boolean): ImpliedHeaders {
  const implied = impliedHeaders(parsed?.value);
  const omit = new Set((control?.omitImplied ?? []).map((n) => n.toLowerCase()));
  if (!hasBody) omit.add("content-type");
  if (omit.size === 0) return implied;
  const keep = (name: string) => !omit.has(name.toLowerCase());
  const left = implied.added.filter((n) => !keep(n));
  const notes = left.length ? [...implied.notes, `left out on request: ${left.join(", ")}`] : implied.notes;
  return { headers: implied.headers.filter(([n]) => keep(n)), added: implied.added.filter(keep), notes };
}

function answers(awaiting: Awaiting, frame: unknown): boolean {
  return awaiting.kind === "batch" ? Array.isArray(frame) : answersSingle(awaiting, frame);
}

/** A body that is a JSON-RPC message (or batch) rather than some other JSON (`{"error":"nope"}`). */
function looksLikeJsonRpc(frame: unknown): boolean {
  const kind = classifyFrame(frame);
  if (kind !== "other") return true;
  return frame !== null && typeof frame === "object" && "jsonrpc" in frame;
}

function statusLine(res: IncomingMessage): string {
  return `HTTP ${res.statusCode} ${res.statusMessage ?? ""}`.trim();
}

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > LIMITS.bodyExcerptChars ? `${oneLine.slice(0, LIMITS.bodyExcerptChars)}…` : oneLine;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

export function describeNetworkError(url: URL, err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case "ECONNREFUSED":
      return `nothing is listening at ${url.href} (connection refused)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host name ${url.hostname} does not resolve (${err.code})`;
    case "ECONNRESET":
      return err.message === "socket hang up"
        ? `${url.host} closed the connection without sending an HTTP response`
        : `the connection to ${url.host} was reset (ECONNRESET)`;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
    case "ETIMEDOUT":
      return `cannot reach ${url.host} (${err.code})`;
    case "EPROTO":
      return `TLS/protocol error talking to ${url.host}: ${err.message} (is it http:, not https:?)`;
    default:
      return err.code?.startsWith("ERR_TLS") || /certificate|self[- ]signed/i.test(err.message)
        ? `TLS error with ${url.host}: ${err.message}`
        : `request to ${url.href} failed: ${err.message}${err.code ? ` (${err.code})` : ""}`;
  }
}

export function sendHttp(spec: HttpSpec, frameText: string, opts: HttpSendOptions): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    return Promise.resolve(failure("refused", `${JSON.stringify(spec.url)} is not a URL`));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return Promise.resolve(failure("refused", `only http: and https: URLs can be Streamable HTTP endpoints, not ${url.protocol}`));
  }
  const method = opts.control?.method ?? "POST";
  const hasBody = method === "POST";
  // GET and DELETE carry no JSON-RPC message, so no reply to one is awaited: the status is the answer.
  const awaiting: Awaiting = hasBody ? awaitingFor(opts.parsed) : { kind: "none" };
  const implied = withExplicitHeaders(impliedFor(opts.parsed, opts.control, hasBody), spec.headers);
  for (const note of implied.notes) rec.note(note);
  const body = Buffer.from(hasBody ? frameText : "", "utf8");
  const origin: HeaderList = opts.control?.origin ? [["Origin", opts.control.origin]] : [];
  if (origin.length) rec.note(`Origin: ${opts.control!.origin} sent on request (a DNS-rebinding check)`);
  const length: HeaderList = hasBody ? [["Content-Length", String(body.length)]] : [];
  const headers: HeaderList = [["Host", url.host], ...implied.headers, ...origin, ...length, ["Connection", "keep-alive"]];
  rec.add({
    kind: "http-request",
    method,
    url: url.href,
    headers,
    added: implied.added,
    transport: ["Host", ...(hasBody ? ["Content-Length"] : []), "Connection"],
    body: hasBody ? frameText : "",
  });

  return new Promise<ExchangeOutcome>((resolve) => {
    let settled = false;
    let response: IncomingMessage | undefined;
    let bodyBytes = 0;
    const settle = (outcome: ExchangeOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal.removeEventListener("abort", onAbort);
      // Closing our side ends a stream the server keeps open (SSE) and frees the socket on failures.
      if (response && !response.complete) response.destroy();
      if (!response?.complete) req.destroy();
      resolve(outcome);
    };

    const client = url.protocol === "https:" ? https : http;
    // Host and the TLS server name stay the URL's name; only the socket goes to the pinned address.
    const req = client.request(url, { method, headers: headers.flat(), ...(spec.pinned ? { lookup: pinnedLookup(spec.pinned) } : {}) });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (settled) return;
      if (response) settle(failure("network", `${describeNetworkError(url, err)} while reading the response body`));
      else settle(failure("network", describeNetworkError(url, err)));
    });

    const timer = setTimeout(() => {
      const where = response ? ` (${statusLine(response)} arrived, ${bodyBytes} body bytes so far)` : " (no HTTP response yet)";
      const awaited = awaiting.kind === "id" ? ` to id ${JSON.stringify(awaiting.id)}` : "";
      settle(failure("timeout", `no reply${awaited} from ${url.href} within ${opts.timeoutMs} ms${where}`));
    }, opts.timeoutMs);

    const onAbort = () => {
      rec.note("cancelled by the user: the bridge closed the HTTP request/stream");
      settle(failure("cancelled", "cancelled by the user; the HTTP stream was closed"));
    };
    if (opts.signal.aborted) return onAbort();
    opts.signal.addEventListener("abort", onAbort);

    req.on("response", (res) => {
      response = res;
      // Errors while reading (reset mid-body, our own destroy) must never crash the host.
      res.on("error", (err: NodeJS.ErrnoException) => {
        if (!settled) settle(failure("network", `${describeNetworkError(url, err)} while reading the response body`));
      });
      if (settled) return res.destroy();
      const contentType = res.headers["content-type"];
      const sessionId = res.headers["mcp-session-id"];
      rec.http = { status: res.statusCode ?? 0 };
      if (contentType) rec.http.contentType = contentType;
      if (typeof sessionId === "string") rec.http.sessionId = sessionId;
      const rawHeaders: HeaderList = [];
      for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
      rec.add({ kind: "http-response", status: res.statusCode ?? 0, statusText: res.statusMessage ?? "", headers: rawHeaders });
      const encoding = res.headers["content-encoding"];
      if (encoding && encoding !== "identity") rec.note(`the body is ${encoding}-encoded although the bridge asked for none; it is shown undecoded`);

      const tooBig = () => settle(failure("size", `the reply exceeded ${LIMITS.maxReplyBytesPerExchange} bytes; the bridge stopped reading`));
      if (mediaType(contentType) === "text/event-stream") readSse(res, tooBig);
      else readWhole(res, tooBig);
    });

    function readSse(res: IncomingMessage, tooBig: () => void) {
      const decoder = new TextDecoder();
      let events = 0;
      // The reply normally ends the stream; anything the server still sends is shown, for a short grace only.
      let reply: unknown;
      const drainThenSettle = (frame: unknown) => {
        reply = frame;
        clearTimeout(timer);
        setTimeout(() => {
          if (settled) return;
          rec.note(`the server kept the SSE stream open after the reply; the bridge closed it after ${LIMITS.notificationGraceMs} ms`);
          settle({ kind: "response", frame });
        }, LIMITS.notificationGraceMs);
      };
      const batchAnswers = new Map<string, unknown>();
      const parser = createParser({
        onEvent(event) {
          if (settled) return;
          events++;
          const base = { kind: "sse-event" as const, data: event.data, ...(event.event !== undefined ? { event: event.event } : {}), ...(event.id !== undefined ? { id: event.id } : {}) };
          // An empty data field is a priming event (it only carries an id for resumption): shown, not parsed.
          if (event.data === "") return rec.add(base);
          const parsed = parseFrameWithin(event.data, LIMITS.maxFrameDepth);
          if (!parsed.ok) return rec.add({ ...base, parseError: parsed.error });
          rec.add({ ...base, frame: parsed.value });
          rec.receive(parsed.value);
          if (reply !== undefined) return; // a trailing event after the reply: recorded, nothing more to decide
          if (answers(awaiting, parsed.value)) return drainThenSettle(parsed.value);
          if (awaiting.kind === "batch" && classifyFrame(parsed.value) === "response") {
            const id = (parsed.value as { id: unknown }).id;
            if (awaiting.ids.some((want) => sameId(want, id))) batchAnswers.set(JSON.stringify(id), parsed.value);
            if (batchAnswers.size === awaiting.ids.length) settle({ kind: "response", frame: [...batchAnswers.values()] });
          }
        },
        onComment(comment) {
          if (!settled) rec.note(`SSE comment: ${comment}`);
        },
        onError(error) {
          if (!settled) rec.note(`SSE: ${error.message}`);
        },
      });
      // Bytes after the last line break are held here and fed to the parser only once a break arrives: the
      // parser rescans its unfinished line on every feed, so a 16 MiB line fed chunk by chunk costs seconds.
      let unbroken: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        bodyBytes += chunk.length;
        if (bodyBytes > LIMITS.maxReplyBytesPerExchange) return tooBig();
        if (chunk.indexOf(0x0a) === -1 && chunk.indexOf(0x0d) === -1) return void unbroken.push(chunk);
        const bytes = unbroken.length > 0 ? Buffer.concat([...unbroken, chunk]) : chunk;
        unbroken = [];
        parser.feed(decoder.decode(bytes, { stream: true }));
      });
      res.on("end", () => {
        if (settled) return;
        parser.feed(decoder.decode(Buffer.concat(unbroken)));
        parser.reset({ consume: true });
        if (settled) return;
        if (reply !== undefined) return settle({ kind: "response", frame: reply });
        if (awaiting.kind === "none") return settle({ kind: "notification", note: `${statusLine(res)}; the SSE stream ended after ${events} events` });
        const ok = (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300;
        if (!ok) return settle(failure("http-status", `${statusLine(res)}: an SSE stream with ${events} events and no reply`));
        settle(failure("framing", `the SSE stream ended after ${events} event${events === 1 ? "" : "s"} without a reply${awaiting.kind === "id" ? ` to id ${JSON.stringify(awaiting.id)}` : ""}`));
      });
    }

    function readWhole(res: IncomingMessage, tooBig: () => void) {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        bodyBytes += chunk.length;
        if (bodyBytes > LIMITS.maxReplyBytesPerExchange) {
          const head = Buffer.concat(chunks, Math.min(4096, bodyBytes - chunk.length)).toString("utf8");
          rec.add({ kind: "http-body", text: head, truncated: true });
          return tooBig();
        }
        chunks.push(chunk);
      });
      res.on("end", () => {
        if (settled) return;
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
          return settle(failure("http-status", `${statusLine(res)}${location ? ` → Location: ${location}` : ""} (the bridge does not follow redirects${verdict})`));
        }
        if (isFrame) {
          if (awaiting.kind === "none" && ok) return settle({ kind: "notification", note: `${statusLine(res)} with a JSON-RPC body` });
          if (awaiting.kind !== "none" && !answers(awaiting, frame) && classifyFrame(frame) === "response") {
            rec.note(`the reply's id ${JSON.stringify((frame as { id: unknown }).id)} is not the request's id${awaiting.kind === "id" ? ` ${JSON.stringify(awaiting.id)}` : ""}`);
          }
          return settle({ kind: "response", frame });
        }
        if (text === "") {
          if (awaiting.kind === "none" && ok) return settle({ kind: "notification", note: `${statusLine(res)} with an empty body` });
          if (ok) return settle(failure("http-status", `${statusLine(res)} with an empty body: no reply to the request on this POST`));
          return settle(failure("http-status", `${statusLine(res)} with an empty body`));
        }
        if (!ok) return settle(failure("http-status", `${statusLine(res)}: ${excerpt(text)}`));
        if (awaiting.kind === "none") return settle({ kind: "notification", note: `${statusLine(res)} with a body that is not JSON-RPC` });
        const type = mediaType(res.headers["content-type"]) || "no Content-Type";
        settle(failure("framing", `${statusLine(res)} (${type}) carried no JSON-RPC reply: ${excerpt(text)}`));
      });
    }

    req.end(body);
  });
}
