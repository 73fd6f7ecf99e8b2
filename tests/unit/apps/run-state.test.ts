/** One app's run in the Apps tab (lib/apps/run-state.ts): the phases and what each app report leaves on screen. */
import { describe, expect, it } from "vitest";
import {
  INITIAL_APP_RUN,
  KEEP,
  appRunReducer,
  askedAnything,
  frameBox,
  frameShown,
  fullscreenShown,
  initialAppRun,
  parseRunArgs,
  type AppRunAction,
} from "@/lib/apps/run-state";
import { msg } from "@/lib/i18n/translate";
import type { WireRow } from "@/lib/apps/wire";
import { hostById, type HostPersona } from "@/lib/apps/hosts";

const run = (...actions: AppRunAction[]) => actions.reduce(appRunReducer, INITIAL_APP_RUN);
const row = { direction: "host→app", method: "ui/initialize" } as unknown as WireRow;

describe("an app run's phases", () => {
  it("starts idle with the frame hidden, empty arguments {} and nothing asked", () => {
    expect(INITIAL_APP_RUN.phase).toBe("idle");
    expect(INITIAL_APP_RUN.args).toBe("{}");
    expect(frameShown(INITIAL_APP_RUN)).toBe(false);
    expect(askedAnything(INITIAL_APP_RUN)).toBe(false);
  });

  it("goes idle → loading (status: reading the resource) → running with the document's policy", () => {
    const loading = run({ type: "run/started" });
    expect(loading.phase).toBe("loading");
    expect(loading.status).toEqual(msg("apps.status.reading"));
    expect(frameShown(loading)).toBe(true);
    const running = appRunReducer(loading, { type: "run/mounted", policy: "default-src 'none'" });
    expect(running.phase).toBe("running");
    expect(running.policy).toBe("default-src 'none'");
  });

  it("a failed mount shows the error's own text and the phase failed", () => {
    const s = run({ type: "run/started" }, { type: "run/failed", message: "no such resource" });
    expect(s.phase).toBe("failed");
    expect(s.problem).toBe("no such resource");
  });

  it("closing says closed and keeps the app's reports on screen", () => {
    const s = run(
      { type: "run/started" },
      { type: "run/mounted", policy: "p" },
      { type: "app/message", text: "hi" },
      { type: "run/closed" },
    );
    expect(s.phase).toBe("closed");
    expect(s.status).toEqual(msg("apps.status.closed"));
    expect(s.messages).toEqual(["hi"]);
  });

  it("a new run clears the last run's reports and problem, keeps the typed args, height and last policy", () => {
    const s = run(
      { type: "args/set", text: '{"city":"Sofia"}' },
      { type: "run/started" },
      { type: "run/mounted", policy: "p1" },
      { type: "app/wire", rows: [row] },
      { type: "app/violation", violation: { directive: "img-src", blocked: "https://x" } as never },
      { type: "app/openLink", url: "https://example.com" },
      { type: "app/message", text: "hello" },
      { type: "app/modelContext", text: "ctx" },
      { type: "app/displayMode", mode: "fullscreen" },
      { type: "app/size", height: 300 },
      { type: "app/refused", count: 2 },
      { type: "run/rejected", problem: msg("apps.run.notObject") },
      { type: "run/started" },
    );
    // Cleared: back to what a run starts from, as the Apps tab first shows it.
    const { problem, rows, violations, links, messages, modelContext, mode, refused } = INITIAL_APP_RUN;
    const cleared = { problem, rows, violations, links, messages, modelContext, mode, refused };
    expect(s).toMatchObject({ ...cleared, args: '{"city":"Sofia"}', phase: "loading", height: 300, policy: "p1" });
  });
});

