// The task checks (T01–T09): every one passes on the embedded tasks server, and each fails against a server
// that breaks its rule (tests/fixtures/tasks/broken.ts): proof that no check can only pass.
import { afterAll, describe, expect, it } from "vitest";
import { startDemoHttpServer } from "@/lib/node/demo-servers/http";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { runChecks } from "@/lib/checks/runner";
import type { Target } from "@/lib/bridge/contract";
import { TASK_CHECKS } from "@/lib/checks/checks/tasks";
import { serveBroken, TASK_VIOLATIONS } from "@/tests/fixtures/tasks/broken";

const IDS = TASK_CHECKS.map((c) => c.id);
const OPTIONS = { listenWindowMs: 400, timeoutMs: 5000, toolCalls: "all" as const };

afterAll(() => shutdownAll());

async function run(target: Target, transport: "stdio" | "http", only: string[], baseUrl?: string) {
  const report = await runChecks(
    { send: bridgeCheckSend(target, baseUrl ? { baseUrl } : {}), transport, label: "tasks" },
    { ...OPTIONS, only },
  );
  return Object.fromEntries(report.checks.map((c) => [c.id, `${c.status}: ${c.detail}`]));
}

describe("task checks on the embedded tasks server", () => {
  it("over Streamable HTTP every task check passes", async () => {
    const demo = await startDemoHttpServer("tasks");
    try {
      const result = await run(
        { kind: "demo", server: "tasks", transport: "http" },
        "http",
        IDS,
        new URL(demo.url).origin,
      );
      for (const id of IDS) expect(result[id], id).toMatch(/^pass: /);
    } finally {
      await demo.close();
    }
  });

  it("over stdio every task check passes (T06 is HTTP only)", async () => {
    const result = await run({ kind: "demo", server: "tasks", transport: "stdio" }, "stdio", IDS);
    for (const id of IDS.filter((i) => i !== "T06")) expect(result[id], id).toMatch(/^pass: /);
    expect(result.T06).toBeUndefined();
  });
});

describe.each(TASK_VIOLATIONS)("a server that breaks %s", (violation) => {
  it(`fails ${violation}`, async () => {
    const server = await serveBroken(violation);
    try {
      const result = await run({ kind: "http", url: server.url }, "http", [violation]);
      expect(result[violation]).toMatch(/^fail: /);
    } finally {
      await server.close();
    }
  });
});
