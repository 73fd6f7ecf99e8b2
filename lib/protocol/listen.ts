/**
 * subscriptions/listen as a client sees it (digest §8.1): which frames belong to one listen stream, whether
 * the acknowledgement came first and matches what was asked, and what the stream has shown so far.
 * Pure: the bridge uses belongsToListen() to route stdio frames, the Cache panel folds frames with
 * foldListen(), the tests check both.
 */
import { META_KEYS } from "./meta";
import { asObject } from "./json";
import { msg, say, type Msg } from "../i18n/translate";

/** Ids compare by value and JSON type ("1" is not 1): the subscription id echoes the listen id verbatim. */
function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && a === b;
}

export interface SubscriptionFilter {
  toolsListChanged?: boolean;
  promptsListChanged?: boolean;
  resourcesListChanged?: boolean;
  resourceSubscriptions?: string[];
}

export const FILTER_NOTIFICATIONS: Record<Exclude<keyof SubscriptionFilter, "resourceSubscriptions">, string> = {
  toolsListChanged: "notifications/tools/list_changed",
  promptsListChanged: "notifications/prompts/list_changed",
  resourcesListChanged: "notifications/resources/list_changed",
};

export function subscriptionIdOf(frame: unknown): unknown {
  return asObject(asObject(asObject(frame)?.params)?._meta)?.[META_KEYS.subscriptionId];
}

export function listenIdOf(frame: unknown): string | number | undefined {
  const f = asObject(frame);
  if (f?.method !== "subscriptions/listen") return undefined;
  return typeof f.id === "string" || typeof f.id === "number" ? f.id : undefined;
}

export function filterOf(frame: unknown): SubscriptionFilter {
  return (asObject(asObject(asObject(frame)?.params)?.notifications) ?? {}) as SubscriptionFilter;
}

export type ListenFrameKind =
  | "ack" // notifications/subscriptions/acknowledged for this id
  | "notification" // any other notification tagged with this id
  | "closed" // the listen request's result: the server ended the stream gracefully
  | "error" // the listen request's error (e.g. -32601 from a legacy server)
  | "cancelled" // notifications/cancelled naming this id: the server tore the stream down (AMBIG-4)
  | "foreign"; // not part of this stream

export function classifyListenFrame(frame: unknown, listenId: string | number): ListenFrameKind {
  const f = asObject(frame);
  if (!f) return "foreign";
  if (typeof f.method !== "string") {
    if (!("id" in f) || !sameId(f.id, listenId)) return "foreign";
    return "error" in f ? "error" : "closed";
  }
  if ("id" in f) return "foreign"; // a request: servers send none
  if (f.method === "notifications/cancelled")
    return sameId(asObject(f.params)?.requestId, listenId) ? "cancelled" : "foreign";
  if (!sameId(subscriptionIdOf(f), listenId)) return "foreign";
  return f.method === "notifications/subscriptions/acknowledged" ? "ack" : "notification";
}

/** Over stdio one stdout carries everything: these frames go to the listen stream, not to an exchange. */
export function belongsToListen(frame: unknown, listenId: string | number): boolean {
  return classifyListenFrame(frame, listenId) !== "foreign";
}

/** What the acknowledgement honours, compared to what was asked (the client SHOULD compare them). */
export function compareAck(
  requested: SubscriptionFilter,
  acked: SubscriptionFilter,
): { dropped: string[]; added: string[] } {
  const dropped: string[] = [];
  const added: string[] = [];
  for (const key of Object.keys(FILTER_NOTIFICATIONS) as (keyof typeof FILTER_NOTIFICATIONS)[]) {
    if (requested[key] === true && acked[key] !== true) dropped.push(key);
    if (acked[key] === true && requested[key] !== true) added.push(key);
  }
  const asked = requested.resourceSubscriptions ?? [];
  const got = Array.isArray(acked.resourceSubscriptions) ? acked.resourceSubscriptions : [];
  for (const uri of asked) if (!got.includes(uri)) dropped.push(`resourceSubscriptions ${uri}`);
  for (const uri of got) if (!asked.includes(uri)) added.push(`resourceSubscriptions ${uri}`);
  return { dropped, added };
}

