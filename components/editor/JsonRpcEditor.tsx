"use client";
/**
 * The ONLY importer of @monaco-editor/react. Narrow props: the parent owns the text; `valueVersion` changes
 * only when the parent replaced the text programmatically (template, envelope actions), and only then is the
 * model rewritten — as an undoable edit that is not reported back through onChange.
 */
import Editor, { loader, type OnMount } from "@monaco-editor/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useDarkTheme } from "../theme/theme-store";
import { monaco, setFrameSchemaEra, tabFocus } from "./monaco-local";
import { EditorKeyboardHint } from "./EditorKeyboardHint";

loader.config({ monaco });

export interface EditorMarker {
  severity: "error" | "warning" | "info";
  message: string;
  line: number;
  column: number;
}

export interface JsonRpcEditorProps {
  value: string;
  valueVersion: number;
  onChange(text: string): void;
  onSubmit(): void;
  onMarkers?(markers: EditorMarker[]): void;
  /** Model path: "frame.json" (default) gets the 2026-07-28 frame schema; any other path is plain JSON. */
  path?: string;
  ariaLabel?: string;
  /** The era the frame editor (frame.json) checks against: a legacy target expects no `_meta` envelope. */
  schemaEra?: "modern" | "legacy";
  /** Set by LazyEditor while the plain frame is showing: Monaco replays its history and takes over from it. */
  takeOver?: MonacoTakeOver;
}

/** The plain frame's hand-over: the texts before the current one (oldest first), the selection, "Monaco is ready". */
export interface MonacoTakeOver {
  history: string[];
  selection(): { start: number; end: number; focused: boolean } | null;
  done(): void;
}

type CodeEditor = Parameters<OnMount>[0];

function severityOf(s: number): EditorMarker["severity"] {
  if (s >= monaco.MarkerSeverity.Error) return "error";
  if (s >= monaco.MarkerSeverity.Warning) return "warning";
  return "info";
}

/** A Monaco validation marker as the page's EditorMarker. */
function markerOf(mk: {
  severity: number;
  message: string;
  startLineNumber: number;
  startColumn: number;
}): EditorMarker {
  return { severity: severityOf(mk.severity), message: mk.message, line: mk.startLineNumber, column: mk.startColumn };
}

/** Monaco takes over from the plain frame: the edits made meanwhile (as undo steps), then its selection and focus. */
function takeOverFromPlain(
  ed: CodeEditor,
  m: Parameters<OnMount>[1],
  props: JsonRpcEditorProps,
  applying: { current: boolean },
) {
  // The text may have changed while Monaco was loading (typed in the plain frame, or replaced by the page): each
  // step is replayed as an undoable edit, then the plain frame's selection and focus carry over.
  const model = ed.getModel();
  for (const text of [...(props.takeOver?.history.slice(1) ?? []), props.value]) {
    if (!model || model.getValue() === text) continue;
    applying.current = true;
    ed.pushUndoStop();
    ed.executeEdits("playground", [{ range: model.getFullModelRange(), text }]);
    ed.pushUndoStop();
    applying.current = false;
  }
  const handed = props.takeOver?.selection();
  if (model && handed) {
    const from = model.getPositionAt(handed.start);
    const to = model.getPositionAt(handed.end);
    ed.setSelection(new m.Selection(from.lineNumber, from.column, to.lineNumber, to.column));
    ed.revealPositionInCenterIfOutsideViewport(to);
    if (handed.focused) ed.focus();
  } else if (model) ed.setPosition({ lineNumber: 1, column: 1 });
}

