// Issue 26, item 4 (tasks survive the round robin) and item 8 (the tasks store is this user's own folder).
// Real processes: two Streamable HTTP instances of the tasks server (dist-servers/http.mjs tasks), each with its
// own temp folder as two pods would have, sharing PLAYGROUND_TOKEN as a deployment's instances must; and the
// stdio server the bridge spawns. Reached through the bridge's own send(), as the page reaches them.
import type { ChildProcess } from "node:child_process";
import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { startTasksHttp } from "./tasks-http-process";
import { cancelTaskFrame, getTaskFrame, taskCallFrame, updateTaskFrame, withTasksExtension } from "@/lib/tasks";
import { replyFrame } from "@/lib/protocol/exchange";

const CAPS = withTasksExtension({ elicitation: { form: {} } });
const TOKEN = "shared-deployment-token";
const WORK = mkdtempSync(path.join(os.tmpdir(), "tasks-instances-"));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await shutdownAll();
  rmSync(WORK, { recursive: true, force: true });
});

/** One instance: its own TMPDIR (unless shared), the deployment's token, listening on a free loopback port. */
function startInstance(name: string, token: string, tmp = path.join(WORK, name)): Promise<Target> {
  mkdirSync(tmp, { recursive: true });
  const env = { PATH: process.env.PATH ?? "", TMPDIR: tmp, PLAYGROUND_TOKEN: token } as Record<string, string>;
  return startTasksHttp(`instance ${name}`, env as NodeJS.ProcessEnv, children);
}

let seq = 0;
type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };
async function rpc(target: Target, frame: unknown, processMode: "keep" | "fresh" = "keep"): Promise<Reply> {
  const ex = await send(
    { sendId: `inst-${++seq}`, target, frame: JSON.stringify(frame), insist: false, timeoutMs: 10_000, processMode },
    {},
  );
  if (ex.outcome.kind !== "response") throw new Error(`no response: ${JSON.stringify(ex.outcome)}`);
  return replyFrame(ex) as Reply;
}

/** Polls one instance at the task's own pollIntervalMs until the status is `want` (a task moves on its own timeline). */
async function pollUntil(target: Target, taskId: string, want: string): Promise<Record<string, unknown>> {
  for (;;) {
    const r = await rpc(target, getTaskFrame(++seq, taskId, CAPS));
    if (r.error) throw new Error(`tasks/get: ${r.error.message}`);
    if (r.result?.status === want) return r.result;
    if (["completed", "failed", "cancelled"].includes(String(r.result?.status)))
      throw new Error(`ended ${String(r.result?.status)}, wanted ${want}`);
    await new Promise((resolve) => setTimeout(resolve, Number(r.result?.pollIntervalMs ?? 500)));
  }
}

