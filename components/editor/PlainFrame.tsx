"use client";
/**
 * The frame before Monaco has loaded: a plain textarea over a highlighted copy of the same text (the server
 * renders both, so the frame is readable and editable from first paint; what is typed and a send asked for before
 * the page's scripts run are kept by lib/session/early-frame.ts). Ctrl/Cmd+Enter submits. LazyEditor lays Monaco over it when Monaco is ready and hands over text, selection and focus.
 */
import { forwardRef, useMemo } from "react";
import { tokenizeJson, type JsonTokenKind } from "@/lib/protocol/json-tokens";
import { useSendShortcut } from "../useSendShortcut";

// Monaco's own JSON colours (vs / vs-dark), so the hand-over does not change how the frame looks.
const TOKEN_CLASS: Record<JsonTokenKind, string> = {
  key: "text-[#0451a5] dark:text-[#9cdcfe]",
  string: "text-[#a31515] dark:text-[#ce9178]",
  number: "text-[#098658] dark:text-[#b5cea8]",
  keyword: "text-[#0000ff] dark:text-[#569cd6]",
  punctuation: "",
  space: "",
  other: "",
};

// Same box for both layers: they must wrap at the same characters to stay aligned.
const LAYER =
  "col-start-1 row-start-1 m-0 min-h-full whitespace-pre-wrap break-words border-0 p-0 pl-[26px] font-mono text-[13px] leading-[19px] [overflow-wrap:anywhere]";

export interface PlainFrameProps {
  value: string;
  onChange(text: string): void;
  onSubmit(): void;
  ariaLabel: string;
}

export const PlainFrame = forwardRef<HTMLTextAreaElement, PlainFrameProps>(function PlainFrame(
  { value, onChange, onSubmit, ariaLabel },
  ref,
) {
  const tokens = useMemo(() => tokenizeJson(value), [value]);
  const onShortcut = useSendShortcut(onSubmit);
  return (
    <div className="h-full overflow-auto bg-white py-1 dark:bg-[#1e1e1e]" data-testid="editor-plain">
      <div className="grid min-h-full">
        <pre aria-hidden="true" className={`${LAYER} text-slate-900 dark:text-slate-200`}>
          {tokens.map((t, i) =>
            TOKEN_CLASS[t.kind] ? (
              <span key={i} className={TOKEN_CLASS[t.kind]}>
                {t.text}
              </span>
            ) : (
              t.text
            ),
          )}
          {/* A final newline needs a line to sit on, as in the textarea. */}
          {"\n "}
        </pre>
        <textarea
          ref={ref}
          data-testid="editor-plain-text"
          aria-label={`${ariaLabel} (plain text while the full editor loads)`}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          autoCorrect="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onFocus={(e) => (e.currentTarget.dataset.touched = "true")}
          onKeyDown={onShortcut}
          className={`${LAYER} resize-none overflow-hidden bg-transparent text-transparent caret-slate-900 outline-none selection:bg-blue-200/60 dark:caret-slate-100 dark:selection:bg-blue-800/60`}
        />
      </div>
    </div>
  );
});
