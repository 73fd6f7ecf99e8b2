import { describe, expect, it } from "vitest";
import { REPLAY_CASSETTES } from "@/lib/bridge/target";
import { sentText } from "@/lib/protocol/exchange";
import { decodeShareFragment } from "@/lib/share/codec";
import { EXAMPLES } from "@/lib/share/examples";
import { galleryCards } from "@/lib/share/gallery";

describe("the examples gallery", () => {
  it("has a card for every trace the chapter shows, in the chapter's order", async () => {
    const cards = await galleryCards();
    // The chapter's traces in order: the list the bridge replays (cassette.test.ts holds it equal to the recordings).
    expect(cards.map((c) => c.id)).toEqual([...REPLAY_CASSETTES]);
  });

  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    "%s: has a title, an explanation, recorded exchanges and a link that opens them",
    async (id, example) => {
      const card = (await galleryCards()).find((c) => c.id === id)!;
      expect(card.title.length).toBeGreaterThan(10);
      expect(card.about.length).toBeGreaterThan(80);
      expect(card.exchangeCount).toBeGreaterThan(0);
      expect(card.href.startsWith("/#v=1&s=")).toBe(true);
      const decoded = await decodeShareFragment(card.href.slice(1));
      expect(decoded.kind === "ok" && decoded.state).toEqual(example.state);
    },
  );

  it("each card names the request it starts with and the server it runs against", async () => {
    const mrtr = (await galleryCards()).find((c) => c.id === "dentist-mrtr")!;
    expect(mrtr.firstRequest).toBe("→ tools/call create_event");
    expect(mrtr.runsAgainst).toBe("the embedded calendar server over stdio");
    const bare = (await galleryCards()).find((c) => c.id === "legacy-bare-tools-list")!;
    expect(bare.runsAgainst).toBe("the embedded server-everything server over stdio");
  });

  it("a card states the example's conclusion: the token bill's total matches the chapter (1,619 tokens)", async () => {
    const cards = await galleryCards();
    expect(cards.find((c) => c.id === "token-bill")!.conclusion).toEqual({
      level: "warn",
      text: "one server, connected, before it is used: 1,619 tokens in every prompt.",
    });
    expect(cards.find((c) => c.id === "isolation-abc")!.conclusion?.text).toMatch(
      /^events: 2 \(Standup, Design review\): the event B created is gone/,
    );
  });

  it("every recorded exchange of every example came back with a response (the traces are real answers)", () => {
    for (const e of EXAMPLES)
      for (const x of e.state.exchanges)
        expect([e.id, x.outcome.kind]).toEqual([
          e.id,
          JSON.parse(sentText(x)).id === undefined ? "notification" : "response",
        ]);
  });
});
