/**
 * What 2026-07-28 deprecated and what it removed, with dates and SEPs (digest §0, §12; spec deprecated.mdx and
 * changelog.mdx of 2026-07-28, 2025-11-25, 2025-06-18). Deprecated = still in the spec, do not adopt;
 * removed = gone from the revision (a legacy server may still speak it).
 */
import { REF } from "./refs";
import { englishT, type Translate } from "../i18n/translate";
import type { Revision } from "./types";

export interface LifecycleEntry {
  id: LifecycleId;
  /** What it is, for a sentence: "Sampling (sampling/createMessage)". */
  feature: string;
  status: "deprecated" | "removed";
  /** The revision that deprecated or removed it. */
  since: Revision;
  /** The change proposal that did it, if the changelog names one. */
  sep?: string;
  /** What to use instead. */
  migration: string;
  /** For deprecations: when removal may happen, as the registry words it. */
  earliestRemoval?: string;
  /** The revision that introduced it (for dating transcripts). */
  introduced: Revision;
  specRef: string;
}

const SEP_2577 = "SEP-2577";
const SEP_2596 = "SEP-2596";
const SEP_2575 = "SEP-2575";
const AFTER_A_YEAR = "the first revision released on or after 2027-07-28";

/** A row: since defaults to 2026-07-28 and specRef to its group's page. */
type LifecycleRow = Omit<LifecycleEntry, "id" | "status" | "since" | "specRef"> &
  Partial<Pick<LifecycleEntry, "since" | "specRef">>;

const DEPRECATED = {
  roots: {
    feature: "Roots (roots/list, the roots capability)",
    sep: SEP_2577,
    migration: "pass directories or files as tool parameters, resource URIs or server configuration",
    earliestRemoval: AFTER_A_YEAR,
    introduced: "2024-11-05",
  },
  sampling: {
    feature: "Sampling (sampling/createMessage, the sampling capability)",
    sep: SEP_2577,
    migration: "call an LLM provider's API directly from the server",
    earliestRemoval: AFTER_A_YEAR,
    introduced: "2024-11-05",
  },
  logging: {
    feature: "Logging (notifications/message, io.modelcontextprotocol/logLevel, the logging capability)",
    sep: SEP_2577,
    migration: "log to stderr on stdio, use OpenTelemetry otherwise",
    earliestRemoval: AFTER_A_YEAR,
    introduced: "2024-11-05",
  },
  dcr: {
    feature: "OAuth Dynamic Client Registration",
    sep: "PR #2858",
    migration: "Client ID Metadata Documents",
    earliestRemoval: AFTER_A_YEAR,
    introduced: "2025-03-26",
  },
  includeContext: {
    feature: 'includeContext "thisServer" / "allServers" in sampling',
    since: "2025-11-25",
    sep: SEP_2596,
    migration: 'omit includeContext or use "none"',
    earliestRemoval: "no later than Sampling itself",
    introduced: "2024-11-05",
  },
  httpSse: {
    feature: "the HTTP+SSE transport (GET stream with an endpoint event, POST to the announced URL)",
    since: "2025-03-26",
    sep: SEP_2596,
    migration: "Streamable HTTP",
    earliestRemoval: "three months after SEP-2596 reaches Final",
    introduced: "2024-11-05",
  },
} satisfies Record<string, LifecycleRow>;

