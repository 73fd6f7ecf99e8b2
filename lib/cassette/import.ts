/**
 * Recordings made elsewhere → a session, so they become cassettes through the one path every cassette takes
 * (from-session.ts, secrets stripped as for links):
 *
 * - mcp-recorder cassettes (its README, "Cassette Format"): `{version: "1.0", metadata: {server_url, transport_type,
 *   protocol_version, server_info, …}, interactions: [{type: "jsonrpc_request" | "jsonrpc_notification", request,
 *   response, …}]}`. Only the documented fields are read.
 * - JSON Lines transcripts: one JSON-RPC frame per line, in the order they crossed, either bare (who sent it is
 *   read from its shape: a request or `notifications/initialized` is the client's, an answer or any other
 *   notification the server's) or wrapped as `{"direction": "send" | "recv", "message": {…}}` (also `dir`, and
 *   `frame`/`msg` for the message; `send`/`out`/`c2s`/`client` vs `recv`/`in`/`s2c`/`server`).
 * Pure.
 */
import { z } from "zod";
import type { Target } from "../bridge/contract";
import { SEND_DEFAULTS } from "../bridge/send-options";
import { asObject, canonicalJson, type JsonObject } from "../protocol/json";
import { valueNestsDeeperThan } from "../protocol/json-depth";
import type { RecordedExchange, ShareState } from "../share/state";
import { defaultShareState } from "../share/v1";
import { CASSETTE_LIMITS } from "./format";
import { eachJsonLine } from "./json-lines";

export type Imported = { ok: true; state: ShareState; format: string } | { ok: false; reason: string };

const RecorderSchema = z.object({
  version: z.string().max(32),
  metadata: z
    .object({
      server_url: z.string().max(8192).nullish(),
      transport_type: z.string().max(32).nullish(),
      protocol_version: z.string().max(64).nullish(),
    })
    .passthrough()
    .optional(),
  interactions: z
    .array(
      z
        .object({
          type: z.string().max(64).optional(),
          request: z.record(z.string(), z.unknown()),
          response: z.record(z.string(), z.unknown()).nullish(),
          latency_ms: z.number().nullish(),
        })
        .passthrough(),
    )
    .max(CASSETTE_LIMITS.maxInteractions),
});

/** Does this parsed JSON look like an mcp-recorder cassette? (version string + metadata + interactions[].request) */
export function isRecorderCassette(value: unknown): boolean {
  const v = asObject(value);
  return !!v && typeof v.version === "string" && Array.isArray(v.interactions) && v.format === undefined;
}

function exchangeOf(
  request: JsonObject,
  answer: JsonObject | undefined,
  notes: JsonObject[],
  transport: "stdio" | "http",
  label: string,
  durationMs = 0,
): RecordedExchange {
  const isNotification = request.id === undefined;
  return {
    targetLabel: label,
    transport,
    timeoutMs: SEND_DEFAULTS.timeoutMs,
    sent: JSON.stringify(request),
    // A recording keeps no wire events: its frames are kept whole.
    received: (answer ? [...notes, answer] : notes).map((frame) => ({ frame })),
    outcome: isNotification
      ? { kind: "notification", note: "a notification: no answer is expected" }
      : answer
        ? { kind: "response", frame: answer }
        : { kind: "failure", failure: "timeout", message: "the recording holds no answer" },
    events: [],
    durationMs,
  };
}

function stateWith(target: Target, exchanges: RecordedExchange[], title: string): ShareState {
  return { ...defaultShareState(), title, target, editor: "", exchanges };
}

/** A placeholder target for recordings that do not say what they were recorded against (never spawned: imports keep labels only). */
function importedTarget(url: string | null | undefined, transport: "stdio" | "http"): Target {
  if (transport === "http" && url && /^https?:\/\//i.test(url)) return { kind: "http", url };
  return { kind: "stdio", command: "recorded-server", args: [] };
}

export function importRecorder(value: unknown): Imported {
  // A frame is read recursively later (canonical keys, JSON.stringify): a deep one is refused here, by name.
  if (valueNestsDeeperThan(value, CASSETTE_LIMITS.maxDepth + 8))
    return { ok: false, reason: `it nests deeper than ${CASSETTE_LIMITS.maxDepth} levels` };
  const parsed = RecorderSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: `it looks like an mcp-recorder cassette, but ${issue.path.join(".") || "the file"}: ${issue.message}`,
    };
  }
  const { metadata, interactions } = parsed.data;
  const transport = metadata?.transport_type === "http" ? "http" : "stdio";
  const target = importedTarget(metadata?.server_url, transport);
  const label = target.kind === "http" ? target.url : "stdio server (recorded by mcp-recorder)";
  const exchanges = interactions.map((x) =>
    exchangeOf(
      x.request,
      x.response ?? undefined,
      [],
      transport,
      label,
      typeof x.latency_ms === "number" ? x.latency_ms : 0,
    ),
  );
  return { ok: true, state: stateWith(target, exchanges, "imported from mcp-recorder"), format: "mcp-recorder" };
}

