import type { TraceLine } from "@/lib/protocol/trace";

const COLOR: Record<TraceLine["kind"], string> = {
  send: "text-blue-800 dark:text-blue-300",
  result: "text-slate-900 dark:text-slate-100",
  error: "text-amber-800 dark:text-amber-300",
  notification: "text-sky-800 dark:text-sky-300",
  "server-request": "text-violet-800 dark:text-violet-300",
  other: "text-slate-700 dark:text-slate-300",
  failure: "text-red-700 dark:text-red-300",
  info: "text-slate-600 dark:text-slate-400",
};

/** The chapter-style trace. Every server string is rendered as React text, never as HTML. */
export function TraceBlock({ lines }: { lines: TraceLine[] }) {
  return (
    <pre
      data-testid="trace"
      // Scrollable when long (Cyrillic wraps more): keyboard users must reach it (axe scrollable-region-focusable).
      tabIndex={0}
      className="max-h-80 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs leading-relaxed dark:bg-slate-900"
    >
      {lines.map((line, i) => (
        <div key={i} data-kind={line.kind} className={COLOR[line.kind]}>
          {line.text}
        </div>
      ))}
    </pre>
  );
}
