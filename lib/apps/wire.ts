/**
 * The Apps wire: every postMessage between the host (this page) and the app, as a row (direction, kind, method,
 * id, when, how long a request took), with a one-line explanation: the Apps methods from the extension's spec,
 * MCP methods from the explainer (lib/explain). A recording Transport wraps the extension's PostMessageTransport
 * so the rows are exactly what crossed. Pure (no DOM: the transport to wrap is passed in).
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { METHODS } from "../explain/methods";
import { msg, say, type Msg } from "../i18n/translate";
import { asObject } from "../protocol/json";
import { APPS_SPEC_URL } from "./constants";
import { VIOLATION_METHOD } from "./csp";

export type WireDirection = "host→app" | "app→host";

export interface WireRow {
  seq: number;
  direction: WireDirection;
  kind: "request" | "response" | "error" | "notification";
  method?: string;
  id?: string | number;
  /** ms since the app was started. */
  at: number;
  /** For a response: ms since its request crossed the other way. */
  latencyMs?: number;
  explain?: string;
  /** The explanation as a Msg, said in the reader's language. */
  explainMsg?: Msg;
  /** The message as it crossed, as JSON text. */
  text: string;
}

/** The Apps methods this wire explains, each with its sentence's key under apps.wire.m in the catalogues. */
const APPS_METHODS: Record<string, string> = {
  "ui/initialize": "initialize",
  "ui/notifications/initialized": "initialized",
  "ui/notifications/tool-input": "toolInput",
  "ui/notifications/tool-input-partial": "toolInputPartial",
  "ui/notifications/tool-result": "toolResult",
  "ui/notifications/tool-cancelled": "toolCancelled",
  "ui/notifications/host-context-changed": "hostContextChanged",
  "ui/notifications/size-changed": "sizeChanged",
  "ui/notifications/sandbox-proxy-ready": "sandboxProxyReady",
  "ui/notifications/sandbox-resource-ready": "sandboxResourceReady",
  "ui/notifications/request-teardown": "requestTeardown",
  "ui/message": "message",
  "ui/open-link": "openLink",
  "ui/download-file": "downloadFile",
  "ui/update-model-context": "updateModelContext",
  "ui/request-display-mode": "requestDisplayMode",
  "ui/resource-teardown": "resourceTeardown",
  "notifications/message": "log",
  [VIOLATION_METHOD]: "violation",
};

/** What a method means on the Apps wire, as a Msg (the page says it in the reader's language). */
export function explainMethodMsg(method: string): Msg | undefined {
  const apps = APPS_METHODS[method];
  if (apps) {
    const text = msg(`apps.wire.m.${apps}`);
    return method.startsWith("ui/") ? msg("apps.wire.apps", { text, url: APPS_SPEC_URL }) : text;
  }
  const mcp = METHODS[method];
  return mcp ? msg("apps.wire.relayed", { text: mcp.key ? msg(mcp.key) : mcp.text }) : undefined;
}

/** An app may post without end: the wire keeps the last rows (bounded memory), and says how many it dropped. */
export const WIRE_MAX_ROWS = 500;
const MAX_PENDING = 1000;

/** Turns messages into rows, pairing responses with their requests per direction. */
export class WireLog {
  private rows: WireRow[] = [];
  private seq = 0;
  /** Rows no longer kept (the oldest first). */
  dropped = 0;
  private pending = new Map<string, { at: number; method: string }>();
  constructor(
    private readonly now: () => number,
    private readonly started = now(),
  ) {}

  record(direction: WireDirection, message: unknown): WireRow {
    const m = asObject(message) ?? {};
    const at = Math.round(this.now() - this.started);
    const id = typeof m.id === "string" || typeof m.id === "number" ? m.id : undefined;
    const method = typeof m.method === "string" ? m.method : undefined;
    const kind: WireRow["kind"] = method
      ? id !== undefined
        ? "request"
        : "notification"
      : m.error
        ? "error"
        : "response";
    const text = JSON.stringify(message) ?? String(message);
    const row: WireRow = {
      seq: ++this.seq,
      direction,
      kind,
      at,
      text: text.length > 20_000 ? `${text.slice(0, 20_000)}… (${text.length} characters)` : text,
    };
    if (id !== undefined) row.id = id;
    if (method) {
      row.method = method;
      row.explainMsg = explainMethodMsg(method);
      if (row.explainMsg) row.explain = say(row.explainMsg);
      if (id !== undefined) {
        if (this.pending.size >= MAX_PENDING) this.pending.clear();
        this.pending.set(`${direction}:${id}`, { at, method });
      }
    } else if (id !== undefined) {
      const other: WireDirection = direction === "host→app" ? "app→host" : "host→app";
      const request = this.pending.get(`${other}:${id}`);
      if (request) {
        this.pending.delete(`${other}:${id}`);
        row.method = request.method;
        row.latencyMs = at - request.at;
        row.explainMsg = msg(kind === "error" ? "apps.wire.failed" : "apps.wire.answer", { method: request.method });
        row.explain = say(row.explainMsg);
      }
    }
    this.rows.push(row);
    if (this.rows.length > WIRE_MAX_ROWS) {
      this.rows.shift();
      this.dropped += 1;
    }
    return row;
  }

  all(): WireRow[] {
    return [...this.rows];
  }
}

/**
 * A Transport around another (the extension's PostMessageTransport) that reports each message both ways before it
 * is delivered, and can keep a message off the bridge (`intercept` returns true: the CSP reporter's messages).
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  sessionId?: string;
  setProtocolVersion?: (version: string) => void;

  constructor(
    private readonly inner: Transport,
    private readonly onRecord: (direction: WireDirection, message: JSONRPCMessage) => void,
    private readonly intercept: (message: JSONRPCMessage) => boolean = () => false,
  ) {}

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.onRecord("app→host", message);
      if (this.intercept(message)) return;
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (e) => this.onerror?.(e);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.onRecord("host→app", message);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
