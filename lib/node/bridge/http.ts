/**
 * Streamable HTTP transport of the bridge: POST the frame text unmodified with the headers it implies, and
 * record the exact request head, the response status and raw headers, and the body (one JSON document or
 * each SSE event). node:http is used rather than fetch so the wire view shows exactly what was sent (fetch
 * adds User-Agent, Accept-Language, Sec-Fetch-Mode … of its own) and response headers keep their case and
 * order. Redirects are never followed. This module owns the request head, the timeout and settling; reading
 * the body (SSE or whole, under the size cap) is ./http-body. Importable by the CLI.
 */
import { ProgressDeadline, progressTokenOf, type ProgressPolicy } from "./progress-deadline";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { ExchangeOutcome, ParsedSendRequest } from "@/lib/bridge/contract";
import { awaitingFor, type Awaiting } from "@/lib/protocol/awaiting";
import type { ParsedFrame } from "@/lib/protocol/jsonrpc";
import { impliedHeaders, withExplicitHeaders, type HeaderList, type ImpliedHeaders } from "@/lib/protocol/http-headers";
import { pinnedLookup, type PinnedAddress } from "./address-guard";
import { mediaType, readWhole, statusLine, type BodyCount, type BodyReading } from "./http-body";
import { readSse } from "./http-sse";
import { failure, type ExchangeRecorder } from "./recorder";
import { selfSocketFor } from "./self-socket";
import { ownCallHeaders } from "./target-policy";

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
  /** Progress for the request's token restarts the timeout (lib/node/bridge/progress-deadline.ts). */
  progress?: ProgressPolicy;
  signal: AbortSignal;
  /** Conformance checks: another method, implied headers left out, an Origin (SendRequest.http). */
  control?: HttpControl;
  /** Who pays if the reply floods (flood-pacing.ts). */
  client?: string;
}

export type HttpControl = NonNullable<ParsedSendRequest["http"]>;

