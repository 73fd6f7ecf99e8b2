"use client";
/**
 * Keeps the newest exchange in view after a send — once when its card appears and again when the reply has
 * arrived and the card has grown — inside whichever element scrolls (the tab panel on wide screens, the window
 * on narrow ones). Nothing scrolls on mount or when a link or a saved session fills the timeline. A user who
 * scrolled up to read an older card is not moved: `unseen` turns true and the panel offers "newest ↓". Presenter mode
 * (a projector has no reader scrolling back) shows the newest card whenever it changes, when cards are restored, and
 * at the moment it is turned on.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { isPresenting } from "@/lib/a11y/presenter";
import { usePresenting } from "../../presenter/presenter-store";
import { followMode, revealDelta, type Span } from "@/lib/session/follow";
import type { TimelineEntry } from "@/lib/session";

/** How long after a reply lands its card may still grow (lazy error cards, fonts) and be followed. */
const GROW_WINDOW_MS = 2000;
/** Send ids of cards that were not sent here: opened from a link, or restored from the saved session. */
const RECORDED = /^(link|saved)-/;

function scrollParent(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const overflow = getComputedStyle(p).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && p.scrollHeight > p.clientHeight + 1) return p;
  }
  return null; // the window scrolls
}

function viewOf(container: HTMLElement | null): Span {
  if (!container) return { top: 0, bottom: window.innerHeight };
  const r = container.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom };
}

function cardsOf(section: HTMLElement): HTMLElement[] {
  return [...section.querySelectorAll<HTMLElement>('[data-testid="exchange-card"]')];
}

const span = (el: HTMLElement): Span => {
  const r = el.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom };
};

/** Scrolls the newest card of the section into view inside its scroll container (no-op when hidden). */
function revealNewest(el: HTMLElement | null): void {
  if (!el || el.offsetParent === null) return; // the Timeline tab is hidden
  const cards = cardsOf(el);
  const newest = cards[cards.length - 1];
  if (!newest) return;
  const container = scrollParent(el);
  const delta = revealDelta(viewOf(container), span(newest));
  if (Math.abs(delta) < 1) return;
  if (container) container.scrollTop += delta;
  else window.scrollBy(0, delta);
}

export function useFollowNewest(section: RefObject<HTMLElement | null>, entries: TimelineEntry[]) {
  const mode = useRef<"follow" | "reading">("follow");
  const [unseen, setUnseen] = useState(false);
  const growUntil = useRef(0);

  // Every scroll (the user's or ours) re-decides: is the newest card in view, or is an older one being read?
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = section.current;
      if (!el || el.offsetParent === null) return;
      const cards = cardsOf(el);
      mode.current = followMode(viewOf(scrollParent(el)), cards.map(span));
      if (mode.current === "follow") setUnseen(false);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll, { capture: true });
      if (frame) cancelAnimationFrame(frame);
    };
  }, [section]);

  const newest = entries[entries.length - 1];
  const trigger = newest ? `${newest.seq}:${newest.phase.status}:${newest.sendId}` : "";
  const last = useRef<string | null>(null);
  useEffect(() => {
    const previous = last.current;
    last.current = trigger;
    // On mount, and for cards a link or a saved session brought, nothing moves: only a send does (and, in presenter
    // mode, restored cards too: the projector shows the newest).
    if (previous === null || !newest || trigger === previous) return;
    if (RECORDED.test(newest.sendId) && !isPresenting(document.documentElement)) return;
    // Presenter mode keeps the newest card in view whatever was scrolled to (a projector has no "newest ↓" reader).
    if (mode.current === "reading" && !isPresenting(document.documentElement)) {
      setUnseen(true);
      return;
    }
    growUntil.current = newest.phase.status === "pending" ? 0 : Date.now() + GROW_WINDOW_MS;
    revealNewest(section.current);
    // trigger (seq:status:sendId) is the dependency that matters; newest is read fresh from the render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trigger, section]);

  // Turning presenter mode on shows the newest card, wherever the timeline was scrolled.
  const presenting = usePresenting();
  useEffect(() => {
    if (!presenting) return;
    // The scroll this makes re-measures: "newest ↓" goes once the newest card is in view.
    mode.current = "follow";
    revealNewest(section.current);
  }, [presenting, section]);

  // The reply's card keeps growing for a moment (lazy error cards): keep its end in view while following.
  useEffect(() => {
    const el = section.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (Date.now() < growUntil.current && mode.current === "follow") revealNewest(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [section]);

  const showNewest = () => {
    mode.current = "follow";
    setUnseen(false);
    revealNewest(section.current);
  };

  return { unseen, showNewest };
}