export default function JsonRpcEditor(props: JsonRpcEditorProps) {
  const editorRef = useRef<CodeEditor | null>(null);
  const applying = useRef(false);
  const latest = useRef(props);
  const [initialValue] = useState(props.takeOver?.history[0] ?? props.value);
  // Monaco's theme is page-wide: every editor follows the page's theme, never a prop of one of them.
  const dark = useDarkTheme();
  const [focused, setFocused] = useState(false);
  const [tabMovesFocus, setTabMovesFocus] = useState(false);

  useEffect(() => {
    latest.current = props;
  });

  const schemaEra = props.schemaEra;
  useEffect(() => {
    if (schemaEra) setFrameSchemaEra(schemaEra);
  }, [schemaEra]);

  useEffect(() => {
    const ed = editorRef.current;
    const model = ed?.getModel();
    const text = latest.current.value;
    if (!ed || !model || model.getValue() === text) return;
    applying.current = true;
    ed.executeEdits("playground", [{ range: model.getFullModelRange(), text }]);
    ed.pushUndoStop();
    ed.setPosition({ lineNumber: 1, column: 1 });
    applying.current = false;
  }, [props.valueVersion]);

  const onMount: OnMount = (ed, m) => {
    editorRef.current = ed;
    // addAction, not addCommand: Monaco's addCommand keybindings are global, so with two editors on the page
    // (the frame and the lab script) the last one mounted would take every Ctrl+Enter.
    ed.addAction({
      id: "playground.submit",
      label: "Send",
      keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.Enter], // the send shortcut (lib/session/send-shortcut.ts) in Monaco's terms
      run: () => latest.current.onSubmit(),
    });
    takeOverFromPlain(ed, m, latest.current, applying);
    latest.current.takeOver?.done();
    ed.onDidFocusEditorText(() => setFocused(true));
    ed.onDidBlurEditorText(() => setFocused(false));
    // Ctrl+M (Monaco's own "Tab moves focus" toggle) is page-wide; show its current state.
    setTabMovesFocus(tabFocus.get());
    const watch = tabFocus.onChange(setTabMovesFocus);
    ed.onDidDispose(() => watch.dispose());
    releaseTabAfterEscape(ed.getContainerDomNode());
  };

  // One object while nothing in it changes: the wrapper applies a new one to the editor on every render. The theme is
  // in it so the editor is built in the page's theme (not built in the default one, then switched).
  const ariaLabel = `${props.ariaLabel ?? "JSON-RPC frame editor"}. Escape then Tab leaves the editor.`;
  const theme = dark ? "vs-dark" : "vs";
  const options = useMemo(
    () => ({
      minimap: { enabled: false },
      fontSize: 13,
      scrollBeyondLastLine: false,
      automaticLayout: true,
      tabSize: 2,
      wordWrap: "on" as const,
      fixedOverflowWidgets: true,
      renderLineHighlight: "none" as const,
      ariaLabel,
      theme,
    }),
    [ariaLabel, theme],
  );

  return (
    <div className="relative h-full">
      <Editor
        height="100%"
        defaultLanguage="json"
        defaultValue={initialValue}
        path={props.path ?? "frame.json"}
        theme={theme}
        loading={<div className="p-4 text-sm text-slate-600 dark:text-slate-400">Loading the editor…</div>}
        options={options}
        onMount={onMount}
        onChange={(value) => {
          if (!applying.current) latest.current.onChange(value ?? "");
        }}
        onValidate={(markers) => latest.current.onMarkers?.(markers.map(markerOf))}
      />
      {focused ? <EditorKeyboardHint tabMovesFocus={tabMovesFocus} /> : null}
    </div>
  );
}

/**
 * Escape then Tab (or Shift+Tab) leaves the editor, as in CodeMirror: the Tab after an Escape is kept from Monaco
 * (capture phase on its container) so the browser moves focus and the text is untouched.
 */
function releaseTabAfterEscape(container: HTMLElement) {
  let armed = false;
  container.addEventListener(
    "keydown",
    (e) => {
      if (e.key === "Escape") armed = true;
      else if (e.key === "Tab" && armed && !e.ctrlKey && !e.altKey && !e.metaKey) {
        armed = false;
        e.stopPropagation();
      } else if (!["Shift", "Control", "Alt", "Meta"].includes(e.key)) armed = false;
    },
    true,
  );
  container.addEventListener("focusout", () => (armed = false));
}
