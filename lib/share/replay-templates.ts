/**
 * The template menu of a replay target (`{"kind": "replay", "cassette": "<gallery example>"}`): the requests its
 * recording can answer, each as it was recorded (the mock ignores ids and, by default, _meta), so a chapter example
 * runs again without typing its frames. The handshake (initialize, server/discover) and notifications are left out:
 * the page's probe and send do those. Pure.
 */
import { formatFrame } from "../protocol/meta";
import { sentFrame } from "../protocol/exchange";
import { asObject } from "../protocol/json";
import { exampleById } from "./examples";

export interface ReplayTemplate {
  /** "tools/call create_event", with " · 2" on a second recording that reads the same. */
  label: string;
  /** The recorded request, formatted. */
  frame: string;
}

const HANDSHAKE = new Set(["initialize", "server/discover"]);

export function replayTemplates(cassette: string): ReplayTemplate[] {
  const example = exampleById(cassette);
  if (!example) return [];
  const out: ReplayTemplate[] = [];
  const seen = new Set<string>();
  for (const x of example.state.exchanges) {
    const parsed = sentFrame(x);
    const frame = asObject(parsed);
    if (!frame || typeof frame.method !== "string" || !("id" in frame) || HANDSHAKE.has(frame.method)) continue;
    const text = formatFrame(parsed);
    if (seen.has(text)) continue;
    seen.add(text);
    const name = asObject(frame.params)?.name;
    const base = typeof name === "string" ? `${frame.method} ${name}` : frame.method;
    const same = out.filter((o) => o.label === base || o.label.startsWith(`${base} · `)).length;
    out.push({ label: same ? `${base} · ${same + 1}` : base, frame: text });
  }
  return out;
}
