/**
 * Issue 44 point 2: a session is bounded by bytes, not by a count of exchanges, and every writer (share link,
 * session file, the session saved in the browser) writes only what its reader accepts. Where a writer must leave
 * exchanges out (a link over its length budget), it says exactly which, in the link and to the sharer.
 */
import { readFileSync } from "node:fs";
import { sentText } from "@/lib/protocol/exchange";
import { describe, expect, it } from "vitest";
import { decodeShareFragment, encodeShareFragment } from "@/lib/share/codec";
import { EXAMPLES, exampleById } from "@/lib/share/examples";
import { SHARE_LIMITS } from "@/lib/share/limits";
import {
  restoreSession,
  saveSession,
  setAsideUnreadable,
  SAVED_SESSION_MAX_CHARS,
  UNREADABLE_SESSION_KEY,
} from "@/lib/share/persist";
import { SAVED_SESSION_KEY } from "@/lib/share/saved-session-key";
import { sessionFromShare } from "@/lib/share/session-adapter";
import { exportSessionFile, importSessionFile } from "@/lib/share/session-file";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { msg, say } from "@/lib/i18n/translate";
import { initialState } from "@/lib/session";

const NOW = Date.UTC(2026, 11, 7, 18, 0);
const RECORDED = EXAMPLES.flatMap((e) => e.state.exchanges);

/** Exchange `i` of a long session: a recorded exchange of the gallery, sent with its own id. */
function exchangeNo(i: number, pad = ""): RecordedExchange {
  const base = RECORDED[i % RECORDED.length];
  const sent = JSON.stringify({ jsonrpc: "2.0", id: i + 1, method: "tools/list", params: { n: i, pad } });
  return {
    ...base,
    sent,
    label: `check C${String(i).padStart(3, "0")}`,
    events: base.events.map((e) => (e.kind === "stdin" ? { ...e, text: sent } : e)),
  };
}

function longSession(count: number, pad: (i: number) => string = () => ""): ShareState {
  return {
    ...exampleById("calendar-three-ways")!.state,
    exchanges: Array.from({ length: count }, (_, i) => exchangeNo(i, pad(i))),
  };
}

/** Text DEFLATE cannot shrink (a fixed pseudo-random sequence, so the test is the same every run). */
function noise(seed: number, chars: number): string {
  let x = seed * 2654435761 + 1;
  let out = "";
  while (out.length < chars) {
    x = (x * 1103515245 + 12345) >>> 0;
    out += x.toString(36);
  }
  return out.slice(0, chars);
}

describe("a session of 300 exchanges is kept whole by every writer and its reader", () => {
  const state = longSession(300);

  it("its share link opens whole: 300 exchanges, nothing left out", async () => {
    const link = await encodeShareFragment(state);
    expect(link.omitted).toEqual([]);
    const opened = await decodeShareFragment(link.fragment);
    expect(opened.kind === "error" ? opened.reason : "opened").toBe("opened");
    if (opened.kind !== "ok") return;
    expect(opened.state.exchanges).toHaveLength(300);
    expect(opened.state.exchanges).toEqual(link.state.exchanges);
    expect(opened.state.omitted).toEqual([]);
  });

  it("its session file imports whole", () => {
    const file = exportSessionFile(state, { now: new Date(NOW) });
    const back = importSessionFile(file.text);
    expect(back.ok ? back.state.exchanges.length : back.reason).toBe(300);
  });

  it("a reload restores it whole: the browser's saved session holds 300 exchanges and reads back 300 cards", () => {
    const session = sessionFromShare(state, initialState());
    const saved = saveSession(session, { now: NOW });
    expect(saved.ok && { exchanges: saved.exchanges, dropped: saved.dropped }).toEqual({ exchanges: 300, dropped: 0 });
    if (!saved.ok) return;
    const back = restoreSession(saved.text, initialState());
    expect(back.ok ? back.state.entries.length : back.reason).toBe(300);
    expect(back.ok && back.state.entries.map((e) => e.sent)).toEqual(session.entries.map((e) => e.sent));
  });
});

