"use client";
import { useEffect } from "react";
import { PLAIN_FRAME_TESTID, restorePlainFrameLayers, takeEarlyFrame } from "@/lib/session/early-frame";

/**
 * Once the page has hydrated: the frame typed before its scripts ran becomes the session's frame (hydration put
 * the server's text back into the textarea), the caret goes back where it was, and a send asked for then goes out.
 */
export function useEarlyFrame(current: string, edit: (text: string) => void, send: () => void): void {
  useEffect(() => {
    const early = takeEarlyFrame(window);
    if (!early) return;
    const plain = document.querySelector<HTMLTextAreaElement>(
      `[data-testid="editor"] [data-testid="${PLAIN_FRAME_TESTID}"]`,
    );
    if (plain) restorePlainFrameLayers(plain);
    if (early.text !== undefined && early.text !== current) {
      edit(early.text);
      if (plain) {
        // A selection the user made: Monaco keeps it when it takes over (LazyEditor reads data-touched).
        plain.dataset.touched = "true";
        requestAnimationFrame(() =>
          plain.setSelectionRange(early.selectionStart ?? early.text!.length, early.selectionEnd ?? early.text!.length),
        );
      }
    }
    if (early.send) send();
    // Once, on hydration: what the page shows from then on is the session's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
