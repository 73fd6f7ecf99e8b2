"use client";
import { annotatedLines, specUrl, type Annotation } from "@/lib/explain";
import { annotationSummary } from "@/lib/explain/summary";
import { LevelBadge, levelCounts } from "./LevelBadge";

function SpecRef({ specRef }: { specRef: string }) {
  const url = specUrl(specRef);
  const cls = "whitespace-nowrap text-[10px] text-slate-600 dark:text-slate-400";
  // A link the user may follow; the app itself never fetches it.
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={`${cls} underline decoration-dotted hover:text-blue-700`}
      title={`Open ${specRef} in the specification`}
    >
      {specRef}
    </a>
  ) : (
    <span className={cls}>{specRef}</span>
  );
}

function Note({ a, lineKey }: { a: Annotation; lineKey?: string }) {
  // The key is already printed on the line above; "key: …" would say it twice.
  const text = lineKey && a.text.startsWith(`${lineKey}: `) ? a.text.slice(lineKey.length + 2) : a.text;
  return (
    <li
      data-testid="annotation"
      data-level={a.level}
      data-path={a.path}
      className="flex flex-wrap items-baseline gap-x-1.5 font-sans"
    >
      <LevelBadge annotation={a} />
      <span className="text-slate-800 dark:text-slate-100">{text}</span>
      <SpecRef specRef={a.specRef} />
    </li>
  );
}

/** The frame as JSON lines, each key's explanations directly beneath it. Server text is rendered as text only. */
export function AnnotatedFrame({
  frame,
  annotations,
  testId = "annotated-frame",
  className = "",
}: {
  frame: unknown;
  annotations: Annotation[];
  testId?: string;
  className?: string;
}) {
  const lines = annotatedLines(frame, annotations);
  const counts = levelCounts(annotations);
  return (
    <div
      data-testid={testId}
      data-errors={counts.error}
      data-deprecated={counts.deprecated}
      data-removed={counts.removed}
      className={`space-y-0.5 ${className}`}
    >
      <p className="text-[11px] text-slate-600 dark:text-slate-400">{annotationSummary(annotations.length, counts)}</p>
      <ol className="overflow-x-auto rounded bg-slate-50 p-1.5 font-mono text-[11px] leading-snug dark:bg-slate-950">
        {lines.map((line, i) => (
          <li key={i} style={{ paddingLeft: `${line.depth * 1.1}em` }} data-path={line.path ?? undefined}>
            <span className="whitespace-pre text-slate-900 dark:text-slate-100">{line.text}</span>
            {line.annotations.length > 0 ? (
              <ul className="mb-1 ml-3 space-y-0.5 border-l-2 border-blue-200 pl-2 dark:border-blue-800">
                {line.annotations.map((a, j) => (
                  <Note key={j} a={a} lineKey={line.key} />
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
