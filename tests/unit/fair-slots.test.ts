import { describe, expect, it } from "vitest";
import { FairSlots } from "@/lib/node/bridge/fair-slots";

describe("fair slots (issue 26: per-client shares and a refusal at the instance's cap)", () => {
  const make = () =>
    new FairSlots({ what: "demos running", global: 3, perClient: () => 1, advice: "try again when it finishes" });

  it("a client past its share is refused with its own count, others still get theirs", () => {
    const slots = make();
    expect(slots.take("a").ok).toBe(true);
    const again = slots.take("a");
    expect(again).toEqual({
      ok: false,
      cap: "client",
      message: "you already have 1 demos running (at most 1 per client): try again when it finishes",
    });
    expect(slots.take("b").ok).toBe(true);
  });

  it("at the instance's cap everyone is refused, saying it is the limit for everyone together; a release frees one slot once", () => {
    const slots = make();
    const grants = ["a", "b", "c"].map((c) => slots.take(c));
    const refused = slots.take("d");
    expect(refused.ok === false && refused.cap).toBe("global");
    expect(refused.ok === false && refused.message).toBe(
      "this playground already has 3 demos running, its limit for everyone together: try again when it finishes",
    );
    const first = grants[0];
    if (!first.ok) throw new Error("granted above");
    first.release();
    first.release();
    expect(slots.size).toBe(2);
    expect(slots.take("d").ok).toBe(true);
    expect(slots.take("e").ok).toBe(false);
  });
});
