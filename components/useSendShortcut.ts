"use client";
/**
 * The one Ctrl/Cmd+Enter hook (the keys are lib/session/send-shortcut.ts's). "page": anywhere on the page sends,
 * except inside Monaco (its own binding sends) or a key an element already handled. The returned handler is for one
 * element's onKeyDown (the plain frame): it sends and marks the key handled, so the page does not send it again.
 */
import { useEffect, useRef, type KeyboardEvent } from "react";
import { isSendShortcut } from "@/lib/session/send-shortcut";

export function useSendShortcut(send: () => void, scope: "page" | "element" = "element") {
  const latest = useRef(send);
  useEffect(() => {
    latest.current = send;
  });
  useEffect(() => {
    if (scope !== "page") return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isSendShortcut(e) || e.defaultPrevented) return;
      if (e.target instanceof Element && e.target.closest(".monaco-editor")) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [scope]);
  return (e: KeyboardEvent) => {
    if (!isSendShortcut(e)) return;
    e.preventDefault();
    latest.current();
  };
}
