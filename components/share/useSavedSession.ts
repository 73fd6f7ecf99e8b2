"use client";
/**
 * A reload keeps the session: restore what lib/session/persist.ts saved on the last visit (unless the page opens a
 * link, which wins), then save after every change, debounced — and at once when the page is hidden or unloaded
 * (pagehide, visibilitychange, beforeunload), so a reload however quick loses nothing the user saw. Secrets are
 * left out as in links (the launch token and every other known secret included). The notice says what came back,
 * and "Start fresh" forgets it (with an Undo while nothing new was sent).
 *
 * While the address still holds a link the user has not acted on, nothing is saved: opening a link must not
 * overwrite the user's own saved session (ShareBar drops the fragment once they act, and saving resumes).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { initialState, type Action, type SessionState } from "@/lib/session";
import { msg, type Msg } from "@/lib/i18n/translate";
import { SAVED_SESSION_KEY } from "@/lib/share/saved-session-key";
import { knownSecrets } from "./known-secrets";
import { opensLink } from "./link-address";

// Session files and their schemas (zod) are a third of the page's JavaScript: fetched after first paint, not before.
const persist = () => import("@/lib/share/persist");

const SAVE_DEBOUNCE_MS = 700;

export type SavedNotice =
  | { kind: "none" }
  | { kind: "restored"; exchanges: number; savedAt: number; dropped: number; omitted: string[]; leftOut: Msg[] }
  /** `setAside`: the unreadable save moved to its own key and saving goes on; otherwise nothing is saved over it. */
  | { kind: "unreadable"; reason: Msg; setAside: boolean; text: string }
  | { kind: "not-saved"; reason: Msg };

