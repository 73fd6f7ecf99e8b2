/**
 * Hard limits for share links and session files (documented in docs/link-format.md, "Limits").
 * A link is untrusted input: every size is checked before the next step runs, so a hostile link costs
 * at most these amounts of work and memory, then fails with a reason.
 */
export const SHARE_LIMITS = {
  /** Whole fragment, in characters. Links past ~8,000 characters already break in many chat apps. */
  maxFragmentChars: 200_000,
  /** JSON text after decompression (also the cap for an imported session file). */
  maxJsonChars: 2_000_000,
  /** Nesting depth of any JSON value (frames included). */
  maxDepth: 64,
  /**
   * Wire events in one exchange (and frames in its `received`): above what the bridge records in one exchange
   * (5,000 events, plus its closing notes), so every exchange the page holds fits. Recorded exchanges have no count
   * of their own: the JSON's size bounds them, and every writer fits a session to its reader (lib/share/fit.ts).
   */
  maxEventsPerExchange: 10_000,
  /** Any single string (a frame, a stderr line, the editor text). */
  maxStringChars: 1_000_000,
  /** Entries in a header or env map, and argv length. */
  maxMapEntries: 256,
  /** Verdicts attached to one exchange. */
  maxVerdicts: 50,
} as const;

/** What the Share dialog warns about: links longer than this may be cut by chat apps and mail clients. */
export const LINK_WARN_CHARS = 8_000;

/** The chapter's MRTR round trip (two exchanges) must fit in this many characters of fragment. */
export const MRTR_LINK_BUDGET = 2_000;
