"use client";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import type { PanelProps } from "../playground/types";
import { Button, PanelHeading } from "../ui";
import { EditorToolbar } from "./EditorToolbar";
import { EnvelopePanel } from "./EnvelopePanel";
import { LazyEditor, type EditorMarker } from "./LazyEditor";
import { withCatalogue } from "../i18n/catalogue-ready";
import { SendProblem } from "./SendProblem";
import { useEarlyFrame } from "./useEarlyFrame";
import { looksLikeToolCall } from "@/lib/session/args-form";
import { selectCheckedEra } from "@/lib/session/target-templates";

// The explainer's tables load after first paint (they are large and only needed on click).
// The tools/call argument form loads only once the frame is a tools/call (it brings zod's JSON Schema reader).
const ArgsForm = dynamic(
  withCatalogue(() => import("../argsform/ArgsForm").then((m) => m.ArgsForm)),
  { ssr: false },
);

const ExplainEditor = dynamic(
  withCatalogue(() => import("../explain/ExplainEditor").then((m) => m.ExplainEditor)),
  { ssr: false },
);

function MarkerSummary({ markers, era }: { markers: EditorMarker[]; era: "modern" | "legacy" }) {
  const t = useTranslations();
  const n = markers.length;
  return (
    <details className="text-xs" data-testid="marker-count" data-count={n}>
      <summary
        className={`cursor-pointer ${n ? "text-amber-700 dark:text-amber-300" : "text-emerald-700 dark:text-emerald-400"}`}
      >
        {n === 0
          ? t(era === "legacy" ? "editor.noProblemsLegacy" : "editor.noProblemsModern")
          : t("editor.problems", { count: n })}
      </summary>
      <ul className="mt-1 space-y-0.5 font-mono">
        {markers.map((m, i) => (
          <li key={i}>
            {m.line}:{m.column} {m.severity} — {m.message}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Left column: the frame, exactly as it will be sent, and the actions that write it. */
export function EditorPanel(props: PanelProps) {
  const { state, dispatch, commands } = props;
  const t = useTranslations();
  const [markers, setMarkers] = useState<EditorMarker[]>([]);
  // Once a tools/call has been in the editor the form stays mounted (it hides itself for other frames), so while the
  // text is replaced or broken it still holds the last arguments it read and shows them paused.
  const [argsFormUsed, setArgsFormUsed] = useState(false);
  if (!argsFormUsed && looksLikeToolCall(state.editor.text)) setArgsFormUsed(true);
  const era = selectCheckedEra(state);
  const edit = (text: string) => dispatch({ type: "editor/userEdit", text });
  const send = () => void commands.send();
  useEarlyFrame(state.editor.text, edit, send);
  return (
    // From lg the column is one screen tall: when the lines under the editor do not fit (1024×768), the column scrolls
    // rather than the editor's minimum height drawing over them.
    <section
      className="flex min-h-0 min-w-0 flex-col gap-2 lg:overflow-y-auto"
      aria-label={t("editor.sectionLabel")}
      data-testid="editor-panel"
    >
      <PanelHeading
        title={t("editor.title")}
        subtitle={t(era === "legacy" ? "editor.subtitleLegacy" : "editor.subtitleModern")}
      />
      <EditorToolbar state={state} dispatch={dispatch} commands={commands} />
      {state.editorNotice ? (
        <div
          role="status"
          data-testid="editor-notice"
          className="flex items-center gap-2 rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <span className="flex-1">{state.editorNotice}</span>
          <Button onClick={() => dispatch({ type: "editor/dismissNotice" })}>{t("common.dismiss")}</Button>
        </div>
      ) : null}
      <SendProblem state={state} dispatch={dispatch} commands={commands} />
      <div className="flex flex-col gap-2 lg:min-h-[240px] lg:flex-1 xl:flex-row">
        <div
          className="h-[380px] overflow-hidden rounded border border-slate-300 lg:h-auto lg:min-h-[240px] lg:flex-1 xl:min-w-0 dark:border-slate-700"
          data-testid="editor"
        >
          <LazyEditor
            value={state.editor.text}
            valueVersion={state.editor.version}
            onChange={edit}
            onSubmit={send}
            onMarkers={setMarkers}
            schemaEra={era}
          />
        </div>
        {argsFormUsed ? <ArgsForm state={state} dispatch={dispatch} /> : null}
      </div>
      <MarkerSummary markers={markers} era={era} />
      <ExplainEditor state={state} />
      <EnvelopePanel state={state} dispatch={dispatch} />
    </section>
  );
}
