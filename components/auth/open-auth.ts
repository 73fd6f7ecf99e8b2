/**
 * "Open the Auth tab for this server" from a 401 (the doctor's card, an exchange's error card): the Auth panel
 * takes the URL as its target when it mounts or while it is mounted, then the tab comes forward.
 */
import { showPanel } from "../playground/panel-bus";

const PREFILL = "playground:auth-prefill";
let pending: string | undefined;

export function openAuthFor(url: string | undefined): void {
  if (url) {
    pending = url;
    window.dispatchEvent(new CustomEvent<string>(PREFILL, { detail: url }));
  }
  showPanel("auth");
}

/** The URL a 401 asked the Auth panel to use (once), for its first render. */
export function takePendingAuthUrl(): string | undefined {
  const url = pending;
  pending = undefined;
  return url;
}

/** Calls `onUrl` for every later request; returns the unsubscribe. */
export function onAuthPrefill(onUrl: (url: string) => void): () => void {
  const listener = (e: Event) => {
    pending = undefined;
    onUrl((e as CustomEvent<string>).detail);
  };
  window.addEventListener(PREFILL, listener);
  return () => window.removeEventListener(PREFILL, listener);
}

/** The button both cards show. */
