/** The shape of a method's entry, the fields several methods carry, and the helper that fills a group's defaults. */
import type { LifecycleId } from "../lifecycle";
import { REF } from "../refs";
import type { Revision } from "../types";
import { englishT } from "../../i18n/translate";
import { cite, optional, required, said, type Fields, type Said } from "../vocabulary";

export interface MethodInfo {
  method: string;
  /** request = JSON-RPC request with an id; notification = no id; input = only inside inputRequests (MRTR). */
  kind: "request" | "notification" | "input";
  /** Who sends it in 2026-07-28 (for removed methods: who sent it before). */
  from: "client" | "server" | "either";
  /** The sentence in English; `key` names it in the catalogues (the reader's language). */
  text: string;
  key?: string;
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
  cursor: optional(said("explain.f.cursor")),
  nextCursor: optional(said("explain.f.nextCursor")),
});
export const { ttlMs, cacheScope } = cite(REF.caching, {
  ttlMs: required(said("explain.f.ttlMs")),
  cacheScope: required(said("explain.f.cacheScope")),
});
export const { inputResponses, requestState } = cite(REF.mrtrClient, {
  inputResponses: optional(said("explain.f.inputResponses")),
  requestState: optional(said("explain.f.requestState")),
});
export const listed = (what: string, ref: string): Fields => ({
  [what]: required(said(`explain.f.listed.${what}`), { specRef: ref }),
  nextCursor,
  ttlMs,
  cacheScope,
});

export type MethodRow = Omit<MethodInfo, "kind" | "from" | "text"> &
  Partial<Pick<MethodInfo, "kind" | "from">> & { text: string | Said };

/** Methods that share a kind and sender; their fields cite the method's page unless they name their own. */
export function group(defaults: Pick<MethodInfo, "kind" | "from" | "extension">, rows: MethodRow[]): MethodInfo[] {
  return rows.map((row) => {
    const { text, ...rest } = row;
    const m = {
      ...defaults,
      ...rest,
      ...(typeof text === "string" ? { text } : { text: englishT(text.key), key: text.key }),
    };
    return { ...m, params: cite(m.specRef, m.params), ...(m.result && { result: cite(m.specRef, m.result) }) };
  });
}
