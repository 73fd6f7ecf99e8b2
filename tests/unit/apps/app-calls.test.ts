/** What the host lets an app call: visibility decides for every listed tool, and a gate limits how fast and how many at once. */
import { describe, expect, it } from "vitest";
import { appCallRefusal, visibilityByTool } from "@/lib/apps/catalog";
import { APP_CALL_LIMITS, AppCallGate } from "@/lib/apps/call-gate";

const tools = [
  { name: "model_only", _meta: { ui: { visibility: ["model"] } } },
  { name: "hidden_app", _meta: { ui: { resourceUri: "ui://x/app.html", visibility: ["model"] } } },
  { name: "app_only", _meta: { ui: { visibility: ["app"] } } },
  { name: "plain" },
];

describe("an app's tools/call and tool visibility", () => {
  it("refuses a tool whose _meta.ui.visibility excludes app even when it has no ui:// resource", () => {
    const visibility = visibilityByTool(tools);
    expect(appCallRefusal("model_only", visibility)).toBe(
      'model_only is not visible to apps (_meta.ui.visibility ["model"])',
    );
    expect(appCallRefusal("hidden_app", visibility)).toBe(
      'hidden_app is not visible to apps (_meta.ui.visibility ["model"])',
    );
  });

  it("lets through a tool visible to apps, a tool without visibility (both, the spec's default) and an unlisted name (the server answers)", () => {
    const visibility = visibilityByTool(tools);
    expect(appCallRefusal("app_only", visibility)).toBeUndefined();
    expect(appCallRefusal("plain", visibility)).toBeUndefined();
    expect(appCallRefusal("not_listed", visibility)).toBeUndefined();
  });
});

describe("the app call gate", () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it("admits a burst, then refuses the rest of 1,000 calls made at once, each with the limit in its reason", () => {
    const c = clock();
    const gate = new AppCallGate(c.now);
    // Each admitted call is answered at once, so only the bucket decides.
    const results = Array.from({ length: 1000 }, () => {
      const r = gate.admit();
      if (r.ok) r.done();
      return r;
    });
    expect(results.filter((r) => r.ok)).toHaveLength(APP_CALL_LIMITS.burst);
    const refused = results.find((r) => !r.ok);
    expect(refused).toEqual({
      ok: false,
      reason:
        "the playground relays at most 5 calls per second from an app (bursts of 10, 4 at a time); this call was refused",
    });
    expect(gate.refused).toBe(1000 - APP_CALL_LIMITS.burst);
  });

  it("refills at the stated rate per second", () => {
    const c = clock();
    const gate = new AppCallGate(c.now, { perSecond: 5, burst: 10, inFlight: 100 });
    for (let i = 0; i < 10; i++) expect(gate.admit().ok).toBe(true);
    expect(gate.admit().ok).toBe(false);
    c.advance(1000);
    for (let i = 0; i < 5; i++) expect(gate.admit().ok).toBe(true);
    expect(gate.admit().ok).toBe(false);
    c.advance(60_000);
    for (let i = 0; i < 10; i++) expect(gate.admit().ok).toBe(true);
    expect(gate.admit().ok).toBe(false);
  });

  it("holds at most inFlight calls at once, and a finished call frees its place", () => {
    const c = clock();
    const gate = new AppCallGate(c.now, { perSecond: 100, burst: 100, inFlight: 2 });
    const a = gate.admit();
    const b = gate.admit();
    expect(a.ok && b.ok).toBe(true);
    expect(gate.admit().ok).toBe(false);
    if (a.ok) {
      a.done();
      a.done(); // twice counts once
    }
    expect(gate.admit().ok).toBe(true);
    expect(gate.admit().ok).toBe(false);
  });
});
