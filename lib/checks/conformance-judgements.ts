/**
 * Who is right where the official conformance suite and our checks differ on a scenario that applies to the
 * server, decided by reading the frames and the spec (`npm run conformance` lists the differences nobody has
 * judged). Key: "<scenario>@<revision>", or "<scenario>" for both revisions.
 */
import type { Judgement } from "./conformance";

const SPEC = "https://modelcontextprotocol.io/specification";

export const JUDGEMENTS: Record<string, Judgement> = {
  "server-sse-multiple-streams@2025-11-25": {
    right: "ours",
    why: `a server MAY assign a session id (${SPEC}/2025-11-25/basic/transports#session-management): a stateless one has none, and the suite only warns that it cannot run its case without one; GET → 405 is allowed (C72)`,
  },
  "http-header-validation@2026-07-28": {
    right: "ours",
    why: "the suite's whitespace probe calls the server's first tool without declaring the input capability (or the tasks extension) that tool needs; the -32021 with HTTP 400 it gets is the required answer (digest §6.4 rule 5, §6.8), not a header rejection: the trimmed Mcp-Name was accepted",
  },
  "caching@2026-07-28": {
    right: "ours",
    why: "the suite reads vault://note, which asks for input first; an input_required result is not cacheable and carries no ttlMs/cacheScope (digest §6.5 rule 8), so C15 judges the complete reads only",
  },
};
