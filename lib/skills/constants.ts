/**
 * The Skills extension's names (SEP-2640, `io.modelcontextprotocol/skills`), once, as its specification writes them
 * (modelcontextprotocol/ext-skills, specification/stable/skills.mdx, against base revision 2026-07-28). Pure; the page,
 * the CLI, the checks and the demo server read them from here.
 */

/** "Extension Identifier": the key under `capabilities.extensions`. */
export const SKILLS_EXTENSION_ID = "io.modelcontextprotocol/skills";

/** "Capability Negotiation": the one setting; `true` promises resources/directory/read (default false). */
export const DIRECTORY_READ_SETTING = "directoryRead";

/** "Listing Skills" (paginated, CacheableResult), "Getting a Skill" (params.uri), "Reading Directories". */
export const SKILLS_LIST = "skills/list";
export const SKILLS_GET = "skills/get";
export const DIRECTORY_READ = "resources/directory/read";
/** "Reading Skill Content": files are ordinary resources. */
export const RESOURCES_READ = "resources/read";

/** "Reservations": every `skills/` method belongs to this extension. */
export const SKILLS_METHOD_PREFIX = "skills/";

/** "Resource Mapping": the conventional scheme (SHOULD) and the file every skill has at its root. */
export const SKILL_SCHEME = "skill://";
export const SKILL_MD = "SKILL.md";
/** "Resource Metadata": SKILL.md SHOULD be served as text/markdown. */
export const SKILL_MD_MIME = "text/markdown";
/** "Directory Resources": a directory resource's MIME type. */
export const DIRECTORY_MIME = "inode/directory";

/** "Resources": the manifest's other form, for a generated skill (no digests). */
export const DYNAMIC_RESOURCES = "dynamic";

/** "Integrity and Verification": `sha256:` then 64 lowercase hex characters, over the file's raw bytes. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;
export const DIGEST_PREFIX = "sha256:";

/** "Limits": what every conforming host accepts per skill. */
export const MAX_RESOURCES_PER_SKILL = 512;
export const MAX_BYTES_PER_SKILL = 16_777_216;

/** "Error Handling": unknown skill, not a directory, unknown skill file. Unknown method is the base -32601. */
export const INVALID_PARAMS = -32602;
export const METHOD_NOT_FOUND = -32601;

/** "Listing Skills"/"Getting a Skill": both results MUST carry resultType "complete" (and ttlMs/cacheScope). */
export const RESULT_TYPE_COMPLETE = "complete";

export const SKILLS_SPEC_URL =
  "https://github.com/modelcontextprotocol/ext-skills/blob/main/specification/stable/skills.mdx";
