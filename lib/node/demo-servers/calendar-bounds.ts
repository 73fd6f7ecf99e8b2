/**
 * What an embedded calendar keeps, bounded: a shared demo (hosted mode serves one calendar to a whole class)
 * must not grow without limit because someone scripts create_event. A title or start that is too long is
 * refused with a tool error that says so; past the count or byte budget the OLDEST events are dropped (the
 * reply names them), so the calendar keeps working for everyone instead of refusing every later create.
 */
/** One event of a calendar. */
export interface CalendarEvent {
  id: string;
  title: string;
  startsAt: string;
}

export const CALENDAR_BOUNDS = {
  /** Events one calendar keeps; the oldest go first. */
  maxEvents: 500,
  /** UTF-16 characters of all kept titles and starts together (about the calendar's memory); the oldest go first. */
  maxChars: 256 * 1024,
  /** A longer title is refused. */
  maxTitleChars: 1_000,
  /** A longer startsAt is refused (an ISO 8601 date-time is about 25). */
  maxStartsAtChars: 64,
} as const;

const sizeOf = (e: CalendarEvent) => e.id.length + e.title.length + e.startsAt.length;

/** Why this event cannot be kept, or null. */
export function eventRefusal(title: string, startsAt: string): string | null {
  if (title.length > CALENDAR_BOUNDS.maxTitleChars)
    return `The title is ${title.length} characters; this calendar keeps titles of at most ${CALENDAR_BOUNDS.maxTitleChars}. Nothing was created.`;
  if (startsAt.length > CALENDAR_BOUNDS.maxStartsAtChars)
    return `startsAt is ${startsAt.length} characters; an ISO 8601 date-time is expected (at most ${CALENDAR_BOUNDS.maxStartsAtChars}). Nothing was created.`;
  return null;
}

/** Appends `event` to `events` in place, dropping the oldest past the bounds; returns the dropped ones. */
export function keepBounded(events: CalendarEvent[], event: CalendarEvent): CalendarEvent[] {
  events.push(event);
  let chars = events.reduce((n, e) => n + sizeOf(e), 0);
  let drop = 0;
  while (
    events.length - drop > 1 &&
    (events.length - drop > CALENDAR_BOUNDS.maxEvents || chars > CALENDAR_BOUNDS.maxChars)
  ) {
    chars -= sizeOf(events[drop]);
    drop++;
  }
  return events.splice(0, drop);
}

/** The sentence a create reply adds when older events made room. */
export function droppedNote(dropped: CalendarEvent[]): string {
  if (dropped.length === 0) return "";
  const ids = dropped.length <= 5 ? dropped.map((e) => e.id).join(", ") : `${dropped[0].id} … ${dropped.at(-1)!.id}`;
  return ` (the calendar keeps at most ${CALENDAR_BOUNDS.maxEvents} events and ${CALENDAR_BOUNDS.maxChars} characters: dropped the oldest, ${ids})`;
}
