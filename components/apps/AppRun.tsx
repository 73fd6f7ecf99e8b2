"use client";
/** One app: Run reads its ui:// resource and mounts it in the sandbox; below it, what the app asked for and the wire. */
import { useTranslations } from "next-intl";
import { APP_CALL_LIMITS } from "@/lib/apps/call-gate";
import { askedAnything, frameBox, frameShown, fullscreenShown, type AppRunState } from "@/lib/apps/run-state";
import { say } from "@/lib/i18n/translate";
import { Button, inputClass } from "../ui";
import { AppAsked } from "./AppAsked";
import { AppViolations } from "./AppViolations";
import { AppWire } from "./AppWire";
import { useAppRun, type AppRunProps } from "./useAppRun";

export function AppRun(props: AppRunProps) {
  const t = useTranslations();
  const { state, dispatch, frame, box, run, close, leaveFullscreen } = useAppRun(props, () => t("apps.run.noFrame"));
  const { phase, mode, problem } = state;
  const fullscreen = fullscreenShown(state);
  const { device, ...size } = frameBox(state, props.persona);
  return (
    <div className="flex flex-col gap-2" data-testid="apps-run-area" data-phase={phase}>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col text-xs text-slate-700 dark:text-slate-300">
          {t("apps.run.args", { tool: props.app.tool })}
          <textarea
            data-testid="apps-args"
            className={`${inputClass} h-12 w-64 font-mono`}
            value={state.args}
            onChange={(e) => dispatch({ type: "args/set", text: e.target.value })}
          />
        </label>
        <Button tone="primary" data-testid="apps-run" disabled={phase === "loading"} onClick={() => void run()}>
          {phase === "loading" ? t("apps.run.starting") : t("apps.run.run")}
        </Button>
        <Button data-testid="apps-close" disabled={phase !== "running"} onClick={() => void close()}>
          {t("apps.run.close")}
        </Button>
        <span data-testid="apps-status" className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {state.status ? say(state.status, t) : ""}
          {mode !== "inline" ? t("apps.run.displayMode", { mode }) : ""}
        </span>
      </div>
      {problem ? (
        <p role="alert" data-testid="apps-run-error" className="text-xs text-red-700 dark:text-red-300">
          {typeof problem === "string" ? problem : say(problem, t)}
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
          <Button className="self-end" onClick={leaveFullscreen}>
            {t("apps.run.leaveFullscreen")}
          </Button>
        ) : null}
        {/* The frame takes the chosen device's width, and its height: fixed in fullscreen, the app's own up to it inline. */}
        <iframe
          ref={frame}
          data-testid="apps-frame"
          data-display-mode={mode}
          data-device={device.id}
          title={t("apps.run.frameTitle", { tool: props.app.tool })}
          sandbox="allow-scripts allow-same-origin allow-forms"
          className="shrink-0 rounded border border-slate-300 bg-white dark:border-slate-600"
          style={{ ...size, display: frameShown(state) ? "block" : "none" }}
        />
      </div>
      <AppRunFacts state={state} />
      <AppViolations violations={state.violations} />
      {askedAnything(state) ? (
        <AppAsked links={state.links} messages={state.messages} modelContext={state.modelContext} />
      ) : null}
      <AppWire rows={state.rows} />
    </div>
  );
}

/** Under the frame: the call limit (with refused calls) once a run began, and the document's CSP once mounted. */
function AppRunFacts({ state }: { state: AppRunState }) {
  const t = useTranslations();
  return (
    <>
      {frameShown(state) ? (
        <p
          data-testid="apps-call-limit"
          data-refused={state.refused}
          className="text-xs text-slate-700 dark:text-slate-300"
        >
          {t("apps.run.callLimit", { ...APP_CALL_LIMITS })}
          {state.refused > 0 ? t("apps.run.refused", { count: state.refused }) : ""}
        </p>
      ) : null}
      {state.policy ? (
        <details className="text-xs text-slate-700 dark:text-slate-300">
          <summary>{t("apps.run.csp")}</summary>
          <code data-testid="apps-csp" className="break-all">
            {state.policy}
          </code>
        </details>
      ) : null}
    </>
  );
}
