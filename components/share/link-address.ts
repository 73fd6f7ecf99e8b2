/**
 * The address bar's part in links: which fragments open a link instead of the saved session, and taking a link's
 * fragment out once the page is the user's own (they closed the banner, ran it live, sent something, or it could
 * not be read) — so a reload then brings back their session, not the link read-only again.
 */
import { LESSON_FRAGMENT } from "@/lib/auth/lessons";

/** The fragments a tab reads (the tab it opens on), and the launch code the sign-in takes (lib/bridge/sign-in-url.ts). */
const TAB_LINKS = [
  { prefix: "lab=", panel: "lab" },
  { prefix: "collection=", panel: "saved" },
  { prefix: LESSON_FRAGMENT, panel: "auth" },
] as const;
const LAUNCH = "launch=";

/**
 * A link in the address (#v=…, #code=…) opens instead of the saved session; a Lab (#lab=…), lesson (#auth=…) or
 * collection (#collection=…) link does not, nor a launch code (#launch=…, which the sign-in takes out).
 */
export function opensLink(hash: string): boolean {
  const h = hash.replace(/^#/, "");
  return h !== "" && !h.startsWith(LAUNCH) && !TAB_LINKS.some((l) => h.startsWith(l.prefix));
}

/** The tab a tab's link opens on (#lab=… the Lab, #collection=… Saved, #auth=… Auth), or null. */
export function linkPanel(hash: string): (typeof TAB_LINKS)[number]["panel"] | null {
  const h = hash.replace(/^#/, "");
  return TAB_LINKS.find((l) => h.startsWith(l.prefix))?.panel ?? null;
}

/** Removes the fragment without a navigation (no hashchange; the router's history state is kept). */
export function dropLinkFragment(): void {
  if (!opensLink(window.location.hash)) return;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}
