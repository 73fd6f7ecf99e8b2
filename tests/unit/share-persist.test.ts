import { describe, expect, it } from "vitest";
import { initialState, reducer, selectTarget, type SessionState } from "@/lib/session";
import { selectCheckedEra } from "@/lib/session/target-templates";
import { restoreSession, saveSession, SAVED_SESSION_FORMAT, SAVED_SESSION_VERSION } from "@/lib/share/persist";
import { sessionFromShare } from "@/lib/share/session-adapter";
import { exampleById } from "@/lib/share/examples";
import { toPayloadV1 } from "@/lib/share/v1";

const NOW = Date.UTC(2026, 10, 30, 23, 0);

function withExample(id: string): SessionState {
  return sessionFromShare(exampleById(id)!.state, initialState());
}

describe("a reload keeps the session (point 4): the saved format", () => {
  it("saves and restores the timeline, the editor text and the target, as restored (not sent) cards", () => {
    const session = { ...withExample("dentist-mrtr"), preset: "calendar-http" as const };
    const saved = saveSession(session, { now: NOW });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const stored = JSON.parse(saved.text);
    expect(stored.format).toBe(SAVED_SESSION_FORMAT);
    expect(stored.version).toBe(SAVED_SESSION_VERSION);
    expect(stored.savedAt).toBe(NOW);
    const back = restoreSession(saved.text, initialState());
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.state.entries.map((e) => e.sent)).toEqual(session.entries.map((e) => e.sent));
    expect(back.state.entries.every((e) => e.sendId.startsWith("saved-"))).toBe(true);
    expect(back.state.editor.text).toBe(session.editor.text);
    expect(back.state.preset).toBe("calendar-http");
  });

  it("a session the user never touched (no exchange, the default frame and target) restores as unchanged, so the page says nothing", () => {
    const untouched = saveSession(initialState(), { now: NOW });
    const edited = saveSession(
      reducer(initialState(), { type: "editor/userEdit", text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' }),
      { now: NOW },
    );
    const otherTarget = saveSession({ ...initialState(), preset: "calendar-http" }, { now: NOW });
    const withExchanges = saveSession(withExample("dentist-mrtr"), { now: NOW });
    const unchanged = (saved: typeof untouched) => {
      const back = saved.ok ? restoreSession(saved.text, initialState()) : saved;
      return back.ok ? back.unchanged : back.reason;
    };
    expect([untouched, edited, otherTarget, withExchanges].map(unchanged)).toEqual([true, false, false, false]);
  });

  it("leaves secrets out exactly as a link does: env values, secret argv values and the playground token", () => {
    let session = reducer(initialState(), { type: "target/choose", preset: "custom-stdio" });
    session = reducer(session, {
      type: "target/customStdio",
      patch: {
        commandLine: "node srv.js --api-key sk-live-123456",
        env: [{ key: "GITHUB_TOKEN", value: "ghp_abcdefghijkl" }],
      },
    });
    session = reducer(session, {
      type: "editor/userEdit",
      text: '{"jsonrpc":"2.0","id":1,"method":"x","params":{"t":"tok-0123456789abcdef"}}',
    });
    const saved = saveSession(session, { now: NOW, knownSecrets: ["tok-0123456789abcdef"] });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    expect(saved.text).not.toContain("sk-live-123456");
    expect(saved.text).not.toContain("ghp_abcdefghijkl");
    expect(saved.text).not.toContain("tok-0123456789abcdef");
    const back = restoreSession(saved.text, initialState());
    expect(back.ok && back.state.preset).toBe("custom-stdio");
    expect(back.ok && back.state.customStdio.env).toEqual([{ key: "GITHUB_TOKEN", value: "" }]);
    expect(back.ok && back.omitted.length).toBeGreaterThan(0);
  });

  it("is bounded: the oldest exchanges are dropped until it fits, and the save says how many", () => {
    const session = withExample("calendar-three-ways");
    const full = saveSession(session, { now: NOW });
    expect(full.ok).toBe(true);
    if (!full.ok) return;
    const smaller = saveSession(session, { now: NOW, maxChars: full.text.length - 1 });
    expect(smaller.ok && smaller.dropped).toBeGreaterThan(0);
    expect(smaller.ok && smaller.text.length).toBeLessThan(full.text.length);
    const back = smaller.ok ? restoreSession(smaller.text, initialState()) : null;
    expect(back?.ok && back.state.entries.at(-1)?.sent).toBe(session.entries.at(-1)?.sent);
  });

  it("migration: a save whose link payload predates per-exchange targets and times still restores, targets read from labels", () => {
    const share = exampleById("calendar-three-ways")!.state;
    const payload = toPayloadV1(share);
    const legacyExchange = { ...payload.exchanges![0], targetLabel: "everything (stdio)" };
    delete (legacyExchange as { target?: unknown }).target;
    delete (legacyExchange as { startedAt?: unknown }).startedAt;
    const text = JSON.stringify({
      format: SAVED_SESSION_FORMAT,
      version: 1,
      savedAt: NOW,
      preset: "calendar-stdio",
      dropped: 0,
      session: {
        format: "mcp-playground-session",
        version: 1,
        exportedAt: new Date(NOW).toISOString(),
        state: { ...payload, exchanges: [legacyExchange] },
      },
    });
    const back = restoreSession(text, initialState());
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.state.entries[0].target).toEqual({ kind: "demo", server: "everything", transport: "stdio" });
    expect(back.state.entries[0].phase.status === "done" && back.state.entries[0].phase.exchange.startedAt).toBe(0);
  });

  it("migration: an older wrapper version goes through the migration steps; a newer one is refused with a reason", () => {
    const current = saveSession(withExample("dentist-mrtr"), { now: NOW });
    if (!current.ok) throw new Error(current.reason);
    const v0 = { ...JSON.parse(current.text), version: 0 };
    const steps = { 0: (old: Record<string, unknown>) => ({ ...old, version: 1, preset: "calendar-stdio" }) };
    const migrated = restoreSession(JSON.stringify(v0), initialState(), steps);
    expect(migrated.ok).toBe(true);
    const newer = restoreSession(
      JSON.stringify({ ...JSON.parse(current.text), version: SAVED_SESSION_VERSION + 1 }),
      initialState(),
    );
    expect(newer).toEqual({
      ok: false,
      reason: `it was saved by a newer playground (v${SAVED_SESSION_VERSION + 1}); this one reads up to v${SAVED_SESSION_VERSION}`,
      reasonMsg: {
        key: "savedSession.newer",
        values: { version: SAVED_SESSION_VERSION + 1, supported: SAVED_SESSION_VERSION },
      },
    });
  });

  it.each([
    ["not JSON", "{", "the saved session is not valid JSON", { key: "savedSession.notJson" }],
    [
      "another format",
      JSON.stringify({ format: "x", version: 1 }),
      'not a saved session (format "x")',
      { key: "savedSession.notSaved", values: { format: '"x"' } },
    ],
  ])("a broken save (%s) is refused with a reason, never thrown", (_what, text, reason, reasonMsg) => {
    expect(restoreSession(text, initialState())).toEqual({ ok: false, reason, reasonMsg });
  });
});

