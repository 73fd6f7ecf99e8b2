import { describe, expect, it } from "vitest";
import { exampleById } from "@/lib/share/examples";
import { livePlan, runLivePlan, spawnConfirmation, withEnvValues } from "@/lib/share/live";
import { defaultShareState } from "@/lib/share/v1";

describe("Run live: what an explicit click would send", () => {
  it("re-sends every recorded frame in order, each in the process mode it was recorded in", () => {
    const plan = livePlan(exampleById("isolation-abc")!.state);
    expect(plan.target).toEqual({ kind: "demo", server: "calendar", transport: "stdio" });
    expect(plan.steps.map((s) => [s.label, s.processMode])).toEqual([["process A", "fresh"], ["process B", "fresh"], ["process C", "fresh"]]);
    expect(plan.steps[1].frame).toBe(exampleById("isolation-abc")!.state.exchanges[1].sent);
  });

  it("a kept-process example stays in one process", () => {
    expect(livePlan(exampleById("dentist-mrtr")!.state).steps.map((s) => s.processMode)).toEqual(["keep", "keep"]);
  });

  it("runLivePlan sends each frame in order with its label and process mode, and stops at the first refusal", async () => {
    const calls: [string, string, string][] = [];
    const plan = livePlan(exampleById("isolation-abc")!.state);
    const sent = await runLivePlan(plan, async (text, opts) => {
      calls.push([JSON.parse(text).id, opts.label, opts.processMode]);
      return calls.length === 2 ? null : {};
    });
    expect(sent).toBe(1);
    expect(calls).toEqual([[1, "live · process A", "fresh"], [2, "live · process B", "fresh"]]);
  });

  it("with nothing recorded, the editor text is what runs", () => {
    const state = { ...defaultShareState(), editor: "{\"x\":1}" };
    expect(livePlan(state).steps).toEqual([{ frame: "{\"x\":1}", processMode: "keep", timeoutMs: 10_000 }]);
  });
});

describe("a stdio command from a link is confirmed before it is spawned", () => {
  it("the confirmation shows the full argv, the cwd and every env key (values left out by the sharer are flagged)", () => {
    const c = spawnConfirmation({ kind: "stdio", command: "npx", args: ["-y", "some-server", "--flag=a b"], cwd: "/tmp/x", env: { API_KEY: "", MODE: "fast" } });
    expect(c).toEqual({ argv: ["npx", "-y", "some-server", "--flag=a b"], cwd: "/tmp/x", envKeys: ["API_KEY", "MODE"], envKeysWithoutValue: ["API_KEY"] });
  });

  it.each([
    ["an embedded demo server", { kind: "demo", server: "calendar", transport: "stdio" } as const],
    ["an HTTP URL", { kind: "http", url: "http://127.0.0.1:1/mcp" } as const],
  ])("%s spawns nothing the link chose, so needs no confirmation", (_label, target) => {
    expect(spawnConfirmation(target)).toBeNull();
  });

  it("env values typed in the dialog fill the keys the link carried; keys left empty are not set", () => {
    const target = withEnvValues({ kind: "stdio", command: "x", args: [], env: { API_KEY: "", OTHER: "" } }, { API_KEY: "typed" });
    expect(target).toEqual({ kind: "stdio", command: "x", args: [], env: { API_KEY: "typed" } });
  });
});
