/**
 * Spec references used by the explainer: a digest section (../shared/spec/2026-07-28-digest.md) and the page of
 * docs/specification/<revision>/ it was read from. Pages of older revisions name their revision in brackets.
 */
export const REF = {
  jsonrpc: "§1.1 · basic/index.mdx",
  resultType: "§1.2 · basic/index.mdx",
  metaKeys: "§1.3 · basic/index.mdx",
  metaReserved: "§1.4 · basic/index.mdx",
  capabilities: "§1.5 · schema.ts",
  versioning: "§2.2 · basic/versioning.mdx",
  probe: "§2.3 · basic/versioning.mdx",
  stdioProbe: "§2.4 · basic/transports/stdio.mdx",
  httpProbe: "§2.5 · basic/transports/streamable-http.mdx",
  legacyInit: "§2.6 · basic/lifecycle.mdx (2025-11-25)",
  discover: "§3 · server/discover.mdx",
  errors: "§4 · basic/index.mdx",
  stateless: "§5 · basic/index.mdx",
  mrtr: "§6 · basic/patterns/mrtr.mdx",
  mrtrKinds: "§6.2 · basic/patterns/mrtr.mdx",
  mrtrWhere: "§6.3 · basic/patterns/mrtr.mdx",
  mrtrClient: "§6.5 · basic/patterns/mrtr.mdx",
  tasks: "§6.8 · extensions/tasks/overview.mdx",
  /** The Skills extension (SEP-2640): modelcontextprotocol/ext-skills, not the core specification. */
  skills: "SEP-2640 · ext-skills specification/stable/skills.mdx",
  caching: "§7 · server/utilities/caching.mdx",
  listen: "§8.1 · basic/patterns/subscriptions.mdx",
  progress: "§8.2 · basic/patterns/progress.mdx",
  cancellation: "§8.3 · basic/patterns/cancellation.mdx",
  logging: "§8.4 · server/utilities/logging.mdx",
  stdio: "§9.1 · basic/transports/stdio.mdx",
  http: "§9.2 · basic/transports/streamable-http.mdx",
  tools: "§10.1 · server/tools.mdx",
  resources: "§10.2 · server/resources.mdx",
  prompts: "§10.3 · server/prompts.mdx",
  completion: "§10.4 · server/utilities/completion.mdx",
  pagination: "§10.5 · server/utilities/pagination.mdx",
  elicitation: "§11 · client/elicitation.mdx",
  sampling: "§11 · client/sampling.mdx",
  roots: "§11 · client/roots.mdx",
  deprecated: "§12 · deprecated.mdx",
  changelog: "§12 · changelog.mdx",
  auth: "§13.1 · basic/authorization/client-registration.mdx",
  batching: "changelog.mdx (2025-06-18)",
  httpSse: "basic/transports.mdx (2024-11-05)",
} as const;

const SPEC_SITE = "https://modelcontextprotocol.io/specification";

/**
 * The public page a specRef points at, for a link the user may choose to open (the app never fetches it).
 * "§1.4 · basic/index.mdx" → …/2026-07-28/basic/index; "… (2025-11-25)" → that revision; schema.ts → schema.
 */
export function specUrl(specRef: string): string | undefined {
  const m =
    /·\s*([\w./-]+?)(?:\.mdx|\.ts)?(?:\s*\((\d{4}-\d{2}-\d{2})\))?$/.exec(specRef) ??
    /^([\w./-]+?)(?:\.mdx|\.ts)?(?:\s*\((\d{4}-\d{2}-\d{2})\))?$/.exec(specRef);
  if (!m) return undefined;
  const revision = m[2] ?? "2026-07-28";
  let page = m[1];
  // Extension pages live outside the specification tree; their public address is not one we can derive.
  if (page.startsWith("extensions/")) return undefined;
  if (page.endsWith("/index")) page = page.slice(0, -"/index".length);
  if (page === "index") return `${SPEC_SITE}/${revision}`;
  return `${SPEC_SITE}/${revision}/${page}`;
}
