/**
 * What an embedded calendar keeps is bounded by count and by characters: past either, the oldest events go and
 * the create reply names them (a shared class calendar keeps working); a too-long title or start is refused.
 */
import { describe, expect, it } from "vitest";
import type { CalendarEvent } from "@/lib/node/demo-servers/calendar";
import { CALENDAR_BOUNDS, droppedNote, eventRefusal, keepBounded } from "@/lib/node/demo-servers/calendar-bounds";

const ev = (n: number, title = `event ${n}`): CalendarEvent => ({
  id: `e${n}`,
  title,
  startsAt: "2026-09-10T08:30:00Z",
});

describe("calendar bounds", () => {
  it(`past ${CALENDAR_BOUNDS.maxEvents} events the oldest is dropped and named`, () => {
    const events = Array.from({ length: CALENDAR_BOUNDS.maxEvents }, (_, i) => ev(i + 1));
    const dropped = keepBounded(events, ev(501));
    expect(dropped.map((e) => e.id)).toEqual(["e1"]);
    expect(events.length).toBe(CALENDAR_BOUNDS.maxEvents);
    expect(events.at(-1)!.id).toBe("e501");
    expect(droppedNote(dropped)).toBe(
      " (the calendar keeps at most 500 events and 262144 characters: dropped the oldest, e1)",
    );
  });

  it(`past ${CALENDAR_BOUNDS.maxChars} characters the oldest go, however few events that is`, () => {
    const events: CalendarEvent[] = [];
    const all: CalendarEvent[] = [];
    for (let n = 1; n <= 400; n++) all.push(...keepBounded(events, ev(n, "t".repeat(CALENDAR_BOUNDS.maxTitleChars))));
    const chars = events.reduce((sum, e) => sum + e.id.length + e.title.length + e.startsAt.length, 0);
    expect(chars).toBeLessThanOrEqual(CALENDAR_BOUNDS.maxChars);
    expect(events.length + all.length).toBe(400);
    expect(events.at(-1)!.id).toBe("e400");
    expect(all[0].id).toBe("e1");
  });

  it("a title or start that is too long is refused, saying which and by how much", () => {
    expect(eventRefusal("t".repeat(1001), "2026-09-10T08:30:00Z")).toBe(
      "The title is 1001 characters; this calendar keeps titles of at most 1000. Nothing was created.",
    );
    expect(eventRefusal("ok", "9".repeat(65))).toBe(
      "startsAt is 65 characters; an ISO 8601 date-time is expected (at most 64). Nothing was created.",
    );
    expect(eventRefusal("t".repeat(1000), "2026-09-10T08:30:00Z")).toBeNull();
  });
});
