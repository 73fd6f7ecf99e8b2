"use client";
/**
 * Monaco first. Its first run is the longest piece of work on the page, so the code nothing on screen needs yet
 * (hidden panels, the bridge client before the first send) waits until the frame editor has taken over, or
 * could not load, or FALLBACK_MS after hydration, whichever comes first. Once Monaco's module has arrived (its first
 * run done), the editor is built in the next few tasks: the fallback then starts again from that moment, so that on a
 * slow machine the hidden panels do not mount between Monaco's first run and the editor taking over.
 */
import { useEffect, useState } from "react";

const FALLBACK_MS = 3_000;
let settle!: () => void;
const settled = new Promise<void>((resolve) => (settle = resolve));

/** The frame editor took over (or will not): the deferred code may load now. Idempotent. */
export function markEditorSettled(): void {
  settle();
}

export function afterEditorSettled(): Promise<void> {
  return settled;
}

// The fallbacks waiting (one per caller that armed one): Monaco's arrival starts them again.
const fallbacks = new Map<symbol, ReturnType<typeof setTimeout>>();
const arm = (key: symbol) => fallbacks.set(key, setTimeout(markEditorSettled, FALLBACK_MS));

/**
 * Settles the frame editor FALLBACK_MS from now if nothing else has (a page without the frame editor, or a Monaco that
 * never arrives); returns the cancel.
 */
export function settleAfterFallback(): () => void {
  const key = Symbol("fallback");
  arm(key);
  return () => {
    clearTimeout(fallbacks.get(key));
    fallbacks.delete(key);
  };
}

/** Monaco's module has arrived and the editor is being built: every waiting fallback starts again from now. */
export function editorArriving(): void {
  for (const [key, timer] of fallbacks) {
    clearTimeout(timer);
    arm(key);
  }
}

/** False until the frame editor has settled (or FALLBACK_MS after this component hydrated). */
export function useEditorSettled(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void settled.then(() => live && setDone(true));
    const cancel = settleAfterFallback();
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return done;
}
