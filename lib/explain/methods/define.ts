/** The shape of a method's entry, the fields several methods carry, and the helper that fills a group's defaults. */
import type { LifecycleId } from "../lifecycle";
import { REF } from "../refs";
import type { Revision } from "../types";
import { englishT } from "../../i18n/translate";
import { cite, optional, required, said, type FieldInfo, type Fields, type Said } from "../vocabulary";

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
  /** Part of an extension, not the core: tasks (the client declares it), skills (the server declares it). */
  extension?: "io.modelcontextprotocol/tasks" | "io.modelcontextprotocol/skills";
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

/** Extensions the server declares (capabilities.extensions) before a client may send their methods. */
export const SERVER_DECLARED_EXTENSIONS: readonly string[] = ["io.modelcontextprotocol/skills"];

/** A field whose sentence is the method's own, `explain.m.<method>.<field>` in the catalogues. */
type OwnField = "required" | "optional";
type RowFields = Record<string, FieldInfo | OwnField>;

export type MethodRow = Omit<MethodInfo, "kind" | "from" | "text" | "params" | "result"> &
  Partial<Pick<MethodInfo, "kind" | "from">> & {
    /** Default: the method's own sentence, `explain.m.<method>.text`. */
    text?: string | Said;
    params: RowFields;
    result?: RowFields;
  };

/** Where a method's own sentences live in the catalogues: tools/call → explain.m.tools_call.* */
const ownKey = (method: string, name: string) => `explain.m.${method.replaceAll("/", "_")}.${name}`;

function fieldsOf(method: string, fields: RowFields): Fields {
  const entries = Object.entries(fields).map(([name, field]) => {
    if (typeof field !== "string") return [name, field];
    const text = said(ownKey(method, name));
    return [name, field === "required" ? required(text) : optional(text)];
  });
  return Object.fromEntries(entries);
}

/** Methods that share a kind and sender; their fields cite the method's page unless they name their own. */
export function group(defaults: Pick<MethodInfo, "kind" | "from" | "extension">, rows: MethodRow[]): MethodInfo[] {
  return rows.map((row) => {
    const { text = said(ownKey(row.method, "text")), params, result, ...rest } = row;
    const m = {
      ...defaults,
      ...rest,
      ...(typeof text === "string" ? { text } : { text: englishT(text.key), key: text.key }),
    };
    const specRef = m.specRef;
    return {
      ...m,
      params: cite(specRef, fieldsOf(row.method, params)),
      ...(result && { result: cite(specRef, fieldsOf(row.method, result)) }),
    };
  });
}