/** The headers the frame implies, minus those the send asked to leave out (and Content-Type without a body). */
function impliedFor(
  parsed: HttpSendOptions["parsed"],
  control: HttpControl | undefined,
  hasBody: boolean,
): ImpliedHeaders {
  const implied = impliedHeaders(parsed?.value);
  const omit = new Set((control?.omitImplied ?? []).map((n) => n.toLowerCase()));
  if (!hasBody) omit.add("content-type");
  if (omit.size === 0) return implied;
  const keep = (name: string) => !omit.has(name.toLowerCase());
  const left = implied.added.filter((n) => !keep(n));
  const notes = left.length ? [...implied.notes, `left out on request: ${left.join(", ")}`] : implied.notes;
  // The wire record keeps its notes in English; noteMsgs only serve the page's curl section.
  return {
    headers: implied.headers.filter(([n]) => keep(n)),
    added: implied.added.filter(keep),
    notes,
    noteMsgs: implied.noteMsgs,
  };
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

/** The endpoint as a URL, or why it cannot be one. */
function endpointUrl(raw: string): URL | string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${JSON.stringify(raw)} is not a URL`;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return `only http: and https: URLs can be Streamable HTTP endpoints, not ${url.protocol}`;
  return url;
}

/** The request's method, what it awaits, its head (recorded as the http-request event) and its body bytes. */
function buildRequestHead(spec: HttpSpec, url: URL, frameText: string, opts: HttpSendOptions) {
  const rec = opts.recorder;
  const method = opts.control?.method ?? "POST";
  const hasBody = method === "POST";
  // GET and DELETE carry no JSON-RPC message, so no reply to one is awaited: the status is the answer.
  const awaiting: Awaiting = hasBody ? awaitingFor(opts.parsed) : { kind: "none" };
  const implied = withExplicitHeaders(impliedFor(opts.parsed, opts.control, hasBody), spec.headers);
  for (const note of implied.notes) rec.note(note);
  const payload = Buffer.from(hasBody ? frameText : "", "utf8");
  const origin: HeaderList = opts.control?.origin ? [["Origin", opts.control.origin]] : [];
  if (origin.length) rec.note(`Origin: ${opts.control!.origin} sent on request (a DNS-rebinding check)`);
  const length: HeaderList = hasBody ? [["Content-Length", String(payload.length)]] : [];
  const host = opts.control?.host ?? url.host;
  if (opts.control?.host) rec.note(`Host: ${host} sent instead of ${url.host} (a DNS-rebinding check)`);
  const headers: HeaderList = [["Host", host], ...implied.headers, ...origin, ...length, ["Connection", "keep-alive"]];
  rec.add({
    kind: "http-request",
    method,
    url: url.href,
    headers,
    added: implied.added,
    transport: ["Host", ...(hasBody ? ["Content-Length"] : []), "Connection"],
    body: hasBody ? frameText : "",
  });
  return { method, awaiting, headers, payload };
}

/** Records the response's status and raw headers (case and order kept); returns its Content-Type. */
function recordResponseHead(rec: ExchangeRecorder, res: IncomingMessage): string | undefined {
  const contentType = res.headers["content-type"];
  const sessionId = res.headers["mcp-session-id"];
  rec.http = { status: res.statusCode ?? 0 };
  if (contentType) rec.http.contentType = contentType;
  if (typeof sessionId === "string") rec.http.sessionId = sessionId;
  const rawHeaders: HeaderList = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
  rec.add({
    kind: "http-response",
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? "",
    headers: rawHeaders,
  });
  const encoding = res.headers["content-encoding"];
  if (encoding && encoding !== "identity")
    rec.note(`the body is ${encoding}-encoded although the bridge asked for none; it is shown undecoded`);
  return contentType;
}

export function sendHttp(spec: HttpSpec, frameText: string, opts: HttpSendOptions): Promise<ExchangeOutcome> {
  const rec = opts.recorder;
  const url = endpointUrl(spec.url);
  if (typeof url === "string") return Promise.resolve(failure("refused", url));
  const { method, awaiting, headers, payload } = buildRequestHead(spec, url, frameText, opts);

  return new Promise<ExchangeOutcome>((resolve) => {
    let settled = false;
    let response: IncomingMessage | undefined;
    const body: BodyCount = { bytes: 0 };
    let reading: BodyReading | undefined;
    const settle = (outcome: ExchangeOutcome) => {
      if (settled) return;
      settled = true;
      deadline.stop();
      const extended = deadline.summary();
      if (extended) rec.note(extended, true);
      reading?.beforeSettle?.();
      opts.signal.removeEventListener("abort", onAbort);
      // Closing our side ends a stream the server keeps open (SSE) and frees the socket on failures.
      if (response && !response.complete) response.destroy();
      if (!response?.complete) req.destroy();
      resolve(outcome);
    };

    const client = url.protocol === "https:" ? https : http;
    // Host and the TLS server name stay the URL's name; only the socket goes to the pinned address.
    // A call to this instance's own embedded servers goes over its private socket (self-socket.ts), same bytes.
    const socket = selfSocketFor(url) ?? (spec.pinned ? { lookup: pinnedLookup(spec.pinned) } : {});
    // The bridge's own call to this app's demo carries its proof (lib/node/web/client-policy.ts isOwnLoopbackCall), never recorded or shown.
    const req = client.request(url, { method, headers: [...headers, ...ownCallHeaders(url)].flat(), ...socket });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (settled) return;
      if (response) settle(failure("network", `${describeNetworkError(url, err)} while reading the response body`));
      else settle(failure("network", describeNetworkError(url, err)));
    });

    const deadline = new ProgressDeadline(opts.timeoutMs, progressTokenOf(opts.parsed?.value), opts.progress, () => {
      const where = response
        ? ` (${statusLine(response)} arrived, ${body.bytes} body bytes so far)`
        : " (no HTTP response yet)";
      const awaited = awaiting.kind === "id" ? ` to id ${JSON.stringify(awaiting.id)}` : "";
      const capped = deadline.capped
        ? `; progress kept it alive until the maximum total of ${opts.progress!.maxTotalMs} ms`
        : "";
      settle(failure("timeout", `no reply${awaited} from ${url.href} within ${opts.timeoutMs} ms${where}${capped}`));
    });
    deadline.start();

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
      const contentType = recordResponseHead(rec, res);

      reading = {
        rec,
        awaiting,
        url,
        body,
        client: opts.client,
        isSettled: () => settled,
        settle,
        stopTimer: () => deadline.stop(),
        onFrame: (frame) => {
          if (deadline.observe(frame) && deadline.extensions === 1)
            rec.note(
              `notifications/progress for this request's token restarted the ${opts.timeoutMs} ms timeout (at most ${opts.progress!.maxTotalMs} ms in all)`,
            );
        },
      };
      if (mediaType(contentType) === "text/event-stream") readSse(res, reading);
      else readWhole(res, reading);
    });

    req.end(payload);
  });
}
