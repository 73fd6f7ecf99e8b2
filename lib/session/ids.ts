/**
 * Ids that make sense: after a Send, the editor's request id moves on to the next one (re-sending the same id is a
 * deliberate edit, not the default). The text keeps its formatting: only the top-level id's digits change. Pure.
 */
import { asObject, tryParseJson } from "../protocol/json";
import { tokenizeJson, type JsonToken } from "../protocol/json-tokens";

/** The frame's JSON-RPC id as the card shows it ("2", "\"C07-1\""), or undefined for a notification or non-JSON. */
export function rpcIdText(text: string): string | undefined {
  const frame = asObject(tryParseJson(text));
  return frame && frame.id !== undefined ? JSON.stringify(frame.id) : undefined;
}

/** A parsed frame's numeric request id, if it is a request (has a method and an integer id). */
export function requestIdOfFrame(value: unknown): number | undefined {
  const frame = asObject(value);
  if (!frame || typeof frame.method !== "string") return undefined;
  return typeof frame.id === "number" && Number.isInteger(frame.id) ? frame.id : undefined;
}

/** The sent frame's numeric request id, if it is a request (has a method and an integer id). */
export function requestIdOf(text: string): number | undefined {
  return requestIdOfFrame(tryParseJson(text));
}

/** The top-level members of a JSON object text: for each key, the index of its value's first token. */
function topLevelValues(tokens: JsonToken[]): Map<string, number> | null {
  const values = new Map<string, number>();
  let depth = 0;
  let opened = false;
  for (let i = 0; i < tokens.length; i++) {
    const { kind, text } = tokens[i];
    if (kind === "punctuation" && (text === "{" || text === "[")) {
      if (depth === 0 && (opened || text !== "{")) return null;
      opened = true;
      depth++;
    } else if (kind === "punctuation" && (text === "}" || text === "]")) depth--;
    else if (kind === "key" && depth === 1) {
      // The value is the first token after the colon; a later duplicate key wins, as in JSON.parse.
      let j = i + 1;
      while (j < tokens.length && (tokens[j].kind === "space" || tokens[j].text === ":")) j++;
      values.set(text, j);
    } else if (kind === "other") return null;
  }
  return opened && depth === 0 ? values : null;
}

/**
 * The editor text with its top-level numeric id replaced by `next`, or null when the text is not a request with
 * that id. The text is read token by token (no parse): an "id" inside params stays as written.
 */
export function withRequestId(text: string, current: number, next: number): string | null {
  const tokens = tokenizeJson(text);
  const members = topLevelValues(tokens);
  const at = members?.get('"id"');
  const method = members?.get('"method"');
  if (at === undefined || method === undefined || tokens[method]?.kind !== "string") return null;
  if (tokens[at]?.kind !== "number" || tokens[at].text !== String(current)) return null;
  return tokens.map((t, i) => (i === at ? String(next) : t.text)).join("");
}