describe("what a writer leaves out of 300 exchanges is listed in a form the reader opens", () => {
  it("a credential in every one of 300 HTTP requests: the link opens whole, its list of what was left out is bounded and says how many more", async () => {
    const state = longSession(300);
    state.exchanges = state.exchanges.map((x) => ({
      ...x,
      events: [
        {
          t: 0,
          kind: "http-request",
          method: "POST",
          url: "https://mcp.example/mcp",
          headers: [["X-Api-Key", "k"]],
          added: [],
          body: sentText(x),
        },
        ...x.events,
      ],
    }));
    const link = await encodeShareFragment(state);
    const opened = await decodeShareFragment(link.fragment);
    expect(opened.kind === "error" ? opened.reason : "opened").toBe("opened");
    if (opened.kind !== "ok") return;
    expect(opened.state.exchanges).toHaveLength(300);
    expect(opened.state.omitted).toHaveLength(SHARE_LIMITS.maxMapEntries);
    expect(opened.state.omitted.at(-1)).toBe(`and ${300 - SHARE_LIMITS.maxMapEntries + 1} more lines like these`);
    expect(link.omittedMsgs).toHaveLength(300);
  });
});

describe("where a writer must leave exchanges out, it says exactly which — never silently", () => {
  it("a link over the length budget keeps the newest exchanges, fits the reader's limit and names the left-out ones in the link and in the dialog", async () => {
    // 300 exchanges of 1,000 incompressible characters each: about 400,000 link characters, twice the budget.
    const state = longSession(300, (i) => noise(i, 1000));
    const link = await encodeShareFragment(state);
    expect(link.fragment.length).toBeLessThanOrEqual(SHARE_LIMITS.maxFragmentChars);
    const opened = await decodeShareFragment(link.fragment);
    expect(opened.kind === "error" ? opened.reason : "opened").toBe("opened");
    if (opened.kind !== "ok") return;
    const kept = opened.state.exchanges.length;
    expect(kept).toBeGreaterThan(50);
    expect(kept).toBeLessThan(300);
    // The newest are kept, in order.
    expect(opened.state.exchanges.map((x) => x.label)).toEqual(state.exchanges.slice(300 - kept).map((x) => x.label));
    const note = `exchanges 1–${300 - kept} of 300 (the oldest) were left out: a link holds at most 200,000 characters`;
    expect(opened.state.omitted).toContain(note);
    expect(link.omitted).toContain(note);
    expect(link.omittedMsgs.map((m) => say(m))).toContain(note);
  });

  it("a session file over the reader's 2,000,000 characters is written compact first, and only then leaves the oldest out, saying so", () => {
    // About 1,890,000 characters compact, 2,005,000 pretty-printed: written compact, it fits whole.
    const fits = exportSessionFile(
      longSession(300, (i) => noise(i, 4400)),
      { now: new Date(NOW) },
    );
    expect(fits.text.startsWith('{"format":"mcp-playground-session"')).toBe(true);
    const whole = importSessionFile(fits.text);
    expect(whole.ok ? whole.state.exchanges.length : whole.reason).toBe(300);
    expect(fits.omitted).toEqual([]);
    // About 2,400,000 characters: the oldest go, named in the file.
    const over = longSession(60, (i) => noise(i, 40_000));
    const file = exportSessionFile(over, { now: new Date(NOW) });
    expect(file.text.length).toBeLessThanOrEqual(SHARE_LIMITS.maxJsonChars);
    const back = importSessionFile(file.text);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    const kept = back.state.exchanges.length;
    expect(kept).toBeGreaterThan(20);
    expect(kept).toBeLessThan(60);
    expect(back.state.exchanges.map((x) => x.label)).toEqual(over.exchanges.slice(60 - kept).map((x) => x.label));
    const note = `exchanges 1–${60 - kept} of 60 (the oldest) were left out: a session file holds at most 2,000,000 characters`;
    expect(back.state.omitted).toContain(note);
    expect(file.omitted).toContain(note);
  });

  it("an exchange the reader would refuse is left out by number with the reader's reason; the rest of the session is kept", () => {
    const state = longSession(5);
    const label = "x".repeat(600); // a label longer than the 512 characters a link's reader takes
    state.exchanges[2] = { ...state.exchanges[2], label };
    const session = sessionFromShare(state, initialState());
    const saved = saveSession(session, { now: NOW });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const back = restoreSession(saved.text, initialState());
    expect(back.ok ? back.state.entries.length : back.reason).toBe(4);
    expect(back.ok && back.leftOut.map((m) => say(m))).toEqual([
      "exchange 3 of 5 was left out: the field label is invalid: Too big: expected string to have <=512 characters",
    ]);
  });
});

