/**
 * The frame before the page's scripts have run. The server renders the frame as an editable textarea; this tiny
 * script (inlined in <head> by app/layout.tsx, so it runs before first paint) remembers what is typed there and a
 * send asked for (Ctrl/Cmd+Enter in the frame, or a click on Send) until the page hydrates. Then the editor takes
 * the remembered frame (takeEarlyFrame) and the session edits and sends it, once. No React here.
 *
 * While it waits it shows the textarea's own text (the highlighted copy underneath still shows the old text) and
 * keeps a send from reaching React's listeners as well, so it cannot go out twice.
 */
import { SEND_SHORTCUT_TEST } from "./send-shortcut";

export const EARLY_FRAME_KEY = "__mcpPlaygroundEarlyFrame";
export const PLAIN_FRAME_TESTID = "editor-plain-text";
const SEND_TESTID = "send";

/** What was typed and asked for before hydration. */
export interface EarlyFrame {
  /** The frame's text as last typed, when it was typed in at all. */
  text?: string;
  selectionStart?: number;
  selectionEnd?: number;
  /** A send was asked for. */
  send: boolean;
}

interface EarlyFrameStore extends EarlyFrame {
  done?: boolean;
}

// Plain ES5: it cannot import anything and runs before the bundles. Only the main frame editor
// ([data-testid="editor"]) counts; the lab's script editor is left alone.
export const EARLY_FRAME_SCRIPT = `(function(){var s=window[${JSON.stringify(EARLY_FRAME_KEY)}]={send:false};function frame(t){return t&&t.getAttribute&&t.getAttribute("data-testid")===${JSON.stringify(PLAIN_FRAME_TESTID)}&&t.closest&&t.closest('[data-testid="editor"]')?t:null}function keep(t){s.text=t.value;s.selectionStart=t.selectionStart;s.selectionEnd=t.selectionEnd;t.style.color="inherit";if(t.previousElementSibling)t.previousElementSibling.style.visibility="hidden"}function ask(e){s.send=true;e.preventDefault();e.stopImmediatePropagation()}document.addEventListener("input",function(e){var t=!s.done&&frame(e.target);if(t)keep(t)},true);document.addEventListener("keydown",function(e){var t=!s.done&&frame(e.target);if(t&&${SEND_SHORTCUT_TEST})ask(e)},true);document.addEventListener("click",function(e){if(!s.done&&e.target&&e.target.closest&&e.target.closest('[data-testid="${SEND_TESTID}"]'))ask(e)},true)})()`;

/**
 * Once, after hydration: what the early script kept (null when nothing was typed or asked for), and from now on
 * the page's own handlers alone answer the frame.
 */
export function takeEarlyFrame(win: Window): EarlyFrame | null {
  const store = (win as unknown as Record<string, EarlyFrameStore | undefined>)[EARLY_FRAME_KEY];
  if (!store || store.done) return null;
  store.done = true;
  if (store.text === undefined && !store.send) return null;
  const { text, selectionStart, selectionEnd, send } = store;
  return { text, selectionStart, selectionEnd, send };
}

/** Undoes what the early script did to show typed text: the highlighted copy is right again after hydration. */
export function restorePlainFrameLayers(textarea: HTMLTextAreaElement): void {
  textarea.style.removeProperty("color");
  (textarea.previousElementSibling as HTMLElement | null)?.style.removeProperty("visibility");
}
