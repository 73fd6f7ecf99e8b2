/** An elicitation request as the answer round shows it: which key asks, what kind of answer, the server's message. */
import type { ReactNode } from "react";

export function RequestFrame({
  k,
  asks,
  message,
  children,
}: {
  k: string;
  /** What the request asks for ("asks for a form", "asks you to open a URL"), after its key. */
  asks: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        <code>{k}</code> {asks}
      </p>
      <p data-testid="mrtr-message" className="whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100">
        {message}
      </p>
      {children}
    </div>
  );
}