describe("a state its reader would refuse whatever is left out is not written", () => {
  it("an editor text over the reader's 1,000,000 characters: the save is refused with the reason (the last readable save stays), the link and the file say why instead of writing one that cannot open", async () => {
    const state = { ...longSession(2), editor: "x".repeat(SHARE_LIMITS.maxStringChars + 1) };
    const reason = "the field editor is invalid: Too big: expected string to have <=1000000 characters";
    const saved = saveSession(sessionFromShare(state, initialState()), { now: NOW });
    expect(saved.ok ? "saved" : saved.reason).toBe(reason);
    await expect(encodeShareFragment(state)).rejects.toThrow(reason);
    expect(() => exportSessionFile(state)).toThrow(reason);
  });
});

describe("a saved session that cannot be restored is never overwritten", () => {
  function memoryStore(quota = Infinity) {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => {
        const used = [...items].reduce((n, [key, value]) => n + (key === k ? 0 : value.length), 0);
        if (used + v.length > quota) throw new Error("QuotaExceededError");
        items.set(k, v);
      },
      removeItem: (k: string) => void items.delete(k),
    };
  }

  it("it is set aside under its own key before anything new is saved, so the next save leaves it as it was", () => {
    const store = memoryStore();
    const unreadable = JSON.stringify({ format: "mcp-playground/saved-session", version: 99, session: {} });
    store.setItem(SAVED_SESSION_KEY, unreadable);
    expect(setAsideUnreadable(store, unreadable)).toBe("set-aside");
    const next = saveSession(initialState(), { now: NOW });
    if (next.ok) store.setItem(SAVED_SESSION_KEY, next.text);
    expect(store.items.get(UNREADABLE_SESSION_KEY)).toBe(unreadable);
  });

  it("when there is no room to set it aside, saving stays off (the page keeps it until the user chooses Start fresh)", () => {
    const unreadable = "x".repeat(100);
    const store = memoryStore(150);
    store.setItem(SAVED_SESSION_KEY, unreadable);
    expect(setAsideUnreadable(store, unreadable)).toBe("kept-in-place");
    expect(store.items.get(SAVED_SESSION_KEY)).toBe(unreadable);
  });
});

describe("the README and docs/link-format.md say what holds, in the page's words", () => {
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8").replace(/\s+/g, " ");
  it.each([["../../README.md"], ["../../docs/link-format.md"]])("%s", (path) => {
    const text = read(path);
    const why = msg("share.omit.why.link", { max: SHARE_LIMITS.maxFragmentChars });
    expect(text).toContain(say(msg("share.omit.oldest", { count: 37, first: 1, last: 37, total: 300, why })));
    expect(text).toContain(`${SHARE_LIMITS.maxFragmentChars.toLocaleString("en-US")} characters`);
    expect(text).toContain(`${SAVED_SESSION_MAX_CHARS.toLocaleString("en-US")} characters`);
    expect(text).toContain("300 exchanges");
    expect(text).toContain("never overwritten");
  });
  it("docs/link-format.md words the bounded list of what was left out as the writer does", () => {
    expect(read("../../docs/link-format.md")).toContain(`\`${say(msg("share.omit.more", { count: 45 }))}\``);
  });
});
