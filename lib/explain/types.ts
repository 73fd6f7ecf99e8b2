/** What the explainer says about one place in a frame (or a header, or an HTTP status). */
import type { Translate } from "../i18n/translate";
export type AnnotationLevel = "info" | "deprecated" | "removed" | "error";

export interface Annotation {
  /**
   * Where in the frame, as dot-joined keys from the root ("" = the whole frame), e.g.
   * "params._meta.io.modelcontextprotocol/protocolVersion" or "result.tools.0.name". Keys are not escaped:
   * MCP's reserved keys contain "/" and "." themselves, so the path is for reading and matching, not parsing.
   */
  path: string;
  /** One sentence (occasionally two) in plain words. */
  text: string;
  /** Digest section and spec page, e.g. "§1.4 · basic/index.mdx". */
  specRef: string;
  level: AnnotationLevel;
  /** Short label for deprecated/removed findings: "deprecated since 2026-07-28 (SEP-2577)", "removed in 2026-07-28". */
  badge?: string;
}

export type ServerEra = "modern" | "legacy" | "unknown";

export interface ExplainContext {
  /** Who wrote the frame from the playground's point of view: the client ("sent") or the server ("received"). */
  direction?: "sent" | "received";
  /** For a reply: the method of the request it answers (improves result and error explanations). */
  requestMethod?: string;
  transport?: "stdio" | "http";
  /** What the era probe found out about the server, if anything. */
  serverEra?: ServerEra;
  /** The reader's language (English when absent). */
  t?: Translate;
}

/** Revisions in order, oldest first. */
export const REVISIONS = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;
export type Revision = (typeof REVISIONS)[number];
