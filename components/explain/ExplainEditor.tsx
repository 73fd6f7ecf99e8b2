"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { explainFrame, serverEraOf } from "@/lib/explain";
import { selectTarget, selectVerdict, type SessionState } from "@/lib/session";
import { Button } from "../ui";
import { AnnotatedFrame } from "./AnnotatedFrame";

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** "Explain" under the editor: the frame being written, annotated live as it changes. */
export function ExplainEditor({ state }: { state: SessionState }) {
  const t = useTranslations();
  const [open, setOpen] = useState(false);
  const view = selectTarget(state);
  const verdict = view.kind === "ready" ? selectVerdict(state, view.key) : undefined;
  const era = serverEraOf(verdict?.status === "done" ? verdict.era : undefined);
  const frame = parsed(state.editor.text);
  // A result or error pasted into the editor is read as a server's reply; anything else as what the client sends.
  const reply =
    frame !== null &&
    typeof frame === "object" &&
    !Array.isArray(frame) &&
    !("method" in frame) &&
    ("result" in frame || "error" in frame);
  const annotations = open
    ? explainFrame(state.editor.text, {
        direction: reply ? "received" : "sent",
        serverEra: era,
        transport: view.kind === "ready" ? view.transport : undefined,
        t,
      })
    : [];
  return (
    <div className="space-y-1 text-xs" data-testid="explain-editor">
      <div className="flex items-center gap-2">
        <Button
          data-testid="explain-editor-toggle"
          aria-pressed={open}
          onClick={() => setOpen(!open)}
          title={t("explain.editorTitle")}
        >
          {open ? t("explain.hide") : t("explain.thisFrame")}
        </Button>
        {open ? (
          <span className="text-slate-600 dark:text-slate-400">
            {t(reply ? "explain.readAsReply" : "explain.readAsSent", { era })}
          </span>
        ) : null}
      </div>
      {open ? (
        <AnnotatedFrame
          frame={frame}
          annotations={annotations}
          testId="editor-annotations"
          className="max-h-[50vh] overflow-auto"
        />
      ) : null}
    </div>
  );
}
