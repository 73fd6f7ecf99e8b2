/**
 * Should the timeline follow the newest exchange, or is the user reading an older one? Pure geometry over the
 * scroll container's viewport and the cards' boxes (all in the same coordinates), so it is unit-tested.
 */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * "reading" when an older card is in view and the newest is not at all: a reply must not yank that user away.
 * Anything else (the newest card partly in view, or no card in view — e.g. the editor on a narrow window) follows.
 */
export function followMode(view: Span, cards: Span[]): "follow" | "reading" {
  if (cards.length === 0) return "follow";
  const visible = (c: Span) => c.bottom > view.top + 1 && c.top < view.bottom - 1;
  const newest = cards[cards.length - 1];
  if (visible(newest)) return "follow";
  return cards.slice(0, -1).some(visible) ? "reading" : "follow";
}

/**
 * How far to scroll so the card is in view: its bottom at the viewport's bottom when it fits, else its top at
 * the viewport's top (a tall reply is read from its start). 0 when it is already fully in view.
 */
export function revealDelta(view: Span, card: Span): number {
  const height = card.bottom - card.top;
  if (height > view.bottom - view.top) return card.top - view.top;
  if (card.bottom > view.bottom) return card.bottom - view.bottom;
  if (card.top < view.top) return card.top - view.top;
  return 0;
}