const REMOVED = {
  initialize: {
    feature: "the initialize / notifications/initialized handshake",
    sep: SEP_2575,
    migration:
      "put protocolVersion and clientCapabilities in every request's params._meta; call server/discover for identity and capabilities",
    introduced: "2024-11-05",
  },
  ping: {
    feature: "ping",
    sep: SEP_2575,
    migration: "send server/discover (or any cheap request) to see whether the server answers",
    introduced: "2024-11-05",
  },
  loggingSetLevel: {
    feature: "logging/setLevel",
    sep: SEP_2575,
    migration:
      "put io.modelcontextprotocol/logLevel in the _meta of the request whose logs you want (itself deprecated)",
    introduced: "2024-11-05",
  },
  resourcesSubscribe: {
    feature: "resources/subscribe and resources/unsubscribe",
    sep: SEP_2575,
    migration: "open subscriptions/listen with notifications.resourceSubscriptions",
    introduced: "2024-11-05",
  },
  rootsListChanged: {
    feature: "notifications/roots/list_changed",
    sep: SEP_2575,
    migration: "none: roots travel as an input request on each call (and Roots itself is deprecated)",
    introduced: "2024-11-05",
  },
  elicitationComplete: {
    feature: "notifications/elicitation/complete",
    migration: "retry the original request; the server answers complete or asks again",
    introduced: "2025-11-25",
  },
  elicitationId: {
    feature: "elicitationId in URL-mode elicitation",
    migration: "the server keeps its own correlation id inside requestState",
    introduced: "2025-11-25",
  },
  urlElicitationRequired: {
    feature: "error -32042 (URL elicitation required)",
    migration: "the server answers input_required with a url-mode elicitation/create input request",
    introduced: "2025-11-25",
    specRef: REF.errors,
  },
  resourceNotFound32002: {
    feature: "error -32002 for a missing resource",
    migration: "servers answer -32602 with data.uri; clients still accept -32002 from old servers",
    introduced: "2024-11-05",
    specRef: REF.resources,
  },
  coreTasks: {
    feature: "tasks in the core protocol (the tasks capability, tasks/list, tasks/result, notifications/tasks/status)",
    sep: "SEP-2663",
    migration: "the io.modelcontextprotocol/tasks extension: tasks/get polling, tasks/update, tasks/cancel",
    introduced: "2025-11-25",
    specRef: REF.tasks,
  },
  sessions: {
    feature: "protocol sessions (the Mcp-Session-Id header, DELETE to end a session)",
    sep: "SEP-2567",
    migration:
      "no sessions: every request stands alone; cross-call state travels as server-minted handles in tool arguments",
    introduced: "2025-03-26",
  },
  lastEventId: {
    feature: "SSE resumability (the Last-Event-ID header, SSE event ids)",
    sep: SEP_2575,
    migration: "a broken stream loses the request: re-issue it with a new id",
    introduced: "2025-03-26",
  },
  getStream: {
    feature: "the HTTP GET stream for server-initiated messages",
    sep: SEP_2575,
    migration: "subscriptions/listen, a POST whose SSE response stays open",
    introduced: "2025-03-26",
  },
  serverRequests: {
    feature: "JSON-RPC requests sent by the server (and responses sent by the client)",
    sep: "SEP-2322",
    migration:
      "Multi Round-Trip Requests: the server answers input_required with inputRequests; the client retries with inputResponses",
    introduced: "2024-11-05",
    specRef: REF.mrtr,
  },
  batching: {
    feature: "JSON-RPC batching (an array of messages in one write)",
    since: "2025-06-18",
    sep: "PR #416",
    migration: "send each message on its own line or POST",
    introduced: "2025-03-26",
    specRef: REF.batching,
  },
} satisfies Record<string, LifecycleRow>;

export type LifecycleId = keyof typeof DEPRECATED | keyof typeof REMOVED;

function entries(status: LifecycleEntry["status"], rows: Record<string, LifecycleRow>, specRef: string) {
  return Object.entries(rows).map(([id, row]): [string, LifecycleEntry] => [
    id,
    { id: id as LifecycleId, status, since: "2026-07-28", specRef, ...row },
  ]);
}

export const LIFECYCLE = Object.fromEntries([
  ...entries("deprecated", DEPRECATED, REF.deprecated),
  ...entries("removed", REMOVED, REF.changelog),
]) as Record<LifecycleId, LifecycleEntry>;

/** "deprecated since 2026-07-28 (SEP-2577)" or "removed in 2026-07-28". */
export function lifecycleBadge(entry: LifecycleEntry, t: Translate = englishT): string {
  if (entry.status === "removed") return t("lifecycle.removedIn", { since: entry.since });
  return entry.sep
    ? t("lifecycle.deprecatedSinceSep", { since: entry.since, sep: entry.sep })
    : t("lifecycle.deprecatedSince", { since: entry.since });
}

/** One sentence on status and migration, to append to a field's explanation. */
export function lifecycleSentence(entry: LifecycleEntry): string {
  const by = entry.sep ? ` (${entry.sep})` : "";
  if (entry.status === "deprecated") {
    const removal = entry.earliestRemoval ? `; earliest removal: ${entry.earliestRemoval}` : "";
    return `Deprecated since ${entry.since}${by}: ${entry.feature} still works, but new code should not adopt it; instead: ${entry.migration}${removal}.`;
  }
  return `Removed in ${entry.since}${by}: ${entry.feature}; instead: ${entry.migration}.`;
}

export const DEPRECATED_AND_REMOVED: LifecycleEntry[] = Object.values(LIFECYCLE);
