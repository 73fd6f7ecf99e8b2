"use client";
/**
 * A Checks run opened from a share link: the verdicts and the frames that prove them, read-only. Nothing is sent;
 * every string from the link is rendered as text, and only spec pages become links (lib/share/check-run.ts).
 */
import { isSpecLink, type SharedCheckRun } from "@/lib/share/check-run";
import { STATUS_STYLE } from "./CheckRow";

export function SharedRun({ run }: { run: SharedCheckRun }) {
  const when = run.finishedAt ? new Date(run.finishedAt).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "";
  return (
    <section
      data-testid="checks-shared-run"
      aria-label="Shared check run"
      className="flex flex-col gap-2 rounded border border-blue-200 p-2 dark:border-blue-800"
    >
      <p className="text-sm">
        <span className="font-semibold">Shared run</span> of <span className="font-mono">{run.target}</span>
        {when ? `, finished ${when}` : ""}.
      </p>
      <p data-testid="checks-shared-note" className="text-xs text-slate-600 dark:text-slate-300">
        Opened from a link: these are the sharer&apos;s verdicts and frames, and nothing was sent to any server. Press
        &ldquo;Run all checks&rdquo; to judge the current target yourself.
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Era: <span className="font-semibold">{run.era}</span>
        {run.version ? ` (${run.version})` : ""} — {run.probe}
      </p>
      <p data-testid="checks-shared-score" data-score={run.score} className="text-sm">
        Score: <span className="font-semibold">{run.score}/100</span>, {run.coverage.applied} of {run.coverage.total}{" "}
        applied · {run.passed} passed, {run.failed} failed ({run.mustFailed} MUST), {run.warned} warned, {run.skipped}{" "}
        skipped{run.notTestable ? `, ${run.notTestable} not testable` : ""}
      </p>
      <ol className="flex flex-col gap-1">
        {run.checks.map((c) => (
          <li
            key={c.id}
            data-testid="checks-shared-row"
            data-check-id={c.id}
            data-status={c.status}
            className="rounded border border-slate-200 p-2 text-xs dark:border-slate-700"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span
                className={`w-16 rounded px-1.5 py-0.5 text-center font-semibold uppercase ${STATUS_STYLE[c.status]}`}
              >
                {c.status}
              </span>
              <span className="font-mono font-semibold">{c.id}</span>
              <span className="rounded border border-slate-300 px-1 font-mono text-[11px] dark:border-slate-600">
                {c.level}
              </span>
              <span className="flex-1 text-slate-800 dark:text-slate-100">{c.title}</span>
            </div>
            <div className="mt-1 space-y-1 pl-[4.5rem]">
              <p className="text-slate-700 dark:text-slate-200">
                {c.blocked ? <span className="font-semibold">Could not run: </span> : null}
                {c.detail}
              </p>
              {isSpecLink(c.specUrl) ? (
                <a
                  className="text-slate-600 underline dark:text-slate-400"
                  href={c.specUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {c.specRef ?? c.specUrl}
                </a>
              ) : c.specRef ? (
                <p className="text-slate-600 dark:text-slate-400">{c.specRef}</p>
              ) : null}
              {c.evidence.length ? (
                <details open={c.status === "fail" || c.status === "warn"}>
                  <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
                    {c.evidence.length} frame{c.evidence.length === 1 ? "" : "s"}
                  </summary>
                  <ol className="mt-1 flex flex-col gap-0.5">
                    {c.evidence.map((f, i) => (
                      <li key={i} data-testid="checks-shared-frame" data-direction={f.direction}>
                        <pre className="whitespace-pre-wrap break-all rounded bg-slate-50 p-1 font-mono text-[11px] dark:bg-slate-900">
                          {f.direction === "sent" ? "→ " : "← "}
                          {f.frame}
                        </pre>
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
