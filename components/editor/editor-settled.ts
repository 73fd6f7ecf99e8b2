"use client";
/**
 * Monaco first. Its first run is the longest piece of work on the page, so the code nothing on screen needs yet
 * (hidden panels, the bridge client before the first send) waits until the frame editor has taken over, or
 * could not load, or FALLBACK_MS after hydration, whichever comes first.
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

/** False until the frame editor has settled (or FALLBACK_MS after this component hydrated). */
export function useEditorSettled(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    void settled.then(() => live && setDone(true));
    const fallback = setTimeout(markEditorSettled, FALLBACK_MS);
    return () => {
      live = false;
      clearTimeout(fallback);
    };
  }, []);
  return done;
}
