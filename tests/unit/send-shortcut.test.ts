/** The send shortcut is one rule (lib/session/send-shortcut.ts): the page, the plain frame and the early script agree. */
import { describe, expect, it } from "vitest";
import { EARLY_FRAME_SCRIPT } from "@/lib/session/early-frame";
import { isSendShortcut, SEND_SHORTCUT_TEST } from "@/lib/session/send-shortcut";

const presses = ["Enter", "a", "Escape"].flatMap((key) =>
  [false, true].flatMap((ctrlKey) => [false, true].map((metaKey) => ({ key, ctrlKey, metaKey }))),
);

describe("Ctrl/Cmd+Enter sends", () => {
  it("is Enter with Ctrl or Cmd, and nothing else", () => {
    expect(presses.filter(isSendShortcut)).toEqual([
      { key: "Enter", ctrlKey: false, metaKey: true },
      { key: "Enter", ctrlKey: true, metaKey: false },
      { key: "Enter", ctrlKey: true, metaKey: true },
    ]);
  });

  it("the early frame script tests the same keys, with the same text", () => {
    const scriptTest = new Function("e", `return ${SEND_SHORTCUT_TEST};`) as (e: unknown) => boolean;
    for (const p of presses) expect(scriptTest(p)).toBe(isSendShortcut(p));
    expect(EARLY_FRAME_SCRIPT).toContain(`if(t&&${SEND_SHORTCUT_TEST})ask(e)`);
  });
});