/** Whether a notification is of a type the (acknowledged) filter asked for. */
export function requestedByFilter(notification: unknown, filter: SubscriptionFilter): boolean {
  const f = asObject(notification);
  const method = f?.method;
  if (method === "notifications/resources/updated") {
    const uri = asObject(f?.params)?.uri;
    // The spec allows updates of sub-resources of a subscribed uri.
    return (
      typeof uri === "string" &&
      (filter.resourceSubscriptions ?? []).some((s) => uri === s || uri.startsWith(s.endsWith("/") ? s : `${s}/`))
    );
  }
  return (Object.keys(FILTER_NOTIFICATIONS) as (keyof typeof FILTER_NOTIFICATIONS)[]).some(
    (k) => filter[k] === true && FILTER_NOTIFICATIONS[k] === method,
  );
}

export interface ListenProblem {
  rule: "ack-first" | "requested-types-only" | "no-request-scoped-notifications" | "ack-subset";
  /** English; messageMsg says it in the reader's language. */
  message: string;
  messageMsg?: Msg;
}

function problem(rule: ListenProblem["rule"], messageMsg: Msg): ListenProblem {
  return { rule, message: say(messageMsg), messageMsg };
}

export interface ListenView {
  listenId: string | number;
  requested: SubscriptionFilter;
  status: "opening" | "open" | "closed-by-server" | "error" | "cancelled-by-server";
  acked?: SubscriptionFilter;
  ackDiff?: { dropped: string[]; added: string[] };
  /** The newest LISTEN_VIEW_LIMIT notifications (a stream may run for thousands). */
  notifications: unknown[];
  /** Notifications that arrived but are no longer kept (the oldest go first). */
  notificationsNotKept?: number;
  closing?: unknown;
  /** The newest LISTEN_VIEW_LIMIT problems. */
  problems: ListenProblem[];
}

/** What a ListenView keeps of a long stream (the page folds every frame it is sent). */
export const LISTEN_VIEW_LIMIT = 500;

export function openListen(listenFrame: unknown): ListenView | undefined {
  const listenId = listenIdOf(listenFrame);
  if (listenId === undefined) return undefined;
  return { listenId, requested: filterOf(listenFrame), status: "opening", notifications: [], problems: [] };
}

/** Folds one frame of the stream into the view, noting every break of the listen rules (digest §8.1, checks 37/38). */
export function foldListen(view: ListenView, frame: unknown): ListenView {
  const kind = classifyListenFrame(frame, view.listenId);
  const problems = [...view.problems];
  switch (kind) {
    case "foreign":
      return view;
    case "ack": {
      const acked = filterOf(frame);
      const ackDiff = compareAck(view.requested, acked);
      if (ackDiff.added.length > 0)
        problems.push(problem("ack-subset", msg("cacheListen.problem.ackSubset", { list: ackDiff.added.join(", ") })));
      return { ...view, status: "open", acked, ackDiff, problems };
    }
    case "notification": {
      const method = asObject(frame)?.method;
      if (view.status === "opening")
        problems.push(problem("ack-first", msg("cacheListen.problem.ackFirst", { method: String(method) })));
      if (method === "notifications/progress" || method === "notifications/message") {
        problems.push(
          problem(
            "no-request-scoped-notifications",
            msg("cacheListen.problem.requestScoped", { method: String(method) }),
          ),
        );
      } else if (!requestedByFilter(frame, view.acked ?? view.requested)) {
        problems.push(
          problem("requested-types-only", msg("cacheListen.problem.notRequested", { method: String(method) })),
        );
      }
      const notifications = [...view.notifications, frame];
      const over = Math.max(0, notifications.length - LISTEN_VIEW_LIMIT);
      const kept = { ...view, notifications: notifications.slice(over), problems: problems.slice(-LISTEN_VIEW_LIMIT) };
      return over > 0 ? { ...kept, notificationsNotKept: (view.notificationsNotKept ?? 0) + over } : kept;
    }
    case "closed":
      return { ...view, status: "closed-by-server", closing: frame };
    case "error":
      return { ...view, status: "error", closing: frame };
    case "cancelled":
      return { ...view, status: "cancelled-by-server", closing: frame };
  }
}
