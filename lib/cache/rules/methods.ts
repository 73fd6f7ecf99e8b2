/**
 * Which results carry cache hints (digest §7, AMBIG-5: caching.mdx and the schema include server/discover,
 * the changelog's list of five does not; we follow the schema, where DiscoverResult extends CacheableResult).
 */
export const CACHEABLE_METHODS = [
  "server/discover",
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
] as const;
export type CacheableMethod = (typeof CACHEABLE_METHODS)[number];

/** Lists are paginated: each page is its own entry with its own clock, keyed by its cursor. */
export const PAGINATED_METHODS: readonly CacheableMethod[] = [
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
];

export function isCacheableMethod(method: unknown): method is CacheableMethod {
  return typeof method === "string" && (CACHEABLE_METHODS as readonly string[]).includes(method);
}

export function isPaginatedMethod(method: unknown): boolean {
  return typeof method === "string" && (PAGINATED_METHODS as readonly string[]).includes(method);
}
