/**
 * The "show this panel" event. It lives apart from PanelTabs so that a panel (or anything a panel renders) can ask
 * for another panel without importing the tab strip that imports every panel: no import cycle.
 */
const SHOW_PANEL = "playground:show-panel";

/** Brings a panel forward and moves keyboard focus into it (the "Skip to timeline" link uses this). */
export function showPanel(id: string) {
  window.dispatchEvent(new CustomEvent<string>(SHOW_PANEL, { detail: id }));
}

/** Calls `onShow` with the panel id each time someone asks for a panel; returns the unsubscribe. */
export function onShowPanel(onShow: (id: string) => void): () => void {
  const listener = (e: Event) => onShow((e as CustomEvent<string>).detail);
  window.addEventListener(SHOW_PANEL, listener);
  return () => window.removeEventListener(SHOW_PANEL, listener);
}
