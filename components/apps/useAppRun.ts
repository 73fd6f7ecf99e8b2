"use client";
/** React glue for one app's run: lib/apps/run-state.ts holds the phases; this mounts the app and feeds its events. */
import { useEffect, useReducer, useRef, type Dispatch, type RefObject } from "react";
import type { AppTool } from "@/lib/apps/catalog";
import { readAppResource } from "@/lib/apps/connection";
import { buildHostContext, type ContextChoice } from "@/lib/apps/host-context";
import type { HostPersona } from "@/lib/apps/hosts";
import { appRunReducer, initialAppRun, parseRunArgs, type AppRunAction } from "@/lib/apps/run-state";
import type { McpUiHostContext } from "@/lib/apps/ui-types";
import { mountApp, type AppEvents, type MountedApp } from "./mount-app";
import type { Listing } from "./useApps";

const isDark = () => document.documentElement.classList.contains("dark");
/** What the page knows that a persona does not: the reader's theme, language and zone. */
const browserDefaults = () => ({
  theme: isDark() ? ("dark" as const) : ("light" as const),
  locale: navigator.language,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

export interface AppRunProps {
  app: AppTool;
  listing: Listing;
  persona: HostPersona;
  sandboxOrigin: () => Promise<string>;
  /** The host context the user chose (AppContextControls); what the app is told and the frame's size follow it. */
  choice: ContextChoice;
}

/** The sandbox's reports, as actions on the run's state. */
function eventsTo(dispatch: Dispatch<AppRunAction>): AppEvents {
  return {
    wire: (rows) => dispatch({ type: "app/wire", rows }),
    violation: (violation) => dispatch({ type: "app/violation", violation }),
    openLink: (url) => dispatch({ type: "app/openLink", url }),
    message: (text) => dispatch({ type: "app/message", text }),
    modelContext: (text) => dispatch({ type: "app/modelContext", text }),
    displayMode: (mode) => dispatch({ type: "app/displayMode", mode }),
    size: ({ height }) => dispatch({ type: "app/size", height }),
    status: (status) => dispatch({ type: "app/status", status }),
    refused: (count) => dispatch({ type: "app/refused", count }),
  };
}

/**
 * The host context the app is told (lib/apps/host-context.ts): the choice over the persona over the browser. It follows
 * the page's theme (unless one is chosen) and every choice made mid-run: the app is told the fields that changed
 * (ui/notifications/host-context-changed). Torn down when AppRun goes (it is keyed by target, host and tool).
 */
function useHostContext(mounted: RefObject<MountedApp | null>, persona: HostPersona, choice: ContextChoice) {
  const latest = useRef(choice);
  const contextFor = (c: ContextChoice): McpUiHostContext => buildHostContext(persona, c, browserDefaults());
  useEffect(() => () => void mounted.current?.teardown(), [mounted]);
  useEffect(() => {
    const observer = new MutationObserver(() => mounted.current?.setContext(contextFor(latest.current)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the latest choice through its ref
  }, [mounted]);
  useEffect(() => {
    latest.current = choice;
    mounted.current?.setContext(contextFor(choice));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the persona is fixed for this component (keyed by it)
  }, [choice]);
  return { contextFor, latest };
}

export function useAppRun(props: AppRunProps, noFrame: () => string) {
  const { app, listing, persona, sandboxOrigin, choice } = props;
  const [state, dispatch] = useReducer(appRunReducer, choice, initialAppRun);
  // A new choice goes to the reducer while rendering, as the display mode it names must show at once.
  if (state.choice !== choice) dispatch({ type: "context/chosen", choice });
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedApp | null>(null);
  const { contextFor, latest } = useHostContext(mounted, persona, choice);

  const close = async () => {
    await mounted.current?.teardown();
    mounted.current = null;
    if (frame.current) frame.current.removeAttribute("src");
    dispatch({ type: "run/closed" });
  };

  /** Back inline from fullscreen: the app is told its display mode changed. */
  const leaveFullscreen = () => {
    dispatch({ type: "app/displayMode", mode: "inline" });
    mounted.current?.setContext(contextFor({ ...latest.current, displayMode: "inline" }));
  };

  const run = async () => {
    const args = parseRunArgs(state.args);
    if (!args.ok) return dispatch({ type: "run/rejected", problem: args.problem });
    await mounted.current?.teardown();
    mounted.current = null;
    dispatch({ type: "run/started" });
    try {
      const origin = await sandboxOrigin();
      const read = await readAppResource(listing.conn, app.resourceUri);
      if (!read.ok) throw new Error(read.error);
      const iframe = frame.current;
      if (!iframe) throw new Error(noFrame());
      mounted.current = await mountApp({
        iframe,
        sandboxOrigin: origin,
        resource: read.resource,
        app,
        visibility: listing.visibility,
        args: args.value,
        persona,
        conn: listing.conn,
        hostContext: contextFor(choice),
        events: eventsTo(dispatch),
      });
      dispatch({ type: "run/mounted", policy: mounted.current.policy });
    } catch (e) {
      dispatch({ type: "run/failed", message: (e as Error).message });
    }
  };

  return { state, dispatch, frame, box, run, close, leaveFullscreen };
}
