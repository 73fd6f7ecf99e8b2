import { describe, expect, it } from "vitest";
import { groupConversations } from "@/lib/protocol/mrtr";
import { exchangeCacheView, recordedFreshnessText } from "@/lib/cache/selectors";
import { sessionFromShare } from "@/lib/share/session-adapter";
import { exampleById } from "@/lib/share/examples";
import { initialState } from "@/lib/session";
import { completeResult, exchange, firstRequest, inputRequiredResult, retryRequest } from "./mrtr/chapter";

describe("recorded times are real (B2, B9)", () => {
  it("a recorded cache badge says when it was recorded and how long it was fresh, not an age counted from 1970", () => {
    expect(recordedFreshnessText(Date.UTC(2026, 10, 30, 22, 41), 300_000)).toBe(
      "recorded 30 Nov 2026, 22:41 UTC · was fresh for 5 min",
    );
    expect(recordedFreshnessText(0, 300_000)).toBe("recorded — freshness not tracked");
  });

  it("every cacheable card of a gallery example shows a recorded badge (no 'expired … days ago')", () => {
    const session = sessionFromShare(exampleById("calendar-three-ways")!.state, initialState());
    const views = session.entries
      .map(exchangeCacheView)
      .filter((v) => v.kind === "badge" && v.badge.kind === "cacheable");
    expect(views.length).toBeGreaterThan(0);
    for (const v of views) expect(v.kind === "badge" && v.recorded).toBe("recorded — freshness not tracked");
  });

  it("the MRTR total is the sum of its rounds, whatever the start times say", () => {
    const a = { ...exchange("a", firstRequest, { result: inputRequiredResult }, 768), startedAt: 0 };
    const b = { ...exchange("b", retryRequest, { result: completeResult }, 22), startedAt: 0 };
    expect(groupConversations([a, b])[0].totalMs).toBe(790);
  });
});
