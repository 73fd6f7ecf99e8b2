"use client";
/** One app: Run reads its ui:// resource and mounts it in the sandbox; below it, what the app asked for and the wire. */
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { McpUiDisplayMode } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { AppTool } from "@/lib/apps/catalog";
import { DEVICES, buildHostContext, deviceById, frameSize, type ContextChoice } from "@/lib/apps/host-context";
import { APP_CALL_LIMITS } from "@/lib/apps/call-gate";
import { readAppResource } from "@/lib/apps/connection";
import type { CspViolation } from "@/lib/apps/csp";
import type { HostPersona } from "@/lib/apps/hosts";
import type { WireRow } from "@/lib/apps/wire";
import { msg, say, type Msg } from "@/lib/i18n/translate";
import { asObject } from "@/lib/protocol/json";
import { Button, inputClass } from "../ui";
import { AppViolations } from "./AppViolations";
import { AppWire } from "./AppWire";
import { mountApp, type MountedApp } from "./mount-app";
import type { Listing } from "./useApps";

const isDark = () => document.documentElement.classList.contains("dark");
/** What the page knows that a persona does not: the reader's theme, language and zone. */
const browserDefaults = () => ({
  theme: isDark() ? ("dark" as const) : ("light" as const),
  locale: navigator.language,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
});

