import { beforeEach, describe, expect, it, vi } from "vitest";

// Monaco first (issue 46): the page's whole catalogue re-renders every text on the page, so it is not loaded right
// after hydration but once the frame editor has settled, or as soon as something that needs it is asked for.
// Each case gets fresh modules: the "settled" and "wanted" promises are page-wide, once per page.
async function fresh() {
  vi.resetModules();
  const ready = await import("@/components/i18n/catalogue-ready");
  const settled = await import("@/components/editor/editor-settled");
  return { ...ready, ...settled };
}

/** Whether `p` has resolved once the microtasks queued so far have run. */
async function isResolved(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
}

describe("the whole catalogue is due only once the frame editor settled or something needs it", () => {
  beforeEach(() => vi.useRealTimers());

  it("is not due while Monaco is still taking over and nothing asked for it", async () => {
    const m = await fresh();
    expect(await isResolved(m.whenCatalogueDue())).toBe(false);
  });

  it("is due once the frame editor has settled (Monaco took over, or could not load)", async () => {
    const m = await fresh();
    const due = m.whenCatalogueDue();
    m.markEditorSettled();
    expect(await isResolved(due)).toBe(true);
  });

  it("is due at once when a loader that needs it runs (a tab opened, an exchange card drawn), Monaco or not", async () => {
    const m = await fresh();
    const due = m.whenCatalogueDue();
    void m.withCatalogue(() => Promise.resolve("panel"))();
    expect(await isResolved(due)).toBe(true);
    expect(await isResolved(m.afterEditorSettled())).toBe(false);
  });

  it("is due after the fallback on a page whose frame editor never settles", async () => {
    vi.useFakeTimers();
    const m = await fresh();
    const due = m.whenCatalogueDue();
    m.settleAfterFallback();
    expect(await isResolved(due)).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await isResolved(due)).toBe(true);
  });
});

describe("Monaco's arrival starts the fallback again (the hidden panels and the catalogue wait for the take-over)", () => {
  it("does not settle FALLBACK_MS after hydration when Monaco's module arrived just before; settles FALLBACK_MS after its arrival", async () => {
    vi.useFakeTimers();
    const m = await fresh();
    m.settleAfterFallback(); // hydration
    await vi.advanceTimersByTimeAsync(2_900);
    m.editorArriving(); // Monaco's first run ended 2.9 s after hydration on a loaded machine
    await vi.advanceTimersByTimeAsync(200);
    expect(await isResolved(m.afterEditorSettled())).toBe(false);
    expect(await isResolved(m.whenCatalogueDue())).toBe(false);
    await vi.advanceTimersByTimeAsync(2_800);
    expect(await isResolved(m.afterEditorSettled())).toBe(true);
    vi.useRealTimers();
  });

  it("leaves a cancelled fallback cancelled", async () => {
    vi.useFakeTimers();
    const m = await fresh();
    const cancel = m.settleAfterFallback();
    cancel();
    m.editorArriving();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await isResolved(m.afterEditorSettled())).toBe(false);
    vi.useRealTimers();
  });
});
