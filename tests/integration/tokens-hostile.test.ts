/**
 * Issue 13, finding 1: one /api/tokens request must not freeze the instance. A description of 40,000 × "a"
 * (one pre-tokenizer piece: js-tiktoken's merge is quadratic in it) used to block every client for minutes.
 * Now it is counted on a worker thread, in O(n log n), within a size cap and a deadline; meanwhile the
 * request thread answers everybody else. Asserted by completion order, not by wall-clock thresholds.
 */
import { describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import type { Bill } from "@/lib/tokens/bill";
import { boundedCounter } from "@/lib/tokens/bpe";
import { loadEncoder } from "@/lib/tokens/encoders";
import { DEFAULT_BILL_OPTIONS } from "@/lib/tokens/options";
import { billBounded, billsCounting } from "@/lib/node/tokens/counting";
import { appRoutesForFile, type PostResult } from "./app-routes";

const TOKEN = "tokens-hostile-token";
const app = appRoutesForFile(TOKEN);

const headers = { [TOKEN_HEADER]: TOKEN };
const catalogueWith = (description: string) => ({
  catalogue: { pages: [{ tools: [{ name: "hostile", description, inputSchema: { type: "object" } }] }] },
});
const ORDINARY = {
  catalogue: {
    pages: [{ tools: [{ name: "echo", description: "Echoes back the input", inputSchema: { type: "object" } }] }],
  },
};

/** Posts and records, in `order`, when the reply arrived. */
function tracked(order: string[], name: string, body: object): Promise<PostResult> {
  return app.post("/api/tokens", body, headers).then((reply) => {
    order.push(name);
    return reply;
  });
}

describe("/api/tokens: a hostile catalogue never holds up another client", () => {
  it('40,000 × "a" in one description gets its exact count, and another client is answered meanwhile', async () => {
    const order: string[] = [];
    const hostile = tracked(order, "hostile", catalogueWith("a".repeat(40_000)));
    // The request thread stays free: timers keep firing and the other client's bill comes back.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const other = await tracked(order, "other", ORDINARY);
    expect(other.status).toBe(200);
    expect(other.json).toMatchObject({ ok: true, value: { tools: 1, perTool: [{ name: "echo", tokens: 26 }] } });
    const reply = await hostile;
    clearInterval(ticker);
    expect(reply.status).toBe(200);
    const count = boundedCounter(await loadEncoder("o200k_base"));
    const bill = (reply.json as { value: Bill }).value;
    expect(bill.perTool[0].fields.description).toBe(count(`"${"a".repeat(40_000)}"`));
    expect(ticks).toBeGreaterThan(0);
    expect(order).toContain("other");
    // Time enough to count 40,000 characters on a machine with other work on both cores: the rule is about order.
  }, 90_000);

  it("a 1 MiB description: another client's bill comes back first; the hostile one is counted exactly", async () => {
    const order: string[] = [];
    const hostile = tracked(order, "hostile", catalogueWith("a".repeat(1024 * 1024)));
    await expect.poll(billsCounting, { timeout: 10_000 }).toBe(1); // the hostile body is read and counting
    const other = await tracked(order, "other", ORDINARY);
    expect(other.json).toMatchObject({ ok: true, value: { tools: 1 } });
    const reply = await hostile;
    expect(order).toEqual(["other", "hostile"]);
    expect(reply.status).toBe(200);
    // "a" × 8 is one o200k token; the opening quote joins the first a's.
    const bill = (reply.json as { value: Bill }).value;
    expect(bill.perTool[0].fields.description).toBeGreaterThanOrEqual((1024 * 1024) / 8);
    expect(bill.perTool[0].fields.description).toBeLessThanOrEqual((1024 * 1024) / 8 + 3);
  }, 120_000);

  it("hosted mode refuses a catalogue over its character cap at once (413), and says what the cap is", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      const order: string[] = [];
      const hostile = tracked(order, "hostile", catalogueWith("a".repeat(1024 * 1024 - 200)));
      const other = await tracked(order, "other", ORDINARY);
      expect(other.json).toMatchObject({ ok: true, value: { tools: 1 } });
      const reply = await hostile;
      expect(reply.status).toBe(413);
      expect(reply.json).toEqual({
        ok: false,
        kind: "too-large",
        message:
          "the catalogue has more than 100,000 characters; the playground counts at most that many in hosted mode",
      });
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });
});

describe("the counting deadline", () => {
  it("a bill still counting at its deadline is stopped with a clear error, and the next bill is counted on a fresh worker", async () => {
    const huge = catalogueWith("a".repeat(1024 * 1024)).catalogue;
    await expect(
      billBounded(huge, DEFAULT_BILL_OPTIONS, { maxChars: 4_000_000, deadlineMs: 300, maxWaitMs: 30_000 }),
    ).rejects.toMatchObject({
      kind: "too-large",
      message: "counting this catalogue took longer than 0.3 s and was stopped; bill a smaller catalogue",
    });
    const next = await billBounded(ORDINARY.catalogue, DEFAULT_BILL_OPTIONS);
    expect(next.perTool[0]).toMatchObject({ name: "echo", tokens: 26 });
  });
});
