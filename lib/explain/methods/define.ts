/** The shape of a method's entry, the fields several methods carry, and the helper that fills a group's defaults. */
import type { LifecycleId } from "../lifecycle";
import { REF } from "../refs";
import type { Revision } from "../types";
import { cite, optional, required, type Fields } from "../vocabulary";

export interface MethodInfo {
  method: string;
  /** request = JSON-RPC request with an id; notification = no id; input = only inside inputRequests (MRTR). */
  kind: "request" | "notification" | "input";
  /** Who sends it in 2026-07-28 (for removed methods: who sent it before). */
  from: "client" | "server" | "either";
  text: string;
  specRef: string;
  /** params keys other than _meta. */
  params: Fields;
  /** result keys other than resultType and _meta. */
  result?: Fields;
  /** The result may be input_required (MRTR): only tools/call, prompts/get, resources/read. */
  mrtr?: boolean;
  /** Complete results carry ttlMs and cacheScope (CacheableResult). */
  cacheable?: boolean;
  /** Part of the tasks extension, not the core. */
  extension?: "io.modelcontextprotocol/tasks";
  lifecycle?: LifecycleId;
  introduced: Revision;
}

export const { cursor, nextCursor } = cite(REF.pagination, {
  cursor: optional("Opaque page cursor from a previous nextCursor; an empty string is still a cursor."),
  nextCursor: optional(
    "Present when there is another page: send it back as params.cursor; absent means the list is complete.",
  ),
});
export const { ttlMs, cacheScope } = cite(REF.caching, {
  ttlMs: required(
    "Freshness hint in milliseconds: the client may reuse this result for that long (0 = stale at once).",
  ),
  cacheScope: required(
    '"public": any cache may share it across users; "private": only within the same authorization context.',
  ),
});
export const { inputResponses, requestState } = cite(REF.mrtrClient, {
  inputResponses: optional(
    "Answers to the previous round's inputRequests, under the same keys; only on a retry of an input_required call.",
  ),
  requestState: optional(
    "The opaque requestState of the previous round, echoed byte for byte; the client must not read or change it.",
  ),
});
export const listed = (what: string, ref: string): Fields => ({
  [what]: required(`The ${what} this server offers to this requester (must not vary per connection).`, {
    specRef: ref,
  }),
  nextCursor,
  ttlMs,
  cacheScope,
});

export type MethodRow = Omit<MethodInfo, "kind" | "from"> & Partial<Pick<MethodInfo, "kind" | "from">>;

/** Methods that share a kind and sender; their fields cite the method's page unless they name their own. */
export function group(defaults: Pick<MethodInfo, "kind" | "from" | "extension">, rows: MethodRow[]): MethodInfo[] {
  return rows.map((row) => {
    const m = { ...defaults, ...row };
    return { ...m, params: cite(m.specRef, m.params), ...(m.result && { result: cite(m.specRef, m.result) }) };
  });
}