/** A fresh session that keeps the counters moving forward (the editor applies a text on a new version). */
export function freshFrom(current: SessionState): SessionState {
  const base = initialState();
  return {
    ...base,
    editor: { ...base.editor, version: current.editor.version + 1 },
    seq: current.seq,
    processSeq: current.processSeq,
  };
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

type Persist = Awaited<ReturnType<typeof persist>>;

export function useSavedSession(state: SessionState, dispatch: (action: Action) => void) {
  const [notice, setNotice] = useState<SavedNotice>({ kind: "none" });
  // Nothing is saved before the saved session had its chance to come back (the default page would overwrite it).
  const restored = useRef(false);
  const latest = useRef(state);
  // The session-file code, once loaded: a flush on pagehide must write synchronously (no import then).
  const loaded = useRef<Persist | null>(null);
  // A saved session that could not be restored and could not be set aside: nothing is saved over it until Start fresh
  // (dismissing its notice does not lift this).
  const blocked = useRef(false);
  useEffect(() => {
    latest.current = state;
  });

  /** Writes the session now; false when it could not (nothing loaded yet, storage off, a link not acted on). */
  const writeNow = useCallback((): boolean => {
    const store = storage();
    const code = loaded.current;
    if (!store || !code || !restored.current || blocked.current || opensLink(window.location.hash)) return false;
    const saved = code.saveSession(latest.current, { now: Date.now(), knownSecrets: knownSecrets() });
    try {
      if (saved.ok) store.setItem(SAVED_SESSION_KEY, saved.text);
      else setNotice({ kind: "not-saved", reason: saved.reasonMsg });
    } catch (e) {
      setNotice({
        kind: "not-saved",
        reason: msg("savedSession.refused", { error: e instanceof Error ? e.message : String(e) }),
      });
    }
    return true;
  }, []);

  /** Brings back what the last visit saved (nothing: `orElse`); `live()` false: the page moved on meanwhile. */
  const bringBack = useCallback(
    (live: () => boolean, orElse: () => void) => {
      const store = storage();
      const text = tryStorage(() => store?.getItem(SAVED_SESSION_KEY));
      // Nothing to bring back (a first visit): the session-file code is not loaded until there is something to save.
      // A page that opens a link shows the link, but still reads the save: one it cannot restore must be set aside
      // before acting on the link saves the page over it.
      const opening = opensLink(window.location.hash);
      const restoring = store && text ? persist() : Promise.resolve(null);
      void restoring.then((code) => {
        if (!live()) return;
        if (code) loaded.current = code;
        if (code && text) {
          const back = code.restoreSession(text, freshFrom(latest.current));
          if (back.ok) {
            // A page opened and left as it was would restore the default page: nothing to load, nothing to say.
            if (!back.unchanged && !opening) {
              dispatch({ type: "session/load", state: back.state });
              setNotice({
                kind: "restored",
                exchanges: back.exchanges,
                savedAt: back.savedAt,
                dropped: back.dropped,
                omitted: back.omitted,
                leftOut: back.leftOut,
              });
            } else if (!opening) orElse();
          } else {
            // Never overwritten: set aside under its own key, or kept where it is with saving off until Start fresh.
            const setAside = store !== null && code.setAsideUnreadable(store, text) === "set-aside";
            blocked.current = !setAside;
            setNotice({ kind: "unreadable", reason: back.reasonMsg, setAside, text });
          }
        } else orElse();
        restored.current = true;
      });
    },
    [dispatch],
  );

  useEffect(() => {
    let live = true;
    bringBack(
      () => live,
      () => {},
    );
    return () => {
      live = false;
    };
  }, [bringBack]);

  // A Lab, collection, lesson or launch link pasted over a link's view (a same-document navigation, no load): the
  // page is what a fresh load of that address shows, the user's own session, not the link's cards taken for it.
  useEffect(() => {
    const onHash = (e: HashChangeEvent) => {
      const before = tryStorage(() => new URL(e.oldURL).hash) ?? "";
      if (!restored.current || !opensLink(before) || opensLink(window.location.hash)) return;
      bringBack(
        () => !opensLink(window.location.hash),
        () => dispatch({ type: "session/load", state: freshFrom(latest.current) }),
      );
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [bringBack, dispatch]);

  const pending = state.entries.some((e) => e.phase.status === "pending");
  useEffect(() => {
    if (!restored.current || blocked.current) return;
    // Load the session-file code as soon as there is something to keep (a send takes longer than this import),
    // so that a flush on pagehide finds it loaded.
    if (!loaded.current)
      void persist().then((code) => {
        loaded.current = code;
      });
    if (pending) return;
    const timer = setTimeout(async () => {
      loaded.current ??= await persist();
      writeNow();
    }, SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [state, pending, writeNow]);

  // A reload or a closed tab does not wait for the debounce: write what is on screen now.
  useEffect(() => {
    const flush = () => void writeNow();
    const onVisibility = () => document.visibilityState === "hidden" && flush();
    window.addEventListener("pagehide", flush);
    window.addEventListener("beforeunload", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      window.removeEventListener("beforeunload", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [writeNow]);

  // Start fresh is one click (next to Share link); Undo brings the session back until something new is sent.
  const [cleared, setCleared] = useState<{ previous: SessionState; exchanges: number } | null>(null);
  const startFresh = () => {
    const previous = latest.current;
    tryStorage(() => storage()?.removeItem(SAVED_SESSION_KEY));
    blocked.current = false;
    dispatch({ type: "session/load", state: freshFrom(previous) });
    setNotice({ kind: "none" });
    setCleared({ previous, exchanges: previous.entries.filter((e) => e.phase.status === "done").length });
  };
  const undoFresh = () => {
    if (!cleared) return;
    const now = latest.current;
    // Counters keep moving forward (the editor applies a text on a new version; stale replies stay stale).
    const back = {
      ...cleared.previous,
      editor: { ...cleared.previous.editor, version: now.editor.version + 1 },
      seq: Math.max(cleared.previous.seq, now.seq),
      processSeq: Math.max(cleared.previous.processSeq, now.processSeq),
    };
    dispatch({ type: "session/load", state: back });
    setCleared(null);
  };
  // Once the fresh session has its own exchanges, Undo would throw them away: it is no longer offered.
  const undoable = cleared !== null && state.entries.length === 0 ? cleared : null;
  return {
    notice,
    startFresh,
    dismiss: () => setNotice({ kind: "none" }),
    cleared: undoable ? { exchanges: undoable.exchanges } : null,
    undoFresh,
    dismissCleared: () => setCleared(null),
  };
}
