/**
 * Issue 26, item 3: one client cannot hold the token-counting workers. In hosted mode a client has one bill running
 * or waiting, a bill that waits too long for a worker is refused with "try again", and the deadline answers the same
 * status in every mode. Through the app's routes (clients named by X-Forwarded-For behind one trusted proxy) and the
 * real worker pool.
 */
import { describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { DEFAULT_BILL_OPTIONS } from "@/lib/tokens/options";
import { CountError, billBounded, isCountError } from "@/lib/node/tokens/counting";
import { appRoutesForFile } from "./app-routes";

const TOKEN = "tokens-fair-token";
const app = appRoutesForFile(TOKEN);
const as = (address: string) => ({ [TOKEN_HEADER]: TOKEN, "X-Forwarded-For": address });
const catalogueWith = (description: string) => ({
  pages: [{ tools: [{ name: "t", description, inputSchema: { type: "object" } }] }],
});
const ORDINARY = { catalogue: catalogueWith("Echoes back the input") };

describe("issue 26, item 3: fair shares of the token counter", () => {
  it("hosted: a client's second bill while its first runs is refused (429, what to do); another client's bill is counted", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
    try {
      const heavy = { catalogue: catalogueWith("a".repeat(90_000)) };
      const hog = await Promise.all([heavy, heavy].map((body) => app.post("/api/tokens", body, as("198.51.100.5"))));
      expect(hog.map((r) => r.status).sort()).toEqual([200, 429]);
      expect(hog.find((r) => r.status === 429)!.json).toEqual({
        ok: false,
        kind: "rate-limited",
        message:
          "you already have 1 token bills running or waiting (at most 1 per client): wait for the answer, then bill again",
      });
      const other = await app.post("/api/tokens", ORDINARY, as("198.51.100.6"));
      expect(other.status).toBe(200);
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });

  it("hosted, issue 26 item 6: two addresses of one IPv6 /64 are one client: its second bill is refused (429); another /64 is counted", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    vi.stubEnv("PLAYGROUND_TRUSTED_PROXIES", "1");
    try {
      const heavy = { catalogue: catalogueWith("a".repeat(90_000)) };
      const hog = await Promise.all(
        ["2001:db8:5:6::1", "2001:db8:5:6:aaaa::2"].map((address) => app.post("/api/tokens", heavy, as(address))),
      );
      expect(hog.map((r) => r.status).sort()).toEqual([200, 429]);
      expect((await app.post("/api/tokens", ORDINARY, as("2001:db8:5:7::1"))).status).toBe(200);
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });

  it("a bill that waited its limit for a busy worker is refused with 'try again', not kept behind the others", async () => {
    const slow = { maxChars: 4_000_000, deadlineMs: 3_000, maxWaitMs: 30_000 };
    const word = catalogueWith("a".repeat(200_000));
    // Two clients' costly bills hold both workers (each stops at its 3 s deadline at the latest).
    const hogs = ["a", "b"].map((client) =>
      billBounded(word, DEFAULT_BILL_OPTIONS, slow, client).catch((e: CountError) => e),
    );
    const waited = billBounded(catalogueWith("short"), DEFAULT_BILL_OPTIONS, { ...slow, maxWaitMs: 300 }, "c");
    await expect(waited).rejects.toMatchObject({
      kind: "rate-limited",
      message: "the token counter was busy with other bills for 0.3 s and did not start yours; try again in a moment",
    });
    await Promise.all(hogs);
  });

  it("the deadline is one status in every mode: a CountError from another copy of the module is still recognised (413, not 500)", () => {
    const fromAnotherCopy = Object.assign(
      new Error("counting this catalogue took longer than 60 s and was stopped; bill a smaller catalogue"),
      {
        name: "CountError",
        kind: "too-large",
      },
    );
    expect(isCountError(fromAnotherCopy)).toBe(true);
    expect(isCountError(new Error("other"))).toBe(false);
    expect(new CountError("too-large", "x").name).toBe("CountError");
  });
});
