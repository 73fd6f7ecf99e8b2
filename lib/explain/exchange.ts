/**
 * Explaining a recorded exchange: the frame that was sent, every frame that came back (each with the context it
 * needs: direction, the request's method, transport, the server's era), and the error cards of error replies
 * and non-2xx HTTP statuses. Also turns exchanges into a transcript the dating tab can read.
 */
import { englishT, type Translate } from "../i18n/translate";
import type { Exchange } from "../protocol/exchange";
import { explainFrame } from "./annotate";
import { explainErrorCode, explainHttpStatus, type ErrorCard } from "./errors-explained";
import { explainHeaders } from "./headers";
import type { Annotation, ServerEra } from "./types";
import { isJsonObject } from "../protocol/json";
import { receivedFrames, sentFrame as sentFrameOf, sentText } from "../protocol/exchange";

export interface ExplainedFrame {
  role: "sent" | "received";
  /** "→ sent", "← reply", "← notification", "← server request". */
  label: string;
  frame: unknown;
  annotations: Annotation[];
}

export interface ExplainedExchange {
  frames: ExplainedFrame[];
  cards: ErrorCard[];
}

export { serverEraOf } from "./server-era";

function methodOf(frame: unknown): string | undefined {
  return isJsonObject(frame) && typeof frame.method === "string" ? frame.method : undefined;
}

/** The sent frame parsed, or its text when it is not JSON. */
function sentFrame(exchange: Exchange): unknown {
  return sentFrameOf(exchange) ?? sentText(exchange);
}

export function explainExchange(
  exchange: Exchange,
  serverEra: ServerEra = "unknown",
  t: Translate = englishT,
): ExplainedExchange {
  const sent = sentFrame(exchange);
  const requestMethod = methodOf(sent);
  const sentId = isJsonObject(sent) ? sent.id : undefined;
  const base = { transport: exchange.transport, serverEra, t } as const;
  const frames: ExplainedFrame[] = [
    {
      role: "sent",
      label: t("explain.x.sent"),
      frame: sent,
      annotations: explainFrame(sent, { ...base, direction: "sent" }),
    },
  ];
  frames.push(...headerFrames(exchange, sent, serverEra, t));
  for (const frame of receivedFrames(exchange)) {
    const isReply =
      isJsonObject(frame) &&
      ("result" in frame || "error" in frame) &&
      (frame.id === sentId || frame.id === undefined || frame.id === null);
    const label = t(
      isReply
        ? "explain.x.reply"
        : methodOf(frame) && isJsonObject(frame) && "id" in frame
          ? "explain.x.serverRequest"
          : methodOf(frame)
            ? "explain.x.notification"
            : "explain.x.frame",
    );
    frames.push({
      role: "received",
      label,
      frame,
      annotations: explainFrame(frame, {
        ...base,
        direction: "received",
        requestMethod: isReply ? requestMethod : undefined,
      }),
    });
  }
  return { frames, cards: errorCardsOf(exchange) };
}

/** The HTTP request and response headers as two more "frames" (names as keys), explained like fields. */
function headerFrames(exchange: Exchange, sent: unknown, serverEra: ServerEra, t: Translate): ExplainedFrame[] {
  const out: ExplainedFrame[] = [];
  for (const e of exchange.events) {
    if (e.kind === "http-request") {
      const frame = Object.fromEntries(e.headers);
      const annotations = explainHeaders(e.headers, {
        side: "request",
        httpMethod: e.method,
        frame: sent,
        serverEra,
        direction: "sent",
        transport: "http",
        t,
      });
      out.push({ role: "sent", label: t("explain.x.requestHeaders", { method: e.method }), frame, annotations });
    } else if (e.kind === "http-response") {
      const annotations = explainHeaders(e.headers, {
        side: "response",
        serverEra,
        direction: "received",
        transport: "http",
        t,
      });
      out.push({
        role: "received",
        label: t("explain.x.responseHeaders", { status: e.status }),
        frame: Object.fromEntries(e.headers),
        annotations,
      });
    }
  }
  return out;
}

/** Cards for the error reply (its code, read against the request) and for a non-2xx HTTP status. */
export function errorCardsOf(exchange: Exchange, t: Translate = englishT): ErrorCard[] {
  const sent = sentFrame(exchange);
  const requestMethod = methodOf(sent);
  const sentId = isJsonObject(sent) ? sent.id : undefined;
  const cards: ErrorCard[] = [];
  for (const frame of receivedFrames(exchange)) {
    if (
      isJsonObject(frame) &&
      isJsonObject(frame.error) &&
      typeof frame.error.code === "number" &&
      (frame.id === sentId || frame.id === undefined || frame.id === null)
    ) {
      cards.push(explainErrorCode(frame.error.code, { requestMethod, httpStatus: exchange.http?.status }, t));
    }
  }
  const status = exchange.http?.status;
  if (status !== undefined && (status < 200 || status >= 300)) {
    const reply = receivedFrames(exchange).find((f) => isJsonObject(f) && isJsonObject(f.error));
    const bodyCode =
      isJsonObject(reply) && isJsonObject(reply.error) && typeof reply.error.code === "number"
        ? reply.error.code
        : undefined;
    const httpRequest = exchange.events.find((e) => e.kind === "http-request");
    const hadSessionId =
      httpRequest?.kind === "http-request" && httpRequest.headers.some(([k]) => k.toLowerCase() === "mcp-session-id");
    cards.push(
      explainHttpStatus(
        status,
        {
          requestMethod,
          bodyCode,
          hadSessionId,
          httpMethod: httpRequest?.kind === "http-request" ? httpRequest.method : undefined,
          wasNotification: sentId === undefined,
        },
        t,
      ),
    );
  }
  return cards;
}

/** One line per frame, in the chapter's arrow style, for the dating tab ("date this session"). */
export function transcriptFromExchanges(exchanges: Exchange[]): string {
  const lines: string[] = [];
  for (const ex of exchanges) {
    const request = ex.events.find((e) => e.kind === "http-request");
    if (request?.kind === "http-request") {
      lines.push(`${request.method} ${new URL(request.url).pathname} HTTP/1.1`);
      // Credentials stay out of the transcript; their presence is all the dating needs.
      for (const [k, v] of request.headers)
        lines.push(`${k}: ${k.toLowerCase() === "authorization" ? "(redacted)" : v}`);
    }
    lines.push(`→ ${sentText(ex).replace(/\s*\n\s*/g, " ")}`);
    const response = ex.events.find((e) => e.kind === "http-response");
    if (response?.kind === "http-response") {
      lines.push(`HTTP/1.1 ${response.status} ${response.statusText}`);
      for (const [k, v] of response.headers) lines.push(`${k}: ${v}`);
    }
    for (const frame of receivedFrames(ex)) lines.push(`← ${JSON.stringify(frame)}`);
    lines.push("");
  }
  return lines.join("\n");
}