describe("bad arguments do not start a run", () => {
  it("text that is not JSON is refused with the parser's reason, and the phase stays", () => {
    const parsed = parseRunArgs("{nope");
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem.key).toBe("apps.run.notJson");
    expect(String(parsed.problem.values?.reason)).toMatch(/JSON/);
    const s = run({ type: "run/rejected", problem: parsed.problem });
    expect(s.phase).toBe("idle");
    expect(s.problem).toEqual(parsed.problem);
  });

  it("JSON that is not an object is refused as not an object", () => {
    expect(parseRunArgs("[1]")).toEqual({ ok: false, problem: msg("apps.run.notObject") });
    expect(parseRunArgs("3")).toEqual({ ok: false, problem: msg("apps.run.notObject") });
  });

  it("an object is the tool call's arguments", () => {
    expect(parseRunArgs('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });
});

describe("what the mounted app reports", () => {
  it("keeps the newest 100 violations and 20 links and messages", () => {
    let s = INITIAL_APP_RUN;
    for (let i = 0; i < 130; i++) {
      s = appRunReducer(s, { type: "app/violation", violation: { n: i } as never });
      s = appRunReducer(s, { type: "app/openLink", url: `u${i}` });
      s = appRunReducer(s, { type: "app/message", text: `m${i}` });
    }
    expect(s.violations).toHaveLength(KEEP.violations);
    expect(s.violations[0]).toEqual({ n: 30 });
    expect(s.links).toHaveLength(KEEP.links);
    expect(s.links.at(-1)).toBe("u129");
    expect(s.messages[0]).toBe("m110");
  });

  it("a size request sets the frame's height, rounded up (the device caps it on screen); a missing or zero height is ignored", () => {
    expect(run({ type: "app/size", height: 321.2 }).height).toBe(322);
    expect(run({ type: "app/size", height: 5000 }).height).toBe(5000);
    expect(run({ type: "app/size" }).height).toBe(INITIAL_APP_RUN.height);
    expect(run({ type: "app/size", height: 0 }).height).toBe(INITIAL_APP_RUN.height);
  });

  it("a link, a message or a non-empty model context is something asked; an empty model context is not", () => {
    expect(askedAnything(run({ type: "app/openLink", url: "https://a" }))).toBe(true);
    expect(askedAnything(run({ type: "app/message", text: "x" }))).toBe(true);
    expect(askedAnything(run({ type: "app/modelContext", text: "{}" }))).toBe(true);
    expect(askedAnything(run({ type: "app/modelContext", text: "" }))).toBe(false);
  });

  it("status, display mode, refused calls and wire rows replace what was there", () => {
    const s = run(
      { type: "app/status", status: msg("apps.status.running") },
      { type: "app/displayMode", mode: "pip" },
      { type: "app/refused", count: 3 },
      { type: "app/wire", rows: [row] },
    );
    expect(s.status).toEqual(msg("apps.status.running"));
    expect(s.mode).toBe("pip");
    expect(s.refused).toBe(3);
    expect(s.rows).toEqual([row]);
  });

  it("a chosen display mode is where the run starts and where a new choice puts the frame; none means inline", () => {
    const chosen = initialAppRun({ displayMode: "fullscreen" });
    expect(chosen.mode).toBe("fullscreen");
    const asked = appRunReducer(chosen, { type: "app/displayMode", mode: "pip" });
    expect(appRunReducer(asked, { type: "run/started" }).mode).toBe("fullscreen");
    const next = appRunReducer(asked, { type: "context/chosen", choice: { locale: "bg-BG" } });
    expect(next.mode).toBe("inline");
    expect(next.choice).toEqual({ locale: "bg-BG" });
    expect(appRunReducer(next, { type: "context/chosen", choice: { displayMode: "pip" } }).mode).toBe("pip");
  });

  it("fullscreen covers the page only while loading or running (not before Run, not after Close or a failure)", () => {
    const full = initialAppRun({ displayMode: "fullscreen" });
    expect(fullscreenShown(full)).toBe(false);
    const loading = appRunReducer(full, { type: "run/started" });
    expect(fullscreenShown(loading)).toBe(true);
    const running = appRunReducer(loading, { type: "run/mounted", policy: "p" });
    expect(fullscreenShown(running)).toBe(true);
    expect(fullscreenShown(appRunReducer(running, { type: "run/closed" }))).toBe(false);
    expect(fullscreenShown(appRunReducer(loading, { type: "run/failed", message: "x" }))).toBe(false);
    expect(fullscreenShown(appRunReducer(running, { type: "app/displayMode", mode: "inline" }))).toBe(false);
  });

  it("the frame takes the device's size: the app's height up to the device's inline, the whole screen in fullscreen", () => {
    const persona = hostById("claude-desktop") as HostPersona;
    const phone = appRunReducer(initialAppRun({ device: "phone" }), { type: "app/size", height: 300 });
    expect(frameBox(phone, persona)).toMatchObject({ width: 390, maxWidth: "100%", height: 300 });
    expect(frameBox(appRunReducer(phone, { type: "app/size", height: 5000 }), persona).height).toBe(560);
    const full = appRunReducer(phone, {
      type: "context/chosen",
      choice: { device: "phone", displayMode: "fullscreen" },
    });
    expect(frameBox(full, persona)).toEqual({
      device: expect.objectContaining({ id: "phone" }),
      width: 390,
      height: 844,
    });
    expect(frameBox(INITIAL_APP_RUN, persona).device.id).toBe(persona.context.device);
  });
});
