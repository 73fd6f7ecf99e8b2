/**
 * The Cache tab's state: the client cache (always filled from what came back; it answers only when on),
 * what it did (stored, served, invalidated, flagged), the simulated gateway and the listen streams.
 * Pure: (state, action) → state. The hooks in cache-commands.ts feed it.
 */
import type { Exchange, WireEvent } from "../bridge/contract";
import type { ListenEndReason, ListenLine } from "../bridge/listen-contract";
import type { Msg } from "../i18n/translate";
import {
  EMPTY_CACHE,
  type AuditReport,
  invalidate,
  isCacheableMethod,
  markServed,
  partitionFor,
  removeEntry,
  store,
  type AuthContext,
  type CacheState,
  type CacheViolation,
  type GatewayStep,
  type GatewayUser,
} from "./rules";
import { foldListen, openListen, type ListenView } from "../protocol/listen";
import { tryParseJson } from "../protocol/json";
import { eventFrame, receivedFrames, replyFrame, sentFrame } from "../protocol/exchange";

export type CacheLogEvent =
  | { kind: "stored"; at: number; sendId: string; keyLabel: string; scope: string; ttlMs: number }
  | { kind: "not-stored"; at: number; sendId: string; method: string; explanation: string; reason?: string }
  | { kind: "served"; at: number; sendId: string; keyLabel: string; ageMs: number }
  | { kind: "invalidated"; at: number; by: string; keyLabels: string[]; source: "listen" | "exchange" }
  | { kind: "violations"; at: number; sendId: string; method: string; violations: CacheViolation[] };

export interface ListenSession {
  listenId: string;
  targetKey: string;
  targetLabel: string;
  frameText: string;
  status: "connecting" | "open" | "ended";
  view?: ListenView;
  events: WireEvent[];
  /** Notifications of the subscription (not the ack), with the entries each made stale: the newest LISTEN_EVENT_LIMIT. */
  notifications: { at: number; frame: unknown; invalidated: string[] }[];
  /** Notifications that arrived but are no longer listed (the oldest go first). */
  notificationsNotKept?: number;
  /** How it ended: the bridge's English message, and the same as a Msg when the bridge kept one (said on screen). */
  end?: { reason: ListenEndReason; message: string; messageMsg?: Msg };
}

export interface GatewayView {
  cache: CacheState;
  users: GatewayUser[];
  running: boolean;
  /** `run` counts replays, so a reader can tell a new result from the previous one. */
  lastRun?: { run: number; frameText: string; targetLabel: string; steps: GatewayStep[] };
  error?: string;
}

export interface CacheSessionState {
  enabled: boolean;
  cache: CacheState;
  /** Newest last, capped. */
  log: CacheLogEvent[];
  gateway: GatewayView;
  listens: ListenSession[];
  /** "Check this server's cache hints": every cacheable method once. */
  audit: { running: boolean; targetLabel?: string; report?: AuditReport; error?: string };
}

export const LOG_LIMIT = 200;
export const LISTEN_EVENT_LIMIT = 500;

export const DEFAULT_GATEWAY_USERS: GatewayUser[] = [
  { name: "alice", authorization: "Bearer alice-token" },
  { name: "bob", authorization: "Bearer bob-token" },
];

export function initialCacheState(): CacheSessionState {
  return {
    enabled: false,
    cache: EMPTY_CACHE,
    log: [],
    gateway: { cache: EMPTY_CACHE, users: DEFAULT_GATEWAY_USERS, running: false },
    listens: [],
    audit: { running: false },
  };
}