export function AppRun({
  app,
  listing,
  persona,
  sandboxOrigin,
  choice,
}: {
  app: AppTool;
  listing: Listing;
  persona: HostPersona;
  sandboxOrigin: () => Promise<string>;
  /** The host context the user chose (AppContextControls); what the app is told and the frame's size follow it. */
  choice: ContextChoice;
}) {
  const t = useTranslations();
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedApp | null>(null);
  const [args, setArgs] = useState("{}");
  const [phase, setPhase] = useState<"idle" | "loading" | "running" | "closed" | "failed">("idle");
  const [status, setStatus] = useState<Msg | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<WireRow[]>([]);
  const [violations, setViolations] = useState<CspViolation[]>([]);
  const [links, setLinks] = useState<string[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [modelContext, setModelContext] = useState<string | null>(null);
  const [mode, setMode] = useState<McpUiDisplayMode>(choice.displayMode ?? "inline");
  const latest = useRef(choice);
  // A new choice sets the display mode it names (the app may change it later by asking).
  const [seen, setSeen] = useState(choice);
  if (seen !== choice) {
    setSeen(choice);
    setMode(choice.displayMode ?? "inline");
  }
  const contextFor = (c: ContextChoice) => buildHostContext(persona, c, browserDefaults());
  const device = deviceById(choice.device ?? persona.context.device) ?? DEVICES[1];
  const size = frameSize(device, mode);
  const [height, setHeight] = useState(240);
  const [policy, setPolicy] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);

  // Torn down when the choice changes (this component is keyed by target, host and tool) or the tab goes away.
  useEffect(() => () => void mounted.current?.teardown(), []);
  // The host context follows the page's theme (unless one is chosen) and every choice made mid-run: the app is told
  // the fields that changed (ui/notifications/host-context-changed), and the frame takes the new size.
  useEffect(() => {
    const observer = new MutationObserver(() => mounted.current?.setContext(contextFor(latest.current)));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the latest choice through its ref
  }, []);
  useEffect(() => {
    latest.current = choice;
    mounted.current?.setContext(contextFor(choice));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the persona is fixed for this component (keyed by it)
  }, [choice]);

  const close = async () => {
    await mounted.current?.teardown();
    mounted.current = null;
    if (frame.current) frame.current.removeAttribute("src");
    setPhase("closed");
    setStatus(msg("apps.status.closed"));
  };

  const run = async () => {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = asObject(JSON.parse(args));
    } catch (e) {
      setProblem(t("apps.run.notJson", { reason: (e as Error).message }));
      return;
    }
    if (!parsed) {
      setProblem(t("apps.run.notObject"));
      return;
    }
    await mounted.current?.teardown();
    mounted.current = null;
    setProblem(null);
    setRows([]);
    setViolations([]);
    setRefused(0);
    setLinks([]);
    setMessages([]);
    setModelContext(null);
    setMode(choice.displayMode ?? "inline");
    setPhase("loading");
    setStatus(msg("apps.status.reading"));
    try {
      const origin = await sandboxOrigin();
      const read = await readAppResource(listing.conn, app.resourceUri);
      if (!read.ok) throw new Error(read.error);
      const iframe = frame.current;
      if (!iframe) throw new Error(t("apps.run.noFrame"));
      mounted.current = await mountApp({
        iframe,
        sandboxOrigin: origin,
        resource: read.resource,
        app,
        visibility: listing.visibility,
        args: parsed,
        persona,
        conn: listing.conn,
        hostContext: contextFor(choice),
        events: {
          wire: setRows,
          violation: (v) => setViolations((list) => [...list, v].slice(-100)),
          openLink: (url) => setLinks((list) => [...list, url].slice(-20)),
          message: (text) => setMessages((list) => [...list, text].slice(-20)),
          modelContext: setModelContext,
          displayMode: setMode,
          size: ({ height: h }) => {
            if (typeof h === "number" && h > 0) setHeight(Math.ceil(h));
          },
          status: setStatus,
          refused: setRefused,
        },
      });
      setPolicy(mounted.current.policy);
      setPhase("running");
    } catch (e) {
      setPhase("failed");
      setProblem((e as Error).message);
    }
  };

  // Fullscreen covers the page only while an app is there to see (not before Run, not after Close).
  const fullscreen = mode === "fullscreen" && (phase === "loading" || phase === "running");
  return (
    <div className="flex flex-col gap-2" data-testid="apps-run-area" data-phase={phase}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-slate-700 dark:text-slate-300">
          {t("apps.run.args", { tool: app.tool })}
          <textarea
            data-testid="apps-args"
            className={`${inputClass} h-12 w-64 font-mono`}
            value={args}
            onChange={(e) => setArgs(e.target.value)}
          />
        </label>
        <Button tone="primary" data-testid="apps-run" disabled={phase === "loading"} onClick={() => void run()}>
          {phase === "loading" ? t("apps.run.starting") : t("apps.run.run")}
        </Button>
        <Button data-testid="apps-close" disabled={phase !== "running"} onClick={() => void close()}>
          {t("apps.run.close")}
        </Button>
        <span data-testid="apps-status" className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {status ? say(status, t) : ""}
          {mode !== "inline" ? t("apps.run.displayMode", { mode }) : ""}
        </span>
      </div>
      {problem ? (
        <p role="alert" data-testid="apps-run-error" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <div
        ref={box}
        className={
          fullscreen
            ? "fixed inset-0 z-40 flex flex-col items-center gap-2 overflow-auto bg-slate-100/95 p-2 dark:bg-slate-900/95"
            : ""
        }
      >
        {fullscreen ? (
          <Button
            className="self-end"
            onClick={() => {
              setMode("inline");
              mounted.current?.setContext(contextFor({ ...latest.current, displayMode: "inline" }));
            }}
          >
            {t("apps.run.leaveFullscreen")}
          </Button>
        ) : null}
        {/* The frame takes the chosen device's width, and its height: fixed in fullscreen, the app's own up to it inline. */}
        <iframe
          ref={frame}
          data-testid="apps-frame"
          data-display-mode={mode}
          data-device={device.id}
          title={t("apps.run.frameTitle", { tool: app.tool })}
          sandbox="allow-scripts allow-same-origin allow-forms"
          className="shrink-0 rounded border border-slate-300 bg-white dark:border-slate-600"
          style={{
            width: size.width,
            // Inline, a narrow page keeps the frame inside the panel; fullscreen and pip take exactly the size.
            maxWidth: mode === "inline" ? "100%" : undefined,
            height: mode === "inline" ? Math.min(height, size.height) : size.height,
            display: phase === "idle" ? "none" : "block",
          }}
        />
      </div>
      {phase !== "idle" ? (
        <p data-testid="apps-call-limit" data-refused={refused} className="text-xs text-slate-700 dark:text-slate-300">
          {t("apps.run.callLimit", { ...APP_CALL_LIMITS })}
          {refused > 0 ? t("apps.run.refused", { count: refused }) : ""}
        </p>
      ) : null}
      {policy ? (
        <details className="text-xs text-slate-700 dark:text-slate-300">
          <summary>{t("apps.run.csp")}</summary>
          <code data-testid="apps-csp" className="break-all">
            {policy}
          </code>
        </details>
      ) : null}
      <AppViolations violations={violations} />
      {links.length > 0 || messages.length > 0 || modelContext ? (
        <section
          aria-label={t("apps.run.asked")}
          className="flex flex-col gap-1 text-xs text-slate-800 dark:text-slate-200"
        >
          {links.map((url, i) => (
            <p key={`l${i}`} data-testid="apps-open-link">
              {t.rich("apps.run.openLink", {
                url,
                link: (chunks) => (
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-blue-700 underline dark:text-blue-300"
                  >
                    {chunks}
                  </a>
                ),
              })}
            </p>
          ))}
          {messages.map((text, i) => (
            <p key={`m${i}`} data-testid="apps-message">
              ui/message: {text}
            </p>
          ))}
          {modelContext ? (
            <p data-testid="apps-model-context">{t("apps.run.modelContext", { text: modelContext })}</p>
          ) : null}
        </section>
      ) : null}
      <AppWire rows={rows} />
    </div>
  );
}
