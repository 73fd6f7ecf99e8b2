import { describe, expect, it } from "vitest";
import { exampleById } from "@/lib/share/examples";
import {
  commandsToConfirm,
  liveResultText,
  livePlan,
  runLivePlan,
  spawnConfirmation,
  withEnvValues,
} from "@/lib/share/live";
import type { Target } from "@/lib/bridge/contract";
import type { RecordedExchange, ShareState } from "@/lib/share/state";
import { defaultShareState } from "@/lib/share/v1";

describe("Run live: what an explicit click would send", () => {
  it("re-sends every recorded frame in order, each in the process mode it was recorded in", () => {
    const plan = livePlan(exampleById("isolation-abc")!.state);
    expect(plan.target).toEqual({ kind: "demo", server: "calendar", transport: "stdio" });
    expect(plan.steps.map((s) => [s.label, s.processMode])).toEqual([
      ["process A", "fresh"],
      ["process B", "fresh"],
      ["process C", "fresh"],
    ]);
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
    expect(sent).toEqual({ sent: 1, targets: 1, skipped: 0, stoppedAt: 2 });
    expect(calls).toEqual([
      [1, "live · process A", "fresh"],
      [2, "live · process B", "fresh"],
    ]);
  });

  it("with nothing recorded, the editor text is what runs", () => {
    const state = { ...defaultShareState(), editor: '{"x":1}' };
    expect(livePlan(state).steps).toEqual([
      { frame: '{"x":1}', processMode: "keep", timeoutMs: 10_000, index: 1, target: state.target },
    ]);
  });
});

describe("a stdio command from a link is confirmed before it is spawned", () => {
  it("the confirmation shows the full argv, the cwd and every env key (values left out by the sharer are flagged)", () => {
    const c = spawnConfirmation({
      kind: "stdio",
      command: "npx",
      args: ["-y", "some-server", "--flag=a b"],
      cwd: "/tmp/x",
      env: { API_KEY: "", MODE: "fast" },
    });
    expect(c).toEqual({
      argv: ["npx", "-y", "some-server", "--flag=a b"],
      cwd: "/tmp/x",
      envKeys: ["API_KEY", "MODE"],
      envKeysWithoutValue: ["API_KEY"],
    });
  });

  it.each([
    ["an embedded demo server", { kind: "demo", server: "calendar", transport: "stdio" } as const],
    ["an HTTP URL", { kind: "http", url: "http://127.0.0.1:1/mcp" } as const],
  ])("%s spawns nothing the link chose, so needs no confirmation", (_label, target) => {
    expect(spawnConfirmation(target)).toBeNull();
  });

  it("env values typed in the dialog fill the keys the link carried; keys left empty are not set", () => {
    const target = withEnvValues(
      { kind: "stdio", command: "x", args: [], env: { API_KEY: "", OTHER: "" } },
      { API_KEY: "typed" },
    );
    expect(target).toEqual({ kind: "stdio", command: "x", args: [], env: { API_KEY: "typed" } });
  });
});

describe("a link recorded against several targets replays each frame to its own target (B1)", () => {
  const calendar: Target = { kind: "demo", server: "calendar", transport: "stdio" };
  const everything: Target = { kind: "demo", server: "everything", transport: "stdio" };
  const tool: Target = { kind: "stdio", command: "node", args: ["my-server.js"] };
  const x = (id: number, extra: Partial<RecordedExchange>): RecordedExchange => ({
    sent: JSON.stringify({ jsonrpc: "2.0", id, method: "tools/list" }),
    received: [],
    outcome: { kind: "notification", note: "" },
    events: [],
    durationMs: 1,
    timeoutMs: 10_000,
    transport: "stdio",
    targetLabel: "calendar (stdio)",
    ...extra,
  });
  const share = (exchanges: RecordedExchange[]): ShareState => ({
    ...defaultShareState(),
    target: calendar,
    exchanges,
  });

  it("each step carries the exchange's own target; the plan names the distinct targets in first-use order", () => {
    const plan = livePlan(share([x(1, {}), x(2, { target: everything, targetLabel: "everything (stdio)" }), x(3, {})]));
    expect(plan.steps.map((s) => s.target)).toEqual([calendar, everything, calendar]);
    expect(plan.targets).toEqual([calendar, everything]);
  });

  it("an older link without per-exchange targets: embedded servers and URLs are recognised by their label", () => {
    const plan = livePlan(
      share([
        x(1, {}),
        x(2, { targetLabel: "everything (stdio)" }),
        x(3, { targetLabel: "http://127.0.0.1:9/mcp", transport: "http" }),
      ]),
    );
    expect(plan.steps.map((s) => s.target)).toEqual([
      calendar,
      everything,
      { kind: "http", url: "http://127.0.0.1:9/mcp" },
    ]);
  });

  it("a frame whose target the link does not describe is marked, with the reason, and never sent", async () => {
    const plan = livePlan(share([x(1, {}), x(2, { targetLabel: "python server.py --port 1" })]));
    expect(plan.steps[1].target).toBeNull();
    expect(plan.steps[1].skip).toContain('"python server.py --port 1"');
    const to: string[] = [];
    const result = await runLivePlan(plan, async (_t, opts) => (to.push(JSON.stringify(opts.target)), {}));
    expect(to).toEqual([JSON.stringify(calendar)]);
    expect(result).toEqual({ sent: 1, targets: 1, skipped: 1 });
  });

  it("runLivePlan sends each frame to its own target (a confirmed command replaces the link's) and counts targets", async () => {
    const confirmedTool: Target = { ...tool, env: { TOKEN: "typed" } } as Target;
    const plan = livePlan(
      share([x(1, {}), x(2, { target: tool, targetLabel: "node my-server.js" }), x(3, { target: everything })]),
    );
    expect(commandsToConfirm(plan)).toEqual([tool]);
    const to: Target[] = [];
    const result = await runLivePlan(
      plan,
      async (_t, opts) => (to.push(opts.target), {}),
      (t) => (t.kind === "stdio" ? confirmedTool : t),
    );
    expect(to).toEqual([calendar, confirmedTool, everything]);
    expect(liveResultText(result)).toBe("Run live: 3 frames sent, 3 targets");
  });
});
