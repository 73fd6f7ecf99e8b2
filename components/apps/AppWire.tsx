"use client";
/** Every postMessage between the host and the app: direction, kind, method, id, when and how long, and what it means. */
import type { WireRow } from "@/lib/apps/wire";

export function AppWire({ rows }: { rows: WireRow[] }) {
  return (
    <section aria-label="Apps wire" className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold text-slate-800 dark:text-slate-200">
        Apps wire — every message between host and app ({rows.length > 0 ? rows[rows.length - 1].seq : 0}
        {rows.length > 0 && rows[0].seq > 1 ? `; the first ${rows[0].seq - 1} no longer shown` : ""})
      </h3>
      {rows.length === 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">Nothing yet: Run the app.</p>
      ) : (
        <ol
          data-testid="apps-wire"
          className="flex max-h-80 flex-col gap-0.5 overflow-auto font-mono text-xs"
          tabIndex={0}
          aria-label="Apps wire messages"
        >
          {rows.map((r) => (
            <li
              key={r.seq}
              data-testid="apps-wire-row"
              data-direction={r.direction}
              data-method={r.method ?? ""}
              data-kind={r.kind}
              className="text-slate-800 dark:text-slate-200"
            >
              <details>
                <summary>
                  <span className="text-slate-600 dark:text-slate-400">+{r.at} ms</span>{" "}
                  {r.direction === "host→app" ? "→ app" : "← app"} {r.kind} <strong>{r.method ?? "?"}</strong>
                  {r.id !== undefined ? ` #${r.id}` : ""}
                  {r.latencyMs !== undefined ? ` (${r.latencyMs} ms)` : ""}
                  {r.explain ? (
                    <span className="font-sans text-slate-600 dark:text-slate-400"> — {r.explain}</span>
                  ) : null}
                </summary>
                <pre className="whitespace-pre-wrap break-all">
                  {r.text.length > 4000 ? `${r.text.slice(0, 4000)}… (${r.text.length} characters)` : r.text}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
