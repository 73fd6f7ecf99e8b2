"use client";
/**
 * Opens the link in location.hash once on load (and again when the hash changes): decode in the browser,
 * load the recorded state into the session, show the banner. It never calls the bridge. The share code
 * (zod schemas, DEFLATE) loads only when there is a fragment, so plain visits do not pay for it.
 */
import { useEffect, useRef } from "react";
import { initialState, type Action, type SessionState } from "@/lib/session";
import { showPanel } from "../playground/panel-bus";
import { dropLinkFragment, opensLink } from "./link-address";
import { getViewer, setViewer } from "./viewer-store";

/** A fresh session that keeps the counters moving forward (the editor applies a text on a new version). */
function baseFrom(current: SessionState): SessionState {
  const base = initialState();
  return {
    ...base,
    editor: { ...base.editor, version: current.editor.version },
    seq: current.seq,
    processSeq: current.processSeq,
  };
}

async function open(hash: string, dispatch: (action: Action) => void, current: () => SessionState): Promise<void> {
  // A Lab, collection or lesson link is opened by its tab, a launch code by the sign-in; none is a session. Pasted
  // over a link's view, it leaves that view, as a fresh load of it would show none (useSavedSession brings back the
  // user's own session).
  if (!opensLink(hash)) {
    const shown = getViewer();
    if (shown.kind === "loading" || (shown.kind === "open" && shown.source === "link")) setViewer({ kind: "none" });
    return;
  }
  setViewer({ kind: "loading" });
  try {
    const [{ decodeShareFragment }, { sessionFromShare }] = await Promise.all([
      import("@/lib/share/codec"),
      import("@/lib/share/session-adapter"),
    ]);
    const decoded = await decodeShareFragment(hash);
    if (decoded.kind === "none") return setViewer({ kind: "none" });
    if (decoded.kind === "error") {
      // The page is the default one: a reload must not say the same error again and keep the page unsaved.
      dropLinkFragment();
      return setViewer({ kind: "error", source: "link", reason: decoded.reason });
    }
    dispatch({ type: "session/load", state: sessionFromShare(decoded.state, baseFrom(current())) });
    setViewer({
      kind: "open",
      source: "link",
      share: decoded.state,
      version: decoded.version,
      ...(decoded.migratedFrom !== undefined ? { migratedFrom: decoded.migratedFrom } : {}),
    });
    // A shared Checks run opens where it is read: the Checks tab.
    if (decoded.state.checks) showPanel("checks");
  } catch (e) {
    // Whatever went wrong, the page stays the default page and says why.
    dropLinkFragment();
    setViewer({
      kind: "error",
      source: "link",
      reason: `it could not be read (${e instanceof Error ? e.message : String(e)})`,
    });
  }
}

export function useSharedLink(state: SessionState, dispatch: (action: Action) => void): void {
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  useEffect(() => {
    const current = () => latest.current;
    void open(window.location.hash, dispatch, current);
    const onHash = () => void open(window.location.hash, dispatch, current);
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, [dispatch]);
}
