"use client";
/**
 * The ONLY importer of @monaco-editor/react. Narrow props: the parent owns the text; `valueVersion` changes
 * only when the parent replaced the text programmatically (template, envelope actions), and only then is the
 * model rewritten — as an undoable edit that is not reported back through onChange.
 */
import Editor, { loader, type OnMount } from "@monaco-editor/react";
import { useEffect, useRef, useState } from "react";
import { monaco } from "./monaco-local";

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
  dark?: boolean;
  /** Model path: "frame.json" (default) gets the 2026-07-28 frame schema; any other path is plain JSON. */
  path?: string;
  ariaLabel?: string;
}

type CodeEditor = Parameters<OnMount>[0];

function severityOf(s: number): EditorMarker["severity"] {
  if (s >= monaco.MarkerSeverity.Error) return "error";
  if (s >= monaco.MarkerSeverity.Warning) return "warning";
  return "info";
}

export default function JsonRpcEditor(props: JsonRpcEditorProps) {
  const editorRef = useRef<CodeEditor | null>(null);
  const applying = useRef(false);
  const latest = useRef(props);
  const [initialValue] = useState(props.value);

  useEffect(() => {
    latest.current = props;
  });

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
    ed.addAction({ id: "playground.submit", label: "Send", keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.Enter], run: () => latest.current.onSubmit() });
    // The text may have been replaced while Monaco was loading.
    if (ed.getValue() !== latest.current.value) ed.setValue(latest.current.value);
  };

  return (
    <Editor
      height="100%"
      defaultLanguage="json"
      defaultValue={initialValue}
      path={props.path ?? "frame.json"}
      theme={props.dark ? "vs-dark" : "vs"}
      loading={<div className="p-4 text-sm text-slate-500">Loading the editor…</div>}
      options={{
        minimap: { enabled: false },
        fontSize: 13,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        tabSize: 2,
        wordWrap: "on",
        fixedOverflowWidgets: true,
        renderLineHighlight: "none",
        ariaLabel: props.ariaLabel ?? "JSON-RPC frame editor",
      }}
      onMount={onMount}
      onChange={(value) => {
        if (!applying.current) latest.current.onChange(value ?? "");
      }}
      onValidate={(markers) =>
        latest.current.onMarkers?.(markers.map((mk) => ({ severity: severityOf(mk.severity), message: mk.message, line: mk.startLineNumber, column: mk.startColumn })))
      }
    />
  );
}
