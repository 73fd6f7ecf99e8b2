"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, type ReactNode } from "react";
import { Button } from "../ui";

// What had focus before a dialog opened, even if the opener lost it meanwhile (a button disabled while busy).
let lastFocused: Element | null = null;
if (typeof document !== "undefined")
  document.addEventListener(
    "focusin",
    (e) => (lastFocused = e.target instanceof Element && !e.target.closest("dialog") ? e.target : lastFocused),
  );

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (native <dialog>): Escape and the Close button dismiss it; focus moves into it, Tab cycles
 * inside it, and focus goes back to what had it before (the dialog unmounts, so the browser cannot do that).
 */
export function Dialog({
  title,
  testId,
  onClose,
  children,
  footer,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useTranslations();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    const opener =
      document.activeElement && document.activeElement !== document.body ? document.activeElement : lastFocused;
    if (el && !el.open) el.showModal?.();
    return () => {
      el?.close?.();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-label={title}
      onKeyDown={(e) => {
        if (e.key !== "Tab") return;
        const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (n) => n.offsetParent !== null,
        );
        const edge = e.shiftKey ? items[0] : items[items.length - 1];
        if (items.length && document.activeElement === edge) {
          e.preventDefault();
          (e.shiftKey ? items[items.length - 1] : items[0]).focus();
        }
      }}
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
            {t("share.dialog.close")}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