describe("a reload keeps the probe's verdict (issue 44 point 5)", () => {
  it("a target the probe found legacy is still checked against the legacy era after a reload", () => {
    let session = reducer(initialState(), { type: "target/choose", preset: "everything-stdio" });
    const legacy = {
      status: "done",
      era: "legacy",
      version: "2025-11-25",
      reason: "server/discover answered -32601; initialize got 2025-11-25",
    } as const;
    session = reducer(session, { type: "probe/finished", targetKey: "demo:everything:stdio", verdict: legacy });
    session = reducer(session, {
      type: "probe/finished",
      targetKey: "demo:calendar:http",
      verdict: { ...legacy, era: "modern", version: "2026-07-28" },
    });
    expect(selectCheckedEra(session)).toBe("legacy");
    const saved = saveSession(session, { now: NOW });
    if (!saved.ok) throw new Error(saved.reason);
    const back = restoreSession(saved.text, initialState());
    if (!back.ok) throw new Error(back.reason);
    expect(selectCheckedEra(back.state)).toBe("legacy");
    expect(back.state.verdicts["demo:everything:stdio"]).toEqual(legacy);
    expect(back.state.verdicts["demo:calendar:http"]).toMatchObject({ status: "done", era: "modern" });
  });

  it("a command target's verdict comes back on the command as restored, and no secret is kept beside it", () => {
    let session = reducer(initialState(), { type: "target/choose", preset: "custom-stdio" });
    session = reducer(session, {
      type: "target/customStdio",
      patch: { commandLine: "node server.js", env: [{ key: "API_KEY", value: "sk-secret-123" }] },
    });
    const view = selectTarget(session);
    if (view.kind !== "ready") throw new Error(view.problem);
    const verdict = { status: "done", era: "legacy", version: "2025-11-25", reason: "legacy" } as const;
    session = reducer(session, { type: "probe/finished", targetKey: view.key, verdict });
    session = reducer(session, { type: "probe/started", targetKey: "http:https://example.test/mcp?key=sk-other" });
    const saved = saveSession(session, { now: NOW });
    if (!saved.ok) throw new Error(saved.reason);
    expect(saved.text).not.toContain("sk-secret-123");
    expect(saved.text).not.toContain("sk-other");
    const back = restoreSession(saved.text, initialState());
    if (!back.ok) throw new Error(back.reason);
    const backView = selectTarget(back.state);
    if (backView.kind !== "ready") throw new Error(backView.problem);
    expect(back.state.verdicts[backView.key]).toEqual(verdict);
  });
});
