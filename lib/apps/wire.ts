/**
 * The Apps wire: every postMessage between the host (this page) and the app, as a row (direction, kind, method,
 * id, when, how long a request took), with a one-line explanation: the Apps methods from the extension's spec,
 * MCP methods from the explainer (lib/explain). A recording Transport wraps the extension's PostMessageTransport
 * so the rows are exactly what crossed. Pure (no DOM: the transport to wrap is passed in).
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/client";
import { METHODS } from "../explain/methods";
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
  /** The message as it crossed, as JSON text. */
  text: string;
}

const APPS_METHODS: Record<string, string> = {
  "ui/initialize":
    "The app's handshake: it names itself and its capabilities; the host answers with its capabilities and host context (theme, display mode, locale, container size).",
  "ui/notifications/initialized": "The app is ready: only now may the host send it anything (tool input, tool result).",
  "ui/notifications/tool-input": "The arguments the tool was called with, sent to the app once after it initialized.",
  "ui/notifications/tool-input-partial": "Arguments still streaming in (0..n times before tool-input).",
  "ui/notifications/tool-result": "The tool's result (content and structuredContent) for the app to render.",
  "ui/notifications/tool-cancelled": "The tool call was cancelled: the app should stop waiting for a result.",
  "ui/notifications/host-context-changed": "Part of the host context changed (theme, display mode, size…).",
  "ui/notifications/size-changed":
    "The app's content size: with a flexible container the host resizes the frame to it.",
  "ui/notifications/sandbox-proxy-ready":
    "The sandbox proxy (the outer frame, on its own origin) is ready for the app's HTML.",
  "ui/notifications/sandbox-resource-ready":
    "The host hands the proxy the app's HTML (with its CSP) to load in the inner frame.",
  "ui/notifications/request-teardown": "The app asks the host to close it.",
  "ui/message": "The app asks the host to add a message to the conversation (here: shown, nothing is sent to a model).",
  "ui/open-link": "The app asks the host to open a URL (here: shown, opened only when you click it).",
  "ui/download-file": "The app asks the host to download a file.",
  "ui/update-model-context":
    "The app replaces what the model should know about its state (here: shown as the model context).",
  "ui/request-display-mode":
    "The app asks for inline, fullscreen or pip; the host answers with the mode it really set.",
  "ui/resource-teardown": "The host is closing the app: it may save its state, then answers.",
  "notifications/message": "A log line from the app.",
  [VIOLATION_METHOD]:
    "Not the app's message: the playground's reporter in the sandbox saw the browser block a request under the app's CSP.",
};

export function explainMethod(method: string): string | undefined {
  const apps = APPS_METHODS[method];
  if (apps) return method.startsWith("ui/") ? `${apps} (MCP Apps, ${APPS_SPEC_URL})` : apps;
  const mcp = METHODS[method];
  return mcp ? `${mcp.text} (relayed to the MCP server)` : undefined;
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
      row.explain = explainMethod(method);
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
        row.explain = kind === "error" ? `the ${request.method} failed` : `the answer to ${request.method}`;
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
