/**
 * The send shortcut, Ctrl/Cmd+Enter, decided in one place: the page's window handler and the plain frame
 * (components/useSendShortcut.ts), and — as script text — the inline early-frame script that runs before the
 * page's code (early-frame.ts). Monaco's own binding (components/editor/JsonRpcEditor.tsx) is KeyMod.CtrlCmd + Enter,
 * the same keys in its terms. Pure.
 */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** Ctrl+Enter, or Cmd+Enter on a Mac. */
export const isSendShortcut = (e: KeyPress): boolean => e.key === "Enter" && (e.ctrlKey || e.metaKey);

/** The same test as ES5 text over a keydown event `e`, for a script that cannot import (early-frame.ts). */
export const SEND_SHORTCUT_TEST = 'e.key==="Enter"&&(e.ctrlKey||e.metaKey)';
