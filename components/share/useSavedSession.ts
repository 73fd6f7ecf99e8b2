"use client";
/**
 * A reload keeps the session: restore what lib/session/persist.ts saved on the last visit (unless the page opens a
 * link, which wins), then save after every change, debounced. Secrets are left out as in links (the launch token
 * and every other known secret included). The notice says what came back, and "Start fresh" forgets it.
 */
import { LESSON_FRAGMENT } from "@/lib/auth/lessons";
import { useEffect, useRef, useState } from "react";
import { initialState, type Action, type SessionState } from "@/lib/session";
import { SAVED_SESSION_KEY } from "@/lib/share/saved-session-key";
import { knownSecrets } from "./known-secrets";

// Session files and their schemas (zod) are a third of the page's JavaScript: fetched after first paint, not before.
const persist = () => import("@/lib/share/persist");

const SAVE_DEBOUNCE_MS = 700;

export type SavedNotice =
  | { kind: "none" }
  | { kind: "restored"; exchanges: number; savedAt: number; dropped: number; omitted: string[] }
  | { kind: "unreadable"; reason: string }
  | { kind: "not-saved"; reason: string };

/** A fresh session that keeps the counters moving forward (the editor applies a text on a new version). */
export function freshFrom(current: SessionState): SessionState {
  const base = initialState();
  return { ...base, editor: { ...base.editor, version: current.editor.version + 1 }, seq: current.seq, processSeq: current.processSeq };
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the session simply is not kept
  }
}

/** A storage call that may throw (storage disabled, or full): undefined then. */
function tryStorage<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}

/** A link in the address (#v=…, #code=…) opens instead of the saved session; a Lab link (#lab=…) does not. */
function opensLink(hash: string): boolean {
  const h = hash.replace(/^#/, "");
  return h !== "" && !h.startsWith("lab=") && !h.startsWith(LESSON_FRAGMENT);
}

export function useSavedSession(state: SessionState, dispatch: (action: Action) => void) {
  const [notice, setNotice] = useState<SavedNotice>({ kind: "none" });
  // Nothing is saved before the saved session had its chance to come back (the default page would overwrite it).
  const restored = useRef(false);
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });

  useEffect(() => {
    let live = true;
    const store = storage();
    const text = tryStorage(() => store?.getItem(SAVED_SESSION_KEY));
    // Nothing to bring back (a first visit): the session-file code is not loaded until there is something to save.
    const restoring = store && text && !opensLink(window.location.hash) ? persist() : Promise.resolve(null);
    void restoring.then((loaded) => {
      if (!live) return;
      if (loaded && text) {
        const back = loaded.restoreSession(text, freshFrom(latest.current));
        if (back.ok) {
          // A page opened and left as it was would restore the default page: nothing to load, nothing to say.
          if (!back.unchanged) {
            dispatch({ type: "session/load", state: back.state });
            setNotice({ kind: "restored", exchanges: back.exchanges, savedAt: back.savedAt, dropped: back.dropped, omitted: back.omitted });
          }
        } else setNotice({ kind: "unreadable", reason: back.reason }); // kept until the user chooses Start fresh: nothing is lost silently
      }
      restored.current = true;
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  const pending = state.entries.some((e) => e.phase.status === "pending");
  useEffect(() => {
    if (!restored.current || pending || notice.kind === "unreadable") return;
    const timer = setTimeout(async () => {
      const store = storage();
      if (!store) return;
      const { saveSession } = await persist();
      const saved = saveSession(latest.current, { now: Date.now(), knownSecrets: knownSecrets() });
      try {
        if (saved.ok) store.setItem(SAVED_SESSION_KEY, saved.text);
        else setNotice({ kind: "not-saved", reason: saved.reason });
      } catch (e) {
        setNotice({ kind: "not-saved", reason: `the browser refused to store it (${e instanceof Error ? e.message : String(e)})` });
      }
    }, SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, pending, notice.kind]);

  const startFresh = () => {
    tryStorage(() => storage()?.removeItem(SAVED_SESSION_KEY));
    dispatch({ type: "session/load", state: freshFrom(latest.current) });
    setNotice({ kind: "none" });
  };
  return { notice, startFresh, dismiss: () => setNotice({ kind: "none" }) };
}