const CLIENT_DIRECTIONS =
  /^(send|sent|out|outgoing|outbound|c2s|client|client[-_ ]?to[-_ ]?server|client->server|request|→|>)$/i;
const SERVER_DIRECTIONS =
  /^(recv|received|receive|in|incoming|inbound|s2c|server|server[-_ ]?to[-_ ]?client|server->client|response|←|<)$/i;
/** Requests a server sends a client: a bare one is the server's. */
const SERVER_REQUESTS = new Set(["sampling/createMessage", "elicitation/create", "roots/list"]);
/** Notifications a client sends: a bare one is the client's. */
const CLIENT_NOTIFICATIONS = new Set(["notifications/initialized", "notifications/roots/list_changed"]);

type Line = { from: "client" | "server"; frame: JsonObject };

function lineOf(value: unknown, pending: boolean): Line | string {
  const v = asObject(value);
  if (!v) return "is not a JSON object";
  const direction = v.direction ?? v.dir;
  const inner = asObject(v.message ?? v.frame ?? v.msg);
  if (typeof direction === "string" && inner) {
    if (CLIENT_DIRECTIONS.test(direction)) return { from: "client", frame: inner };
    if (SERVER_DIRECTIONS.test(direction)) return { from: "server", frame: inner };
    return `has a direction ${JSON.stringify(direction).slice(0, 40)} that is neither sent nor received`;
  }
  if (typeof v.method === "string") {
    if (v.id !== undefined) return { from: SERVER_REQUESTS.has(v.method) ? "server" : "client", frame: v };
    if (CLIENT_NOTIFICATIONS.has(v.method) || (v.method === "notifications/cancelled" && pending))
      return { from: "client", frame: v };
    return { from: "server", frame: v };
  }
  if ("result" in v || "error" in v) return { from: "server", frame: v };
  return "is neither a JSON-RPC frame nor {direction, message}";
}

export function importJsonLines(text: string, label = "recorded server (JSON Lines)"): Imported {
  const exchanges: RecordedExchange[] = [];
  type Open = { request: JsonObject; notes: JsonObject[]; answer?: JsonObject };
  const order: Open[] = [];
  const byId = new Map<string, Open>();
  const refused = eachJsonLine(text, (value, n) => {
    const open = [...byId.values()].filter((o) => !o.answer);
    const line = lineOf(value, open.length > 0);
    if (typeof line === "string") return `line ${n} ${line}`;
    const { from, frame } = line;
    if (from === "client") {
      if (typeof frame.method !== "string") return undefined; // the client's answer to a server request: not replayed
      const entry: Open = { request: frame, notes: [] };
      order.push(entry);
      if (frame.id !== undefined) byId.set(canonicalJson(frame.id), entry);
      return undefined;
    }
    const answered = frame.method === undefined ? byId.get(canonicalJson(frame.id)) : undefined;
    if (answered && !answered.answer) {
      answered.answer = frame;
      return undefined;
    }
    // A notification or a server request: it belongs to the oldest request still waiting, else to the last one.
    const owner = open[0] ?? order[order.length - 1];
    if (owner) owner.notes.push(frame);
    return undefined;
  });
  if (refused !== undefined) return { ok: false, reason: refused };
  if (order.length === 0) return { ok: false, reason: "it holds no request sent by a client" };
  for (const o of order) exchanges.push(exchangeOf(o.request, o.answer, o.notes, "stdio", label));
  return {
    ok: true,
    state: stateWith(importedTarget(undefined, "stdio"), exchanges, "imported from JSON Lines"),
    format: "JSON Lines",
  };
}
