/** The Lab panel's state (lib/lab/panel.ts): what the user sees after each step, and what Run does. */
import { describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import type { SavedLab } from "@/lib/lab/persist";
import {
  canRun,
  initialLab,
  labReducer,
  prettyScript,
  startDecision,
  type LabAction,
  type LabState,
} from "@/lib/lab/panel";
import type { LabReport } from "@/lib/lab/report";
import { parseLabScript } from "@/lib/lab/script";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";

const run = (...actions: LabAction[]) => actions.reduce(labReducer, initialLab());
const report = { title: "t", description: "d", columns: [], diff: [], durationMs: 1 } as unknown as LabReport;
const second = BUILT_IN_SCRIPTS[1];
const command: Extract<Target, { kind: "stdio" }> = { kind: "stdio", command: "node", args: ["server.js"] };
const withCommand = (state: LabState) => {
  const script = { ...(BUILT_IN_SCRIPTS[0].script as object), target: command };
  return labReducer(state, { type: "text/edited", text: prettyScript(script) });
};

describe("the Lab panel's script and conditions", () => {
  it("opens on the first built-in experiment, its text and its conditions, with nothing run", () => {
    const s = initialLab();
    expect(s.scriptId).toBe(BUILT_IN_SCRIPTS[0].id);
    expect(s.text).toBe(prettyScript(BUILT_IN_SCRIPTS[0].script));
    expect(s.conditions).toEqual(BUILT_IN_SCRIPTS[0].conditions);
    expect(s.run).toEqual({ status: "idle" });
  });

  it("choosing an experiment replaces the text (a new version for the editor), conditions, and clears the result", () => {
    const s = run(
      { type: "run/finished", reply: { ok: true, value: report } },
      { type: "script/chosen", id: second.id },
    );
    expect(s.scriptId).toBe(second.id);
    expect(s.text).toBe(prettyScript(second.script));
    expect(s.textVersion).toBe(1);
    expect(s.conditions).toEqual(second.conditions);
    expect(s.run).toEqual({ status: "idle" });
  });

  it("an unknown experiment id changes nothing; typing changes the text without a new version", () => {
    expect(run({ type: "script/chosen", id: "nope" })).toEqual(initialLab());
    const typed = run({ type: "text/edited", text: "{" });
    expect(typed.text).toBe("{");
    expect(typed.textVersion).toBe(0);
  });

  it("a condition toggles on and off", () => {
    const s = run({ type: "condition/toggled", id: "stdio-legacy-session" });
    expect(s.conditions).toContain("stdio-legacy-session");
    expect(labReducer(s, { type: "condition/toggled", id: "stdio-legacy-session" }).conditions).toEqual(
      initialLab().conditions,
    );
  });
});

describe("a Lab run", () => {
  it("running → done shows the report; a failure shows 'kind: message'", () => {
    const running = run({ type: "run/started" });
    expect(running.run.status).toBe("running");
    expect(labReducer(running, { type: "run/finished", reply: { ok: true, value: report } }).run).toEqual({
      status: "done",
      report,
    });
    expect(
      labReducer(running, { type: "run/finished", reply: { ok: false, kind: "forbidden-host", message: "not here" } })
        .run,
    ).toEqual({ status: "error", message: "forbidden-host: not here" });
  });

  it("Run is offered only with a parsing script, a condition and no run under way", () => {
    const s = initialLab();
    expect(canRun(s, parseLabScript(s.text))).toBe(true);
    expect(canRun(labReducer(s, { type: "run/started" }), parseLabScript(s.text))).toBe(false);
    const none = s.conditions.reduce((st, id) => labReducer(st, { type: "condition/toggled", id }), s);
    expect(canRun(none, parseLabScript(none.text))).toBe(false);
    expect(canRun(s, parseLabScript("{"))).toBe(false);
  });

  it("an embedded server's script runs at once; nothing runs while a run is under way or the script is bad", () => {
    const s = initialLab();
    expect(startDecision(s, parseLabScript(s.text)).kind).toBe("run");
    expect(startDecision(labReducer(s, { type: "run/started" }), parseLabScript(s.text))).toEqual({ kind: "none" });
    expect(startDecision(s, parseLabScript("{"))).toEqual({ kind: "none" });
  });

  it("a command-line target is shown for confirmation first; once confirmed, the same command runs as approved", () => {
    const s = withCommand(initialLab());
    const parsed = parseLabScript(s.text);
    expect(startDecision(s, parsed)).toEqual({ kind: "confirm", target: command });
    const asked = labReducer(s, { type: "confirm/asked", target: command });
    expect(asked.confirming).toEqual(command);
    const approvedAs: Target = { ...command, cwd: "/tmp" };
    const approved = labReducer(asked, { type: "confirm/approved", target: approvedAs });
    expect(approved.confirming).toBeNull();
    const next = startDecision(approved, parsed);
    expect(next.kind).toBe("run");
    expect(next.kind === "run" && next.script.target).toEqual(approvedAs);
  });

  it("a cancelled confirmation runs nothing and is asked again next time", () => {
    const s = withCommand(initialLab());
    const cancelled = run({ type: "confirm/asked", target: command }, { type: "confirm/cancelled" });
    expect(cancelled.confirming).toBeNull();
    expect(startDecision({ ...s, approved: cancelled.approved }, parseLabScript(s.text)).kind).toBe("confirm");
  });
});

describe("a Lab result restored, a link opened or made", () => {
  const saved: SavedLab = {
    format: "mcp-playground/lab-result",
    version: 2,
    savedAt: 1234,
    scriptText: prettyScript(second.script),
    conditions: ["stdio-one-process", "no-such-condition"],
    report,
  };

  it("a saved result comes back done, with its script (the built-in it matches), known conditions and time", () => {
    const s = run({ type: "saved/restored", saved });
    expect(s).toMatchObject({ scriptId: second.id, text: saved.scriptText, textVersion: 1, restoredAt: 1234 });
    expect(s.conditions).toEqual(["stdio-one-process"]);
    expect(s.run).toEqual({ status: "done", report });
    expect(run({ type: "saved/restored", saved: { ...saved, scriptText: "{}" } }).scriptId).toBe("");
  });

  it("a new run's result is no longer 'restored'", () => {
    const s = run({ type: "saved/restored", saved }, { type: "run/started" });
    expect(labReducer(s, { type: "run/finished", reply: { ok: true, value: report } }).restoredAt).toBeNull();
  });

  it("an opened link loads its script and conditions, never a result, and says it came from a link", () => {
    const script = parseLabScript(prettyScript(second.script));
    if (!script.ok) throw new Error(script.error);
    const s = run(
      { type: "saved/restored", saved },
      { type: "link/opened", script: script.script, conditions: ["stdio-legacy-session"] },
    );
    expect(s).toMatchObject({ scriptId: "", restoredAt: null, fromLink: { kind: "ok" }, textVersion: 2 });
    expect(s.run).toEqual({ status: "idle" });
    expect(s.conditions).toEqual(["stdio-legacy-session"]);
  });

  it("a broken link says why; a made link is shown", () => {
    expect(run({ type: "link/failed", reason: "bad" }).fromLink).toEqual({ kind: "error", reason: "bad" });
    expect(run({ type: "link/made", url: "http://x/#lab=1" }).shareLink).toBe("http://x/#lab=1");
  });
});
