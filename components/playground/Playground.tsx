"use client";
/** Composition root: wires the session to the panels. Keep logic out of here (it lives in lib/session). */
import { useTranslations } from "next-intl";
import { Announcer } from "../a11y/Announcer";
import { EditorPanel } from "../editor/EditorPanel";
import { useHydrated } from "../useHydrated";
import { useSendShortcut } from "../useSendShortcut";
import { ShareBar } from "../share/ShareBar";
import { TargetBar } from "../target/TargetBar";
import { Header } from "./Header";
import { showPanel } from "./panel-bus";
import { PanelTabs } from "./PanelTabs";
import { useSession } from "./useSession";

/** token: the bridge token (hosted mode's page carries it), or "" when the page signs itself in (SignInGate). */
export function Playground({ token }: { token: string }) {
  const t = useTranslations();
  const { state, dispatch, commands, cache } = useSession(token);
  // "true" once React has hydrated: the automation contract waits for data-hydrated="true".
  const hydrated = useHydrated();
  // Ctrl/Cmd+Enter sends from anywhere on the page (inside the editor, Monaco's own keybinding handles it).
  useSendShortcut(() => void commands.send(), "page");

  const panelProps = { state, dispatch, commands, cache };
  return (
    <div
      className="flex min-h-screen flex-col gap-3 p-3 lg:h-screen"
      data-testid="playground"
      data-hydrated={hydrated ? "true" : "false"}
    >
      <a
        href="#panel-timeline"
        data-testid="skip-to-timeline"
        onClick={(e) => {
          // No hash change: the fragment carries share links.
          e.preventDefault();
          showPanel("timeline");
        }}
        className="sr-only rounded bg-blue-700 px-3 py-1.5 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50"
      >
        {t("playground.skipToTimeline")}
      </a>
      <Header commands={commands} />
      <ShareBar {...panelProps} token={token} />
      <TargetBar {...panelProps} />
      <main className="grid gap-4 lg:min-h-0 lg:flex-1 lg:grid-cols-2">
        <EditorPanel {...panelProps} />
        <PanelTabs {...panelProps} />
      </main>
      <Announcer state={state} />
    </div>
  );
}
