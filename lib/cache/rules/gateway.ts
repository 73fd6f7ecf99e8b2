/**
 * A simulated shared gateway: one cache in front of one server, used by several people with different
 * Authorization values. It applies the same rules as the client cache, so a public result fetched for one
 * user is served to the next, and a private one is fetched again for every authorization context.
 * Pure: the caller supplies `send` (the bridge, with the user's Authorization header) and the clock.
 */
import { authContextOf, type AuthContext } from "./auth";
import { answerFromCache, lookup, markServed, partitionFor, store, type CacheEntry, type CacheState } from "./store";
import { humanAge } from "./describe";
import type { CacheViolation } from "./violations";

export interface GatewayUser {
  name: string;
  authorization: string;
}

export type GatewaySend = (
  frameText: string,
  user: GatewayUser,
) => Promise<{ ok: true; response: unknown; sendId?: string } | { ok: false; message: string }>;

export interface GatewayStep {
  user: GatewayUser;
  auth: AuthContext;
  decision: "served-from-shared-cache" | "fetched-upstream" | "failed";
  /** The reply this user got (from the cache or upstream). */
  response?: unknown;
  sendId?: string;
  entry?: CacheEntry;
  explanation: string;
  violations: CacheViolation[];
}

function upstreamReason(look: ReturnType<typeof lookup>, users: Map<string, string>): string {
  switch (look.kind) {
    case "bypass":
      return `Fetched upstream: ${look.explanation}`;
    case "stale":
      return `Fetched upstream: the shared copy is stale (${look.freshness.state === "stale" ? look.freshness.why : "expired"}).`;
    case "miss": {
      const owners = [...new Set(look.othersPrivate.map((e) => users.get(e.auth.id) ?? e.auth.label))];
      return owners.length > 0
        ? `Fetched upstream: the gateway holds this result only as private to ${owners.join(", ")}, and must not serve it across authorization contexts.`
        : "Fetched upstream: nothing cached under this key yet.";
    }
    default:
      return "Fetched upstream.";
  }
}

export async function replayAsUsers(
  initial: CacheState,
  frameText: string,
  users: GatewayUser[],
  targetKey: string,
  send: GatewaySend,
  clock: () => number,
): Promise<{ state: CacheState; steps: GatewayStep[] }> {
  const frame: unknown = JSON.parse(frameText);
  const partition = partitionFor(targetKey, frame);
  const names = new Map(users.map((u) => [authContextOf(u.authorization).id, u.name]));
  let state = initial;
  const steps: GatewayStep[] = [];
  for (const user of users) {
    const auth = authContextOf(user.authorization);
    const look = lookup(state, frame, { partition, auth, now: clock() });
    if (look.kind === "hit") {
      state = markServed(state, look.entry.id);
      const owner =
        look.entry.auth.id === auth.id
          ? "this user's own earlier fetch"
          : `the copy fetched for ${names.get(look.entry.auth.id) ?? look.entry.auth.label}`;
      steps.push({
        user,
        auth,
        decision: "served-from-shared-cache",
        response: answerFromCache(look.entry, (frame as { id: string | number }).id),
        entry: look.entry,
        explanation: `Served by the gateway from ${owner}, age ${humanAge(look.ageMs)}: the result is ${look.entry.scope}; nothing went upstream.`,
        violations: [],
      });
      continue;
    }
    const reason = upstreamReason(look, names);
    const sent = await send(frameText, user);
    if (!sent.ok) {
      steps.push({
        user,
        auth,
        decision: "failed",
        explanation: `${reason} The upstream send failed: ${sent.message}`,
        violations: [],
      });
      continue;
    }
    const outcome = store(state, frame, sent.response, { partition, auth, now: clock() }, sent.sendId);
    state = outcome.state;
    steps.push({
      user,
      auth,
      decision: "fetched-upstream",
      response: sent.response,
      ...(sent.sendId !== undefined && { sendId: sent.sendId }),
      ...(outcome.stored && { entry: outcome.entry }),
      explanation: outcome.stored
        ? `${reason} Stored as ${outcome.entry.scope}.`
        : `${reason} Not stored: ${outcome.explanation}`,
      violations: outcome.violations,
    });
  }
  return { state, steps };
}