export type CacheAction =
  | { type: "cache/enable"; enabled: boolean }
  | { type: "cache/clear" }
  | { type: "cache/remove"; entryId: string }
  | { type: "cache/observed"; exchange: Exchange; targetKey: string; auth: AuthContext; now: number }
  | { type: "cache/served"; sendId: string; entryId: string; keyLabel: string; ageMs: number; now: number }
  | { type: "gateway/users"; users: GatewayUser[] }
  | { type: "gateway/started" }
  | { type: "gateway/finished"; frameText: string; targetLabel: string; cache: CacheState; steps: GatewayStep[] }
  | { type: "gateway/failed"; message: string }
  | { type: "gateway/clear" }
  | { type: "listen/opened"; listenId: string; targetKey: string; targetLabel: string; frameText: string }
  | { type: "listen/line"; listenId: string; line: ListenLine; now: number }
  | { type: "listen/forget"; listenId: string }
  | { type: "audit/started"; targetLabel: string }
  | { type: "audit/finished"; report: AuditReport }
  | { type: "audit/failed"; message: string };

function log(state: CacheSessionState, ...events: CacheLogEvent[]): CacheLogEvent[] {
  return [...state.log, ...events].slice(-LOG_LIMIT);
}

function frameMethod(frame: unknown): string | undefined {
  const m = (frame as { method?: unknown } | null)?.method;
  return typeof m === "string" ? m : undefined;
}

function isNotification(frame: unknown): boolean {
  return frameMethod(frame) !== undefined && !(frame !== null && typeof frame === "object" && "id" in frame);
}

/** After a real exchange: store a cacheable answer, flag its hints, and apply any notification it carried. */
function observe(
  state: CacheSessionState,
  exchange: Exchange,
  targetKey: string,
  auth: AuthContext,
  now: number,
): CacheSessionState {
  if (exchange.local) return state;
  const sent = sentFrame(exchange);
  const method = frameMethod(sent);
  const events: CacheLogEvent[] = [];
  let cache = state.cache;
  const reply = replyFrame(exchange);
  if (exchange.outcome.kind === "response" && method !== undefined && !Array.isArray(reply)) {
    const out = store(cache, sent, reply, { partition: partitionFor(targetKey, sent), auth, now }, exchange.sendId);
    cache = out.state;
    if (out.stored)
      events.push({
        kind: "stored",
        at: now,
        sendId: exchange.sendId,
        keyLabel: out.entry.keyLabel,
        scope: out.entry.scope,
        ttlMs: out.entry.ttlMs,
      });
    else if (isCacheableMethod(method))
      events.push({
        kind: "not-stored",
        at: now,
        sendId: exchange.sendId,
        method,
        explanation: out.explanation,
        reason: out.reason,
      });
    if (out.violations.length > 0)
      events.push({ kind: "violations", at: now, sendId: exchange.sendId, method, violations: out.violations });
  }
  for (const frame of receivedFrames(exchange)) {
    if (!isNotification(frame)) continue;
    const inv = invalidate(cache, targetKey, frame, now);
    cache = inv.state;
    if (inv.invalidated.length > 0)
      events.push({
        kind: "invalidated",
        at: now,
        by: frameMethod(frame)!,
        keyLabels: inv.invalidated.map((e) => e.keyLabel),
        source: "exchange",
      });
  }
  return events.length === 0 && cache === state.cache ? state : { ...state, cache, log: log(state, ...events) };
}

