/** The app documents the sandbox holds: each served once, within a minute, and never more than the store's bounds. */
import { describe, expect, it } from "vitest";
import { APP_DOCUMENT_LIMITS, AppDocumentStore } from "@/lib/node/apps/sandbox-store";

describe("the sandbox's app document store", () => {
  it("serves a document once", () => {
    const store = new AppDocumentStore(() => 0);
    const id = store.put("<p>app</p>", {}, "http://127.0.0.1:3000");
    expect(store.take(id)).toMatchObject({ html: "<p>app</p>", host: "http://127.0.0.1:3000" });
    expect(store.take(id)).toBeUndefined();
  });

  it("forgets a document not loaded within a minute", () => {
    let now = 0;
    const store = new AppDocumentStore(() => now);
    const id = store.put("<p>app</p>", {}, "http://127.0.0.1:3000");
    now = APP_DOCUMENT_LIMITS.ttlMs;
    expect(store.take(id)).toBeUndefined();
  });

  it("keeps at most maxDocuments, dropping the oldest first", () => {
    const store = new AppDocumentStore(() => 0);
    const ids = Array.from({ length: APP_DOCUMENT_LIMITS.maxDocuments + 1 }, (_, i) =>
      store.put(`<p>${i}</p>`, {}, "http://127.0.0.1:3000"),
    );
    expect(store.take(ids[0])).toBeUndefined();
    expect(store.take(ids[1])?.html).toBe("<p>1</p>");
    expect(store.take(ids.at(-1)!)?.html).toBe(`<p>${APP_DOCUMENT_LIMITS.maxDocuments}</p>`);
  });
});
