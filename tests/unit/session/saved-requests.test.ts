import { describe, expect, it } from "vitest";
import type { Exchange, Target } from "@/lib/bridge/contract";
import {
  EMPTY_STORE,
  addToCollection,
  collectionRequests,
  createCollection,
  deleteRequest,
  editCollectionItem,
  frameSummary,
  historyFor,
  readStore,
  saveRequest,
  searchRequests,
  stopReason,
  writeStore,
  type SavedStore,
} from "@/lib/session/saved-requests";
import type { TimelineEntry } from "@/lib/session/state";
import { decodeCollectionFragment, encodeCollectionFragment } from "@/lib/share/collection-link";

const CAL: Target = { kind: "demo", server: "calendar", transport: "stdio" };
const EVERY: Target = { kind: "demo", server: "everything", transport: "stdio" };
const LIST = '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}';
const CALL =
  '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"create_event","arguments":{"title":"Dentist"}}}';

function saved(store: SavedStore, id: string, name: string, frame: string, target: Target): SavedStore {
  const r = saveRequest(store, { id, name, frame, target, now: 1 });
  if (!r.ok) throw new Error(r.error);
  return r.store;
}

function entry(seq: number, sent: string, targetKey = "demo:calendar:stdio"): TimelineEntry {
  return {
    seq,
    sent,
    targetKey,
    label: null,
    notJson: false,
    oneLined: false,
    sendHeaders: null,
    phase: { status: "pending", startedAt: 0 },
  } as unknown as TimelineEntry;
}

describe("saved requests, history and collections (pure)", () => {
  it("a saved frame keeps its name, its exact text and its target; an unnamed one is named after its method", () => {
    let s = saved(EMPTY_STORE, "a", "  Dentist   call ", CALL, CAL);
    s = saved(s, "b", "", LIST, CAL);
    expect(s.requests.map((r) => [r.name, r.frame, r.target])).toEqual([
      ["Dentist call", CALL, CAL],
      ["tools/list", LIST, CAL],
    ]);
    expect(frameSummary(CALL)).toBe("tools/call create_event");
    expect(frameSummary("{oops")).toBe("not JSON");
  });

  it("a saved target holds no environment values (keys kept), as a link would not", () => {
    const s = saved(EMPTY_STORE, "a", "x", LIST, {
      kind: "stdio",
      command: "node",
      args: ["s.js"],
      env: { API_KEY: "sk-secret" },
    });
    expect(s.requests[0].target).toEqual({ kind: "stdio", command: "node", args: ["s.js"], env: { API_KEY: "" } });
    expect(writeStore(s)).not.toContain("sk-secret");
  });

  it("search matches every word in the name, method or frame, per target or across targets, newest first", () => {
    let s = saved(EMPTY_STORE, "a", "Dentist", CALL, CAL);
    s = saved(s, "b", "list", LIST, CAL);
    s = saved(s, "c", "list everything", LIST, EVERY);
    expect(searchRequests(s, "", "demo:calendar:stdio").map((r) => r.id)).toEqual(["b", "a"]);
    expect(searchRequests(s, "create_event", null).map((r) => r.id)).toEqual(["a"]);
    expect(searchRequests(s, "LIST tools", null).map((r) => r.id)).toEqual(["c", "b"]);
    expect(searchRequests(s, "list dentist", null)).toEqual([]);
  });

  it("history per target: distinct frames sent to that target, newest first, with how often each was sent", () => {
    const h = historyFor(
      [entry(1, LIST), entry(2, CALL), entry(3, LIST), entry(4, LIST, "demo:everything:stdio")],
      "demo:calendar:stdio",
    );
    expect(h.map((x) => [x.seq, x.summary, x.times])).toEqual([
      [3, "tools/list", 2],
      [2, "tools/call create_event", 1],
    ]);
    expect(historyFor([entry(1, LIST), entry(2, CALL)], "demo:calendar:stdio", "dentist").map((x) => x.seq)).toEqual([
      2,
    ]);
  });

  it("a collection keeps its frames in order; items move, are removed, and go when their saved frame is deleted", () => {
    let s = saved(saved(saved(EMPTY_STORE, "a", "one", LIST, CAL), "b", "two", CALL, CAL), "c", "three", LIST, EVERY);
    const made = createCollection(s, { id: "k", name: "Class 1" });
    expect(made.ok).toBe(true);
    s = (made as { store: SavedStore }).store;
    for (const id of ["a", "b", "c"]) s = (addToCollection(s, "k", id) as { store: SavedStore }).store;
    s = editCollectionItem(s, "k", 2, -1);
    expect(collectionRequests(s, s.collections[0]).map((r) => r.name)).toEqual(["one", "three", "two"]);
    s = deleteRequest(s, "c");
    expect(s.collections[0].items).toEqual(["a", "b"]);
    s = editCollectionItem(s, "k", 0, 0);
    expect(s.collections[0].items).toEqual(["b"]);
    expect(createCollection(s, { id: "z", name: "   " })).toEqual({ ok: false, error: "Name the collection first." });
  });

  it("a run stops on a bridge refusal, a failure or a JSON-RPC error reply, and goes on after a result", () => {
    const ex = (outcome: Exchange["outcome"]) => ({ outcome }) as Exchange;
    expect(stopReason(null)).toMatch(/did not deliver/);
    expect(stopReason(ex({ kind: "failure", failure: "timeout", message: "no reply in 2000 ms" }))).toBe(
      "timeout: no reply in 2000 ms",
    );
    expect(
      stopReason(
        ex({ kind: "response", frame: { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "Invalid params" } } }),
      ),
    ).toBe("error -32602 Invalid params");
    expect(stopReason(ex({ kind: "response", frame: { jsonrpc: "2.0", id: 1, result: {} } }))).toBeNull();
  });

  it("the stored text round-trips; unreadable records are dropped and counted, never thrown", () => {
    const s = saved(EMPTY_STORE, "a", "one", LIST, CAL);
    expect(readStore(writeStore(s))).toEqual({ store: s, dropped: 0 });
    const text = JSON.stringify({
      format: "mcp-playground/saved-requests",
      version: 1,
      requests: [s.requests[0], { id: 3 }, { ...s.requests[0], target: { kind: "nope" } }],
      collections: [{ id: "k", name: "c", items: ["a", "gone"] }, 5],
    });
    const back = readStore(text);
    expect(back.dropped).toBe(3);
    expect(back.store.collections).toEqual([{ id: "k", name: "c", items: ["a"] }]);
    expect(readStore("{oops")).toEqual({ store: EMPTY_STORE, dropped: 1 });
  });
});

