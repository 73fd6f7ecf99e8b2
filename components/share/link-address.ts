/**
 * The address bar's part in links: which fragments open a link instead of the saved session, and taking a link's
 * fragment out once the page is the user's own (they closed the banner, ran it live, sent something, or it could
 * not be read) — so a reload then brings back their session, not the link read-only again.
 */
import { LESSON_FRAGMENT } from "@/lib/auth/lessons";

/** A link in the address (#v=…, #code=…) opens instead of the saved session; a Lab (#lab=…), lesson (#auth=…) or collection (#collection=…) link does not. */
export function opensLink(hash: string): boolean {
  const h = hash.replace(/^#/, "");
  return h !== "" && !h.startsWith("lab=") && !h.startsWith("collection=") && !h.startsWith(LESSON_FRAGMENT);
}

/** Removes the fragment without a navigation (no hashchange; the router's history state is kept). */
export function dropLinkFragment(): void {
  if (!opensLink(window.location.hash)) return;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}
