import { describe, expect, it } from "vitest";
import { followMode, revealDelta } from "@/lib/session/follow";

describe("the timeline follows the newest exchange unless an older one is being read", () => {
  const view = { top: 100, bottom: 500 };
  it.each([
    ["no cards", [], "follow"],
    [
      "the newest card partly in view",
      [
        { top: 0, bottom: 200 },
        { top: 450, bottom: 700 },
      ],
      "follow",
    ],
    [
      "an older card in view, the newest below",
      [
        { top: 150, bottom: 400 },
        { top: 600, bottom: 900 },
      ],
      "reading",
    ],
    [
      "no card in view (the editor on a narrow window)",
      [
        { top: 900, bottom: 1000 },
        { top: 1000, bottom: 1200 },
      ],
      "follow",
    ],
  ] as const)("%s → %s", (_what, cards, mode) => {
    expect(followMode(view, [...cards])).toBe(mode);
  });

  it("reveals a card that fits by bringing its bottom to the viewport's bottom", () => {
    expect(revealDelta(view, { top: 450, bottom: 700 })).toBe(200);
  });
  it("a card taller than the viewport is shown from its top", () => {
    expect(revealDelta(view, { top: 450, bottom: 1200 })).toBe(350);
  });
  it("a card already in view does not move anything", () => {
    expect(revealDelta(view, { top: 150, bottom: 450 })).toBe(0);
  });
  it("a card above the viewport scrolls up to its top", () => {
    expect(revealDelta(view, { top: 20, bottom: 80 })).toBe(-80);
  });
});
