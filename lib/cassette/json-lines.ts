/** JSON Lines (one JSON value per line) read for `record` and for imported transcripts. Pure. */
import { valueNestsDeeperThan } from "../protocol/json-depth";
import { CASSETTE_LIMITS } from "./format";

/**
 * Each non-blank line of `text`, parsed, handed in order to `visit` with its 1-based number. The first line that is
 * not JSON, that nests deeper than a cassette may (what reads it later recurses), or that `visit` refuses (it returns
 * the reason), ends the walk: that reason is returned.
 */
export function eachJsonLine(
  text: string,
  visit: (value: unknown, line: number) => string | undefined,
): string | undefined {
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (raw === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      return `line ${i + 1} is not JSON (${(e as Error).message.slice(0, 80)})`;
    }
    if (valueNestsDeeperThan(value, CASSETTE_LIMITS.maxDepth + 8))
      return `line ${i + 1} nests deeper than ${CASSETTE_LIMITS.maxDepth} levels`;
    const refused = visit(value, i + 1);
    if (refused !== undefined) return refused;
  }
  return undefined;
}
