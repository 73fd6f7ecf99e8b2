"use client";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "../ui";

/** A modal dialog (native <dialog>): Escape and the Close button dismiss it; focus moves into it. */
export function Dialog({ title, testId, onClose, children, footer }: { title: string; testId: string; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal?.();
    return () => el?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(44rem,92vw)] rounded border border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex flex-col gap-3 p-4 text-sm">
        <h2 className="text-base font-semibold">{title}</h2>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          {footer}
          <Button data-testid={`${testId}-close`} onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
