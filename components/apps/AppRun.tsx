"use client";
/** One app: Run reads its ui:// resource and mounts it in the sandbox; below it, what the app asked for and the wire. */
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { McpUiDisplayMode } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { AppTool } from "@/lib/apps/catalog";
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

const MAX_FRAME_HEIGHT = 600;
const isDark = () => document.documentElement.classList.contains("dark");

export function AppRun({
  app,
  listing,
  persona,
  sandboxOrigin,
}: {
  app: AppTool;
  listing: Listing;
  persona: HostPersona;
  sandboxOrigin: () => Promise<string>;
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
  const [mode, setMode] = useState<McpUiDisplayMode>("inline");
  const [height, setHeight] = useState(240);
  const [policy, setPolicy] = useState<string | null>(null);
  const [refused, setRefused] = useState(0);

  // Torn down when the choice changes (this component is keyed by target, host and tool) or the tab goes away.
  useEffect(() => () => void mounted.current?.teardown(), []);
  // The host context follows the page's theme.
  useEffect(() => {
    const observer = new MutationObserver(() => mounted.current?.setTheme(isDark() ? "dark" : "light"));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, []);

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
    setMode("inline");
    setPhase("loading");
    setStatus(msg("apps.status.reading"));
    try {
      const origin = await sandboxOrigin();
      const read = await readAppResource(listing.conn, app.resourceUri);
      if (!read.ok) throw new Error(read.error);
      const iframe = frame.current;
      if (!iframe) throw new Error(t("apps.run.noFrame"));
      const width = box.current?.clientWidth ?? 600;
      mounted.current = await mountApp({
        iframe,
        sandboxOrigin: origin,
        resource: read.resource,
        app,
        visibility: listing.visibility,
        args: parsed,
        persona,
        conn: listing.conn,
        hostContext: {
          theme: isDark() ? "dark" : "light",
          locale: navigator.language,
          timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
          platform: "web",
          containerDimensions: { width, maxHeight: MAX_FRAME_HEIGHT },
          userAgent: "mcp-playground",
        },
        events: {
          wire: setRows,
          violation: (v) => setViolations((list) => [...list, v].slice(-100)),
          openLink: (url) => setLinks((list) => [...list, url].slice(-20)),
          message: (text) => setMessages((list) => [...list, text].slice(-20)),
          modelContext: setModelContext,
          displayMode: setMode,
          size: ({ height: h }) => {
            if (typeof h === "number" && h > 0) setHeight(Math.min(Math.ceil(h), MAX_FRAME_HEIGHT));
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

  const fullscreen = mode === "fullscreen";
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
            ? "fixed inset-4 z-40 flex flex-col rounded border border-slate-400 bg-white p-2 dark:bg-slate-900"
            : ""
        }
      >
        {fullscreen ? (
          <Button className="self-end" onClick={() => setMode("inline")}>
            {t("apps.run.leaveFullscreen")}
          </Button>
        ) : null}
        <iframe
          ref={frame}
          data-testid="apps-frame"
          title={t("apps.run.frameTitle", { tool: app.tool })}
          sandbox="allow-scripts allow-same-origin allow-forms"
          className="w-full rounded border border-slate-300 bg-white dark:border-slate-600"
          style={{ height: fullscreen ? "100%" : height, display: phase === "idle" ? "none" : "block" }}
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
