"use client";
import { useTranslations } from "next-intl";
/**
 * Above the editor: the Share button, the Examples link, and, when the page holds a state from a link or a
 * file, the banner that says nothing was sent (or why a link could not be loaded).
 */
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { livePlan, runLivePlan, type LiveResult } from "@/lib/share/live";
import { withTarget } from "@/lib/share/session-adapter";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";
import { rememberSecret } from "./known-secrets";
import { dropLinkFragment } from "./link-address";
import { SavedSessionNotices } from "./SavedSessionNotice";
import { ShareButton } from "./ShareButton";
import { useSavedSession } from "./useSavedSession";
import { useSharedLink } from "./useSharedLink";
import { setViewer, useViewer, type Viewer } from "./viewer-store";
import { withCatalogue } from "../i18n/catalogue-ready";

// Shown only once a link or file is open (its decoding loads on demand too): not in the first screen's scripts.
const LinkBanner = dynamic(
  withCatalogue(() => import("./LinkBanner").then((m) => m.LinkBanner)),
  { ssr: false },
);

export function ShareBar({ state, dispatch, commands, token }: PanelProps & { token: string }) {
  const t = useTranslations();
  rememberSecret(token);
  useSharedLink(state, dispatch);
  const saved = useSavedSession(state, dispatch);
  const viewer = useViewer();
  const [running, setRunning] = useState(false);
  // What Run live did for the share on screen (a new link starts over).
  const [result, setResult] = useState<{ share: unknown; value: LiveResult } | null>(null);
  const shown = viewer.kind === "open" && result?.share === viewer.share ? result.value : null;

  // A double click must not send the frames twice: the ref flips before React re-renders the button.
  const busy = useRef(false);

  // Once something is sent from a page opened from a link (Run live, or by hand), the page is the user's live
  // session: the link leaves the address bar, so a reload brings that session back (it is saved from then on).
  const sentHere = state.entries.some((e) => !e.sendId.startsWith("link-"));
  useEffect(() => {
    if (sentHere) dropLinkFragment();
  }, [sentHere]);

  async function runLive(confirmed: Map<string, Target>) {
    if (viewer.kind !== "open" || busy.current) return;
    busy.current = true;
    const share = viewer.share;
    const plan = livePlan(share);
    const confirmedTarget = (t: Target) => confirmed.get(targetKey(t)) ?? t;
    setRunning(true);
    try {
      // Only now does the link's target become the session's target (after the confirmation for a command).
      // A command from the link becomes the form's target only once confirmed.
      if (plan.target.kind !== "stdio" || confirmed.has(targetKey(plan.target)))
        dispatch({ type: "session/load", state: withTarget(state, confirmedTarget(plan.target)) });
      const value = await runLivePlan(plan, (text, opts) => commands.sendFrame(text, opts), confirmedTarget);
      setResult({ share, value });
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }

  const carry =
    viewer.kind === "open"
      ? { title: viewer.share.title, about: viewer.share.about, omitted: viewer.share.omitted }
      : undefined;
  return (
    <div className="flex flex-col gap-2" data-testid="share-bar">
      <div className="flex flex-wrap items-center justify-end gap-2 text-xs">
        <a
          href="/examples"
          data-testid="examples-link"
          className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300"
        >
          {t("share.examples")}
        </a>
        <Button data-testid="start-fresh-bar" onClick={saved.startFresh} title={t("share.startFreshTitle")}>
          {t("share.startFresh")}
        </Button>
        <ShareButton state={state} token={token} carry={carry} />
      </div>
      <SavedSessionNotices saved={saved} />
      {viewer.kind === "loading" ? (
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="link-loading">
          {t("share.opening")}
        </p>
      ) : null}
      {viewer.kind === "error" ? <LinkError viewer={viewer} /> : null}
      {viewer.kind === "open" ? (
        <LinkBanner
          share={viewer.share}
          source={viewer.source}
          migratedFrom={viewer.migratedFrom}
          running={running}
          result={shown}
          onRunLive={(confirmed) => void runLive(confirmed)}
          onClose={() => {
            // Closing the banner keeps the cards as the user's own session: the link leaves the address bar.
            dropLinkFragment();
            setViewer({ kind: "none" });
          }}
        />
      ) : null}
    </div>
  );
}

/** A link or file that could not be opened: why, and a way to dismiss it. */
function LinkError({ viewer }: { viewer: Extract<Viewer, { kind: "error" }> }) {
  const t = useTranslations();
  return (
    <div
      role="alert"
      data-testid="link-error"
      className="flex items-center gap-2 rounded border border-red-300 bg-red-50 p-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <span className="flex-1">
        {t(viewer.source === "link" ? "share.linkError" : "share.fileError", { reason: viewer.reason })}
      </span>
      <Button onClick={() => setViewer({ kind: "none" })}>{t("common.dismiss")}</Button>
    </div>
  );
}