function onListenLine(state: CacheSessionState, listenId: string, line: ListenLine, now: number): CacheSessionState {
  const index = state.listens.findIndex((l) => l.listenId === listenId);
  if (index < 0) return state;
  const session = state.listens[index];
  let next: ListenSession = session;
  let cache = state.cache;
  let gatewayCache = state.gateway.cache;
  const events: CacheLogEvent[] = [];
  if (line.kind === "end") {
    next = {
      ...session,
      status: "ended",
      end: { reason: line.reason, message: line.message, ...(line.messageMsg ? { messageMsg: line.messageMsg } : {}) },
    };
  } else if (line.kind === "event") {
    const frame = eventFrame(line.event);
    next = { ...session, events: [...session.events, line.event].slice(-LISTEN_EVENT_LIMIT) };
    const inbound = line.event.kind === "stdout" || line.event.kind === "sse-event";
    if (frame !== undefined && inbound && next.view) {
      const view = foldListen(next.view, frame);
      next = {
        ...next,
        view,
        status: view.status === "open" ? "open" : view.status === "opening" ? "connecting" : "ended",
      };
      if (isNotification(frame) && frameMethod(frame) !== "notifications/subscriptions/acknowledged") {
        // A relevant notification makes fresh entries stale at once, in the client cache and at the gateway.
        const inv = invalidate(cache, session.targetKey, frame, now);
        cache = inv.state;
        gatewayCache = invalidate(gatewayCache, session.targetKey, frame, now).state;
        const keyLabels = inv.invalidated.map((e) => e.keyLabel);
        const notifications = [...next.notifications, { at: now, frame, invalidated: keyLabels }];
        const over = Math.max(0, notifications.length - LISTEN_EVENT_LIMIT);
        next = {
          ...next,
          notifications: notifications.slice(over),
          ...(over > 0 && { notificationsNotKept: (next.notificationsNotKept ?? 0) + over }),
        };
        if (keyLabels.length > 0)
          events.push({ kind: "invalidated", at: now, by: frameMethod(frame)!, keyLabels, source: "listen" });
      }
    }
  }
  const listens = state.listens.slice();
  listens[index] = next;
  return {
    ...state,
    cache,
    gateway: { ...state.gateway, cache: gatewayCache },
    listens,
    log: events.length ? log(state, ...events) : state.log,
  };
}

export function cacheReducer(state: CacheSessionState, action: CacheAction): CacheSessionState {
  switch (action.type) {
    case "cache/enable":
      return { ...state, enabled: action.enabled };
    case "cache/clear":
      return { ...state, cache: EMPTY_CACHE };
    case "cache/remove":
      return { ...state, cache: removeEntry(state.cache, action.entryId) };
    case "cache/observed":
      return observe(state, action.exchange, action.targetKey, action.auth, action.now);
    case "cache/served":
      return {
        ...state,
        cache: markServed(state.cache, action.entryId),
        log: log(state, {
          kind: "served",
          at: action.now,
          sendId: action.sendId,
          keyLabel: action.keyLabel,
          ageMs: action.ageMs,
        }),
      };
    case "gateway/users":
      return { ...state, gateway: { ...state.gateway, users: action.users } };
    case "gateway/started":
      return { ...state, gateway: { ...state.gateway, running: true, error: undefined } };
    case "gateway/finished":
      return {
        ...state,
        gateway: {
          ...state.gateway,
          running: false,
          cache: action.cache,
          lastRun: {
            run: (state.gateway.lastRun?.run ?? 0) + 1,
            frameText: action.frameText,
            targetLabel: action.targetLabel,
            steps: action.steps,
          },
        },
      };
    case "gateway/failed":
      return { ...state, gateway: { ...state.gateway, running: false, error: action.message } };
    case "gateway/clear":
      return { ...state, gateway: { ...state.gateway, cache: EMPTY_CACHE, lastRun: undefined, error: undefined } };
    case "listen/opened": {
      const frame = tryParseJson(action.frameText);
      const view = openListen(frame);
      const session: ListenSession = {
        listenId: action.listenId,
        targetKey: action.targetKey,
        targetLabel: action.targetLabel,
        frameText: action.frameText,
        status: "connecting",
        events: [],
        notifications: [],
        ...(view && { view }),
      };
      return { ...state, listens: [...state.listens.filter((l) => l.listenId !== action.listenId), session] };
    }
    case "listen/line":
      return onListenLine(state, action.listenId, action.line, action.now);
    case "listen/forget":
      return { ...state, listens: state.listens.filter((l) => l.listenId !== action.listenId) };
    case "audit/started":
      return { ...state, audit: { running: true, targetLabel: action.targetLabel } };
    case "audit/finished":
      return { ...state, audit: { ...state.audit, running: false, report: action.report } };
    case "audit/failed":
      return { ...state, audit: { ...state.audit, running: false, error: action.message } };
  }
}
