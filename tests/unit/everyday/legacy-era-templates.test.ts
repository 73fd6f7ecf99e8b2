/**
 * Issue 27 bug 4: once the probe said the target is legacy, every template the menu offers is written in that era —
 * the generic ones (tools/list, prompts/list, …) too, not only those derived from the target's own lists.
 */
import { describe, expect, it } from "vitest";
import { initialState, reducer, type SessionState } from "@/lib/session";
import { templateMenu } from "@/lib/session/target-templates";
import { TEMPLATES } from "@/lib/protocol/templates";

const KEY = "demo:calendar:stdio";

function probed(era: "legacy" | "modern"): SessionState {
  return reducer(initialState(), {
    type: "probe/finished",
    targetKey: KEY,
    verdict: { status: "done", era, version: era === "legacy" ? "2025-11-25" : "2026-07-28", reason: "r" },
  });
}

const frameOf = (s: SessionState) => JSON.parse(s.editor.text);

describe("templates follow the probed era", () => {
  it.each([
    "tools/list",
    "prompts/list",
    "resources/list",
    "resources/templates/list",
    "resources/read",
    "tools/call",
    "prompts/get",
    "completion/complete",
  ])("after a legacy verdict, %s is written without the _meta envelope", (id) => {
    const frame = frameOf(reducer(probed("legacy"), { type: "editor/template", templateId: id }));
    expect(frame.method).toBe(TEMPLATES.find((t) => t.id === id)!.method);
    expect(frame.params?._meta).toBeUndefined();
  });

  it("after a modern verdict (or none), the same templates carry the envelope", () => {
    for (const s of [probed("modern"), initialState()]) {
      expect(frameOf(reducer(s, { type: "editor/template", templateId: "tools/list" })).params._meta).toBeDefined();
    }
  });

  it("the 2026-only requests (server/discover, subscriptions/listen) keep their envelope: they are what a legacy server does not serve", () => {
    for (const id of ["server/discover", "subscriptions/listen"]) {
      expect(
        frameOf(reducer(probed("legacy"), { type: "editor/template", templateId: id })).params._meta,
      ).toBeDefined();
    }
  });

  it("the menu's group says which era its frames are written in", () => {
    const legacy = templateMenu([], { key: KEY, isCalendar: true }, "calendar", TEMPLATES, "legacy").map(
      (g) => g.label,
    );
    expect(legacy).toContain("requests for a legacy (2025-11-25) server: no _meta envelope");
    const modern = templateMenu([], { key: KEY, isCalendar: true }, "calendar", TEMPLATES, "modern").map(
      (g) => g.label,
    );
    expect(modern).toContain("2026-07-28 (with the _meta envelope)");
  });
});