describe("issue 26, item 4: a task survives the round robin (instances that share PLAYGROUND_TOKEN)", () => {
  it("a task made through instance A is polled, answered and cancelled through instance B (separate temp folders)", async () => {
    const [a, b] = await Promise.all([startInstance("a", TOKEN), startInstance("b", TOKEN)]);
    const made = await rpc(a, taskCallFrame(1, "confirm_booking", { room: "Room 7" }, CAPS));
    const taskId = String(made.result?.taskId);
    expect(made.result?.status).toBe("working");

    const asking = await pollUntil(b, taskId, "input_required");
    expect(Object.keys(asking.inputRequests as object)).toEqual(["confirm"]);
    const ack = await rpc(
      b,
      updateTaskFrame(2, taskId, { confirm: { action: "accept", content: { confirmed: true } } }, CAPS),
    );
    expect(ack.error).toBeUndefined();
    const done = await pollUntil(b, taskId, "completed");
    expect(done.statusMessage).toBe("Booked Room 7 on 2026-09-10");

    const long = await rpc(a, taskCallFrame(3, "long_import", {}, CAPS));
    const longId = String(long.result?.taskId);
    expect((await rpc(b, cancelTaskFrame(4, longId, CAPS))).error).toBeUndefined();
    const cancelled = await pollUntil(b, longId, "cancelled");
    expect(String(cancelled.statusMessage)).toMatch(/^Cancelled by tasks\/cancel/);
  });

  it("an instance with another PLAYGROUND_TOKEN does not accept the id (the key really is the deployment's)", async () => {
    const [a, other] = await Promise.all([startInstance("a2", TOKEN), startInstance("other", "another-token")]);
    const made = await rpc(a, taskCallFrame(1, "slow_report", {}, CAPS));
    const r = await rpc(other, getTaskFrame(2, String(made.result?.taskId), CAPS));
    expect(r.error?.message).toContain("Task not found");
  });

  it("on one machine the instances share this user's store: an answer given through B is seen through A", async () => {
    const shared = path.join(WORK, "shared");
    const [a, b] = await Promise.all([startInstance("s1", TOKEN, shared), startInstance("s2", TOKEN, shared)]);
    const taskId = String((await rpc(a, taskCallFrame(1, "confirm_booking", {}, CAPS))).result?.taskId);
    await pollUntil(b, taskId, "input_required");
    await rpc(b, updateTaskFrame(2, taskId, { confirm: { action: "decline" } }, CAPS));
    const done = await pollUntil(a, taskId, "completed");
    expect(done.statusMessage).toBe("Not booked: you chose decline");
  });

  it("a task made over stdio (a fresh process the bridge spawns) is accepted over HTTP: the bridge hands it the deployment's key", async () => {
    const saved = { token: process.env.PLAYGROUND_TOKEN, tmp: process.env.TMPDIR };
    const tmp = path.join(WORK, "bridge");
    mkdirSync(tmp, { recursive: true });
    Object.assign(process.env, { PLAYGROUND_TOKEN: TOKEN, TMPDIR: tmp });
    try {
      const b = await startInstance("b3", TOKEN);
      const made = await rpc(
        { kind: "demo", server: "tasks", transport: "stdio" },
        taskCallFrame(1, "slow_report", { steps: 1 }, CAPS),
        "fresh",
      );
      const done = await pollUntil(b, String(made.result?.taskId), "completed");
      expect(done.statusMessage).toBe("Report ready after 1 steps");
    } finally {
      for (const [k, v] of [
        ["PLAYGROUND_TOKEN", saved.token],
        ["TMPDIR", saved.tmp],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
});

describe("issue 26, item 8: the tasks store is a folder of this user's own", () => {
  const uid = process.getuid!();
  /** A TMPDIR whose mcp-playground-tasks-<uid> was prepared by `plant`, and what the server answers to a task call there. */
  async function callWithPlantedStore(name: string, plant: (dir: string) => void): Promise<Reply> {
    const tmp = path.join(WORK, `planted-${name}`);
    mkdirSync(tmp, { recursive: true });
    plant(path.join(tmp, `mcp-playground-tasks-${uid}`));
    const child = startInstance(`p-${name}`, "", tmp); // no token: the key would come from the (planted) store
    return rpc(await child, taskCallFrame(1, "slow_report", {}, CAPS));
  }

  it("a store folder open to other users (planted 0777) is refused with a message that says what to do", async () => {
    const r = await callWithPlantedStore("open", (dir) => {
      mkdirSync(dir);
      chmodSync(dir, 0o777);
    });
    expect(r.error?.message).toMatch(
      /is open to other users \(mode 777, must be 700\).*Remove it, or set TASKS_STORE_DIR/,
    );
  });

  it.runIf(uid === 0)("a store folder owned by another user is refused", async () => {
    const r = await callWithPlantedStore("owner", (dir) => {
      mkdirSync(dir, { mode: 0o700 });
      chownSync(dir, 65534, 65534);
    });
    expect(r.error?.message).toContain("belongs to uid 65534, not to this user (uid 0)");
  });

  it("a symbolic link in place of the store folder is refused, not followed", async () => {
    const r = await callWithPlantedStore("link", (dir) => {
      const elsewhere = path.join(WORK, "attacker-folder");
      mkdirSync(elsewhere, { mode: 0o700 });
      symlinkSync(elsewhere, dir);
    });
    expect(r.error?.message).toContain("is a symbolic link");
  });

  it("a missing store is made 0700 by this user, and a task works", async () => {
    const tmp = path.join(WORK, "fresh-store");
    const a = await startInstance("fresh", "", tmp);
    const r = await rpc(a, taskCallFrame(1, "slow_report", {}, CAPS));
    expect(r.result?.status).toBe("working");
    const st = lstatSync(path.join(tmp, `mcp-playground-tasks-${uid}`));
    expect([st.isDirectory(), st.uid, st.mode & 0o777]).toEqual([true, uid, 0o700]);
  });
});
