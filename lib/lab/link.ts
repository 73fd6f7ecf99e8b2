/**
 * Lab experiments as links: `#lab=<base64url(raw DEFLATE(JSON {script, conditions}))>`, the same compression as
 * session links (docs/link-format.md). Opening one loads the script into the Lab tab; it never runs it. Pure.
 */
import { deflateToLink, inflateFromLink } from "../share/deflate";
import { CONDITION_IDS, type ConditionId } from "./conditions";
import { parseLabScript, type LabScript } from "./script";

export const LAB_LINK_KEY = "lab";
const MAX_LAB_LINK_CHARS = 100_000;
const MAX_LAB_JSON_BYTES = 500_000;

export async function encodeLabFragment(script: LabScript, conditions: ConditionId[]): Promise<string> {
  return `${LAB_LINK_KEY}=${await deflateToLink(JSON.stringify({ script, conditions }))}`;
}

export function isLabFragment(hash: string): boolean {
  return hash.replace(/^#/, "").startsWith(`${LAB_LINK_KEY}=`);
}

export type DecodedLabLink =
  { kind: "none" } | { kind: "error"; reason: string } | { kind: "ok"; script: LabScript; conditions: ConditionId[] };

export async function decodeLabFragment(hash: string): Promise<DecodedLabLink> {
  if (!isLabFragment(hash)) return { kind: "none" };
  const payload = hash.replace(/^#/, "").slice(LAB_LINK_KEY.length + 1);
  if (payload.length > MAX_LAB_LINK_CHARS)
    return {
      kind: "error",
      reason: `the experiment link is ${payload.length} characters; at most ${MAX_LAB_LINK_CHARS} are read`,
    };
  const inflated = await inflateFromLink(payload, MAX_LAB_JSON_BYTES);
  if (!inflated.ok) return { kind: "error", reason: inflated.reason };
  let value: { script?: unknown; conditions?: unknown };
  try {
    value = JSON.parse(inflated.text);
  } catch (e) {
    return { kind: "error", reason: `the experiment is not JSON (${(e as Error).message})` };
  }
  const parsed = parseLabScript(value?.script);
  if (!parsed.ok) return { kind: "error", reason: parsed.error };
  const asked = Array.isArray(value.conditions) ? value.conditions : [];
  const unknown = asked.filter((c) => !CONDITION_IDS.includes(c as ConditionId));
  if (unknown.length > 0) return { kind: "error", reason: `unknown condition(s) ${unknown.map(String).join(", ")}` };
  return { kind: "ok", script: parsed.script, conditions: asked as ConditionId[] };
}
