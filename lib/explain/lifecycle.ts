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

/** A row: since defaults to 2026-07-28 and specRef to its group's page. */
type LifecycleRow = Omit<LifecycleEntry, "id" | "status" | "since" | "specRef" | TextField> &
  Partial<Pick<LifecycleEntry, "since" | "specRef">> & {
    /** A deprecation whose earliest removal the registry words (explain.life.<id>.removal). */
    removal?: true;
  };
/** The entry's words live in the catalogues (explain.life.<id>.*); the entry carries their English. */
type TextField = "feature" | "migration" | "earliestRemoval";

const DEPRECATED = {
  roots: {
    sep: SEP_2577,
    removal: true,
    introduced: "2024-11-05",
  },
  sampling: {
    sep: SEP_2577,
    removal: true,
    introduced: "2024-11-05",
  },
  logging: {
    sep: SEP_2577,
    removal: true,
    introduced: "2024-11-05",
  },
  dcr: {
    sep: "PR #2858",
    removal: true,
    introduced: "2025-03-26",
  },
  includeContext: {
    since: "2025-11-25",
    sep: SEP_2596,
    removal: true,
    introduced: "2024-11-05",
  },
  httpSse: {
    since: "2025-03-26",
    sep: SEP_2596,
    removal: true,
    introduced: "2024-11-05",
  },
} satisfies Record<string, LifecycleRow>;

const REMOVED = {
  initialize: {
    sep: SEP_2575,
    introduced: "2024-11-05",
  },
  ping: {
    sep: SEP_2575,
    introduced: "2024-11-05",
  },
  loggingSetLevel: {
    sep: SEP_2575,
    introduced: "2024-11-05",
  },
  resourcesSubscribe: {
    sep: SEP_2575,
    introduced: "2024-11-05",
  },
  rootsListChanged: {
    sep: SEP_2575,
    introduced: "2024-11-05",
  },
  elicitationComplete: {
    introduced: "2025-11-25",
  },
  elicitationId: {
    introduced: "2025-11-25",
  },
  urlElicitationRequired: {
    introduced: "2025-11-25",
    specRef: REF.errors,
  },
  resourceNotFound32002: {
    introduced: "2024-11-05",
    specRef: REF.resources,
  },
  coreTasks: {
    sep: "SEP-2663",
    introduced: "2025-11-25",
    specRef: REF.tasks,
  },
  sessions: {
    sep: "SEP-2567",
    introduced: "2025-03-26",
  },
  lastEventId: {
    sep: SEP_2575,
    introduced: "2025-03-26",
  },
  getStream: {
    sep: SEP_2575,
    introduced: "2025-03-26",
  },
  serverRequests: {
    sep: "SEP-2322",
    introduced: "2024-11-05",
    specRef: REF.mrtr,
  },
  batching: {
    since: "2025-06-18",
    sep: "PR #416",
    introduced: "2025-03-26",
    specRef: REF.batching,
  },
} satisfies Record<string, LifecycleRow>;

export type LifecycleId = keyof typeof DEPRECATED | keyof typeof REMOVED;

function entries(status: LifecycleEntry["status"], rows: Record<string, LifecycleRow>, specRef: string) {
  return Object.entries(rows).map(([id, { removal, ...row }]): [string, LifecycleEntry] => [
    id,
    {
      id: id as LifecycleId,
      status,
      since: "2026-07-28",
      specRef,
      ...row,
      feature: englishT(`explain.life.${id}.feature`),
      migration: englishT(`explain.life.${id}.migration`),
      ...(removal && { earliestRemoval: englishT(`explain.life.${id}.removal`) }),
    },
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
export function lifecycleSentence(entry: LifecycleEntry, t: Translate = englishT): string {
  const values = {
    since: entry.since,
    by: entry.sep ? ` (${entry.sep})` : "",
    feature: t(`explain.life.${entry.id}.feature`),
    migration: t(`explain.life.${entry.id}.migration`),
  };
  if (entry.status === "removed") return t("explain.life.removed", values);
  if (!entry.earliestRemoval) return t("explain.life.deprecated", values);
  return t("explain.life.deprecatedUntil", { ...values, removal: t(`explain.life.${entry.id}.removal`) });
}

export const DEPRECATED_AND_REMOVED: LifecycleEntry[] = Object.values(LIFECYCLE);
