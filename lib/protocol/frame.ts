/**
 * A frame's text with its one parse. The frame is parsed where it is made (the editor's Send, a panel's sendFrame,
 * the CLI) and travels with its value, so the steps after it (emulation, Mcp-Param-* headers, the cache, the
 * reducer's next id) read the value instead of parsing the text again. Pure.
 */
export type FrameJson = { ok: true; value: unknown } | { ok: false; error: string };

export interface FrameDraft {
  /** The text exactly as it will be delivered (or as the user wrote it). */
  text: string;
  /** JSON.parse of `text`, or the engine's message when it is not JSON. */
  json: FrameJson;
}

/** The one parse of a frame's text on its way out. */
export function draftFrame(text: string): FrameDraft {
  try {
    return { text, json: { ok: true, value: JSON.parse(text) as unknown } };
  } catch (e) {
    return { text, json: { ok: false, error: (e as Error).message } };
  }
}

/** A draft whose value is already known (a frame built as an object, then written out): nothing to parse. */
export function draftOfValue(value: unknown, text: string = JSON.stringify(value)): FrameDraft {
  return { text, json: { ok: true, value } };
}

/** The same frame under other text (the stdio one-lining changes only the whitespace between tokens). */
export function retextDraft(draft: FrameDraft, text: string): FrameDraft {
  return { text, json: draft.json };
}

/** The parsed value, or undefined when the text is not JSON. */
export function frameValue(draft: FrameDraft): unknown {
  return draft.json.ok ? draft.json.value : undefined;
}
