"use client";
/** The words around the numbers: which catalogue was measured, how the numbers relate, and whose text this is. */
import type { Bill } from "@/lib/tokens/bill";
import { describeMeasured } from "@/lib/tokens/measured";

export function MeasuredNote({
  bill,
  sourceLabel,
  currentLabel,
}: {
  bill: Bill;
  sourceLabel?: string;
  currentLabel?: string;
}) {
  const lines = describeMeasured(bill.measured, bill.tools);
  return (
    <div
      data-testid="measured-note"
      className="flex flex-col gap-1 rounded bg-slate-50 p-2 text-xs text-slate-700 dark:bg-slate-800/60 dark:text-slate-300"
    >
      <p className="font-semibold">Which catalogue was measured{sourceLabel ? `: ${sourceLabel}` : ""}</p>
      {lines.map((line, i) => (
        <p key={i}>{line}</p>
      ))}
      {sourceLabel && currentLabel && sourceLabel !== currentLabel ? (
        <p data-testid="measured-other-target" className="text-amber-700 dark:text-amber-400">
          The target above is now {currentLabel}; this bill is still {sourceLabel}&apos;s. Fetch again to bill it.
        </p>
      ) : null}
    </div>
  );
}

export function HowCounted() {
  return (
    <details className="text-xs text-slate-600 dark:text-slate-300">
      <summary className="cursor-pointer">How the numbers relate</summary>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>
          A tool&apos;s tokens count its definition serialized whole. Each field column counts that field&apos;s value
          alone; <em>struct</em> is the rest (keys, braces, separators), so a row adds up.
        </li>
        <li>
          Fields in (parentheses) are billed for information but are not in the counted text: a provider renders name,
          description and inputSchema.
        </li>
        <li>
          The tools total counts the whole array at once — the chapter&apos;s figure. The per-tool counts add up to a
          little less (the array&apos;s brackets, and the tokenizer merges differently at the seams).
        </li>
        <li>Instructions are counted as the raw text a host pastes into the prompt, in every serialization.</li>
      </ul>
    </details>
  );
}

export function SecurityNote() {
  return (
    <aside
      data-testid="security-note"
      className="rounded border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <strong>Whose words are these?</strong> Tool descriptions and the server&apos;s instructions are text written by
      the server&apos;s author, and a host puts them into the model&apos;s prompt on every turn. Treat them as untrusted
      unless the server is — the spec: descriptions and annotations &ldquo;should be considered untrusted, unless
      obtained from a trusted server&rdquo;. Connecting a server hands a stranger this many tokens of your prompt and
      the right to be called.
    </aside>
  );
}
