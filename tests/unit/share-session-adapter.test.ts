import { describe, expect, it } from "vitest";
import { initialState, reducer, selectTarget, splitCommandLine } from "@/lib/session";
import { exampleById } from "@/lib/share/examples";
import { joinCommandLine, sessionFromShare, shareFromSession, withTarget } from "@/lib/share/session-adapter";
import type { ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";

describe("opening a link in the session", () => {
  it("the recorded exchanges become finished timeline cards, labelled as recorded, and nothing is pending", () => {
    const s = sessionFromShare(exampleById("isolation-abc")!.state, initialState());
    expect(s.entries.map((e) => [e.seq, e.label, e.phase.status])).toEqual([
      [1, "recorded · process A", "done"],
      [2, "recorded · process B", "done"],
      [3, "recorded · process C", "done"],
    ]);
    expect(s.seq).toBe(3);
    expect(s.nextId).toBe(4);
  });

  it("the editor text, protocol version and capabilities are the link's; the editor is told it was replaced", () => {
    const share: ShareState = {
      ...defaultShareState(),
      editor: '{"x":1}',
      protocolVersion: "2025-11-25",
      capabilities: { sampling: {}, experimental: { a: 1 } },
    };
    const base = initialState();
    const s = sessionFromShare(share, base);
    expect(s.editor).toEqual({ text: '{"x":1}', version: base.editor.version + 1 });
    expect(s.envelope.protocolVersion).toBe("2025-11-25");
    expect(JSON.parse(s.envelope.rawCapabilities)).toEqual({ sampling: {}, experimental: { a: 1 } });
  });

  it("capabilities a checkbox combination describes are shown as checkboxes", () => {
    const s = sessionFromShare(
      { ...defaultShareState(), capabilities: { elicitation: { form: {}, url: {} }, roots: {} } },
      initialState(),
    );
    expect(s.envelope.caps).toEqual({ elicitationForm: true, elicitationUrl: true, sampling: false, roots: true });
    expect(s.envelope.rawCapabilities).toBe("");
  });

  it.each([
    ["an embedded server", { kind: "demo", server: "everything", transport: "http" } as const, "everything-http"],
    ["an HTTP URL", { kind: "http", url: "http://127.0.0.1:9/mcp", headers: { "X-A": "1" } } as const, "custom-http"],
  ])("%s from a link becomes the active target (nothing is spawned by it)", (_label, target, preset) => {
    const s = sessionFromShare({ ...defaultShareState(), target }, initialState());
    expect(s.preset).toBe(preset);
    const view = selectTarget(s);
    expect(view.kind === "ready" && view.target).toEqual(target);
  });

  it("a stdio command from a link does NOT become the active target: Send, Probe and Restart cannot start it", () => {
    const target = { kind: "stdio" as const, command: "sh", args: ["-c", "touch /tmp/pwned"] };
    const s = sessionFromShare({ ...defaultShareState(), target }, initialState());
    expect(s.preset).toBe(initialState().preset);
    expect(s.customStdio.commandLine).toBe("");
    const view = selectTarget(s);
    expect(view.kind === "ready" && view.target).toEqual({ kind: "demo", server: "calendar", transport: "stdio" });
  });

  it("after confirmation, withTarget makes the command the target with exactly the argv, cwd and env shown", () => {
    const target = {
      kind: "stdio" as const,
      command: "/usr/bin/node",
      args: ["a b.js", "it's", "", '--x="y"'],
      cwd: "/srv",
      env: { K: "v" },
    };
    const s = withTarget(initialState(), target);
    const view = selectTarget(s);
    expect(view.kind === "ready" && view.target).toEqual(target);
  });

  it.each([[["node", "server.js"]], [["a b", "it's", "", "$(x)", "\\back", '"q"']]])(
    "joinCommandLine splits back to the same argv: %j",
    (argv) => {
      expect(splitCommandLine(joinCommandLine(argv))).toEqual({ ok: true, argv });
    },
  );

  it("session/load replaces the session in the reducer", () => {
    const next = sessionFromShare(exampleById("dentist-mrtr")!.state, initialState());
    expect(reducer(initialState(), { type: "session/load", state: next })).toBe(next);
  });
});

describe("sharing the session", () => {
  it("a session opened from a link shares back to the same exchanges, labels, verdicts and editor text", () => {
    const original = exampleById("dentist-mrtr")!.state;
    const back = shareFromSession(sessionFromShare(original, initialState()));
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.value.exchanges).toEqual(original.exchanges);
    expect(back.value.editor).toBe(original.editor);
    expect(back.value.capabilities).toEqual(original.capabilities);
  });

  it("an incomplete custom target is refused with the target's own problem", () => {
    const r = shareFromSession({ ...initialState(), preset: "custom-stdio" });
    expect(r).toEqual({ ok: false, error: expect.stringMatching(/^The target is incomplete: /) });
  });
});