describe("a collection as a link", () => {
  it("round-trips through #collection=…, with secrets left out as in session links", async () => {
    const items = [
      { name: "list", frame: LIST, target: CAL },
      {
        name: "auth",
        frame: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"token":"tok-123456789"}}',
        target: {
          kind: "http" as const,
          url: "http://127.0.0.1:9/mcp",
          headers: { Authorization: "Bearer tok-123456789" },
        },
      },
    ];
    // knownSecrets: what the page passes (the playground token and other values it knows are secret).
    const link = await encodeCollectionFragment({ name: "Class", items }, { knownSecrets: ["tok-123456789"] });
    expect(link.fragment.startsWith("#collection=")).toBe(true);
    const back = await decodeCollectionFragment(link.fragment);
    expect(back.kind).toBe("ok");
    if (back.kind !== "ok") return;
    expect(back.collection.name).toBe("Class");
    expect(back.collection.items[0]).toEqual(items[0]);
    expect(JSON.stringify(back.collection)).not.toContain("tok-123456789");
    expect(back.collection.items[1].target).toEqual({ kind: "http", url: "http://127.0.0.1:9/mcp", headers: {} });
    expect(link.omitted.some((l) => l.startsWith("auth: "))).toBe(true);
  });

  it("anything else is not a collection link, and a damaged one says why", async () => {
    expect(await decodeCollectionFragment("#v=1&s=abc")).toEqual({ kind: "none" });
    expect(await decodeCollectionFragment("")).toEqual({ kind: "none" });
    expect(await decodeCollectionFragment("#collection=")).toEqual({
      kind: "error",
      reason: "the collection is missing; the link was probably cut off",
    });
    const bad = await decodeCollectionFragment("#collection=AAAA");
    expect(bad.kind).toBe("error");
  });
});
