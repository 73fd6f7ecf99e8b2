/**
 * The token bill of a skill's SKILL.md: what a host puts in the model's context when it loads the skill. Billed by the
 * same /api/tokens as a catalogue (lib/tokens/request.ts), as a catalogue with no tools whose instructions are the
 * file's text, so the counter, encodings and limits are the bill's own. Pure.
 */
import type { BillRequest } from "../tokens/request";

export function skillMdBillRequest(skillMd: string): BillRequest {
  return { catalogue: { pages: [], instructions: skillMd } };
}
