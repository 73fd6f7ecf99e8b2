/** Share states and refusals the share, session-file and cassette tests build, written once. */
import { expect } from "vitest";
import type { ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";

/** The default share state connected to `target`, with `over` on top. */
export function shareStateFor(target: ShareState["target"], over: Partial<ShareState> = {}): ShareState {
  return { ...defaultShareState(), target, ...over };
}

/** `result` is a refusal whose reason matches `reason`. */
export function expectRefusal(result: { ok: true } | { ok: false; reason: string }, reason: RegExp): void {
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.reason).toMatch(reason);
}
