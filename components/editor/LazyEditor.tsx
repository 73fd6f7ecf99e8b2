"use client";
/**
 * The frame editor, usable from first paint: the server renders the frame as highlighted, plain-text-editable
 * PlainFrame; Monaco (fetched in parallel with hydration, run after it) is laid over it when
 * ready and takes over in place with the same text, selection, focus and undo history (the page's changes and the
 * plain edits before each, as undoable edits).
 */
import { useEffect, useMemo, useRef, useState, type ComponentType } from "react";
import type { JsonRpcEditorProps, MonacoTakeOver } from "./JsonRpcEditor";
import { editorArriving, markEditorSettled } from "./editor-settled";
import { PlainFrame } from "./PlainFrame";
import { useHydrated } from "../useHydrated";

export type { EditorMarker, JsonRpcEditorProps } from "./JsonRpcEditor";

type EditorModule = { default: ComponentType<JsonRpcEditorProps> };
let editorModule: Promise<EditorModule> | undefined;
// Imported once the page has hydrated and painted the plain frame editable: its 3.6 MB of script would otherwise
// run first and hold the plain frame back. The bytes are already on their way by then (the server names Monaco's chunks in a preload header: lib/node/host/app.ts).
const loadEditor = () => (editorModule ??= import("./JsonRpcEditor"));

/** Undo steps kept from before Monaco (each a whole frame): enough for any real first minute, bounded. */
const MAX_REPLAYED = 20;

export function LazyEditor(props: JsonRpcEditorProps) {
  const [Editor, setEditor] = useState<ComponentType<JsonRpcEditorProps> | null>(null);
  const [ready, setReady] = useState(false);
  const hydrated = useHydrated();
  const plain = useRef<HTMLTextAreaElement>(null);
  // The texts Monaco replays as its undo history before it takes over: the frame as first rendered, then at each
  // change the page made before Monaco arrived, what had been typed just before it and the page's text.
  const [history, setHistory] = useState({ version: props.valueVersion, texts: [props.value], typed: props.value });
  if (!ready && history.version !== props.valueVersion) {
    const texts = [...history.texts, history.typed, props.value].filter((t, i, all) => i === 0 || t !== all[i - 1]);
    setHistory({ version: props.valueVersion, texts: texts.slice(-MAX_REPLAYED), typed: props.value });
  } else if (!ready && history.typed !== props.value) setHistory({ ...history, typed: props.value });

  useEffect(() => {
    if (!hydrated) return;
    let live = true;
    // After the frame that shows the plain frame editable has painted: Monaco's first run takes ~0.4 s.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        loadEditor().then(
          (m) => {
            // Monaco's first run is done; building the editor follows in the next few tasks (editor-settled.ts).
            editorArriving();
            if (live) setEditor(() => m.default);
          },
          markEditorSettled, // stays plain text: still readable, editable and sendable
        );
      }, 0);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [hydrated]);

  const takeOver = useMemo<MonacoTakeOver>(
    () => ({
      history: history.texts,
      selection: () => {
        const ta = plain.current;
        // Only a selection the user made: an untouched textarea's caret sits at the end of its text.
        return ta && ta.dataset.touched === "true"
          ? { start: ta.selectionStart, end: ta.selectionEnd, focused: document.activeElement === ta }
          : null;
      },
      done: () => {
        setReady(true);
        markEditorSettled();
      },
    }),
    [history.texts],
  );

  return (
    <div className="relative h-full" data-editor={ready ? "monaco" : "plain"}>
      {Editor ? (
        // Mounted under the plain frame until it is ready, so nothing moves when it takes over.
        <div className="absolute inset-0">
          <Editor {...props} takeOver={ready ? undefined : takeOver} />
        </div>
      ) : null}
      {!ready ? (
        <div className="absolute inset-0 z-10">
          <PlainFrame
            ref={plain}
            value={props.value}
            onChange={props.onChange}
            onSubmit={props.onSubmit}
            ariaLabel={props.ariaLabel ?? "JSON-RPC frame editor"}
          />
        </div>
      ) : null}
    </div>
  );
}
