// Issue 26, item 4 across machines: two pods configured exactly as deploy/k8s/deployment.yaml configures them.
// Each pod gets its own folder for every emptyDir (its /tmp: a pod's temp folder is its own machine's) and one folder
// per PersistentVolumeClaim shared by both (what a ReadWriteMany claim is); its environment is the manifest's, with
// the Secret's token. Real processes: pod B is a Streamable HTTP tasks server (dist-servers/http.mjs tasks) with B's
// environment; pod A is both such a server and this process's bridge (send()), which spawns the stdio tasks server
// the page reaches over stdio. A task made on one pod must be found, answered and cancelled on the other.
import type { ChildProcess } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { Target } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { shutdownAll } from "@/lib/node/bridge/stdio";
import { startTasksHttp } from "./tasks-http-process";
import { cancelTaskFrame, getTaskFrame, taskCallFrame, updateTaskFrame, withTasksExtension } from "@/lib/tasks";
import { replyFrame } from "@/lib/protocol/exchange";

const ROOT = path.resolve(__dirname, "..", "..", "..");
const CAPS = withTasksExtension({ elicitation: { form: {} } });
const WORK = mkdtempSync(path.join(os.tmpdir(), "tasks-pods-"));
/** The Secret the README tells the admin to create: `kubectl create secret generic mcp-playground --from-literal=token=…`. */
const SECRETS: Record<string, Record<string, string>> = { "mcp-playground": { token: "the-class-secret-0123456789" } };
const children: ChildProcess[] = [];

// Parsed YAML, walked by path below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const deployment = parse(readFileSync(path.join(ROOT, "deploy/k8s/deployment.yaml"), "utf8")) as Record<string, any>;
const podSpec = deployment.spec.template.spec;
const container = podSpec.containers[0];

type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } };
type Volume = { name: string; emptyDir?: object; persistentVolumeClaim?: { claimName: string } };

/** A pod's environment as the manifest gives it, with its mounts mapped to folders here; TMPDIR is its /tmp. */
function podEnv(pod: string): Record<string, string> {
  const mounts: [string, string][] = [];
  for (const m of container.volumeMounts as { name: string; mountPath: string }[]) {
    const volume = (podSpec.volumes as Volume[]).find((v) => v.name === m.name)!;
    const folder = volume.persistentVolumeClaim
      ? path.join(WORK, "claims", volume.persistentVolumeClaim.claimName)
      : path.join(WORK, pod, volume.name);
    mkdirSync(folder, { recursive: true });
    // A claim's root as kubelet leaves it with fsGroup (group-writable, setgid); an emptyDir is the pod's own.
    chmodSync(folder, volume.persistentVolumeClaim ? 0o2775 : 0o700);
    mounts.push([m.mountPath, folder]);
  }
  const onHost = (p: string) => {
    const hit = mounts.find(([mountPath]) => p === mountPath || p.startsWith(`${mountPath}/`));
    return hit ? hit[1] + p.slice(hit[0].length) : p;
  };
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", TMPDIR: onHost("/tmp") };
  for (const e of container.env as EnvVar[]) {
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) env[e.name] = SECRETS[ref.name][ref.key];
    else if (e.value !== undefined) env[e.name] = e.value.startsWith("/") ? onHost(e.value) : e.value;
  }
  delete env.HOST; // the test's pods listen on a free loopback port
  delete env.PORT;
  return env;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await shutdownAll();
  rmSync(WORK, { recursive: true, force: true });
});

/** A pod's tasks server over Streamable HTTP, with the pod's environment, on a free loopback port. */
function startPod(pod: string, env = podEnv(pod)): Promise<Target> {
  return startTasksHttp(`pod ${pod}`, env as NodeJS.ProcessEnv, children);
}

let seq = 0;
type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };
async function rpc(target: Target, frame: unknown): Promise<Reply> {
  const ex = await send(
    {
      sendId: `pod-${++seq}`,
      target,
      frame: JSON.stringify(frame),
      insist: false,
      timeoutMs: 10_000,
      processMode: "fresh",
    },
    {},
  );
  if (ex.outcome.kind !== "response") throw new Error(`no response: ${JSON.stringify(ex.outcome)}`);
  return replyFrame(ex) as Reply;
}

async function get(target: Target, taskId: string): Promise<Record<string, unknown>> {
  const r = await rpc(target, getTaskFrame(++seq, taskId, CAPS));
  if (r.error) throw new Error(`tasks/get: ${r.error.message}`);
  return r.result!;
}

/** Polls one pod at the task's own pollIntervalMs until the status is `want` (a task moves on its own timeline). */
async function pollUntil(target: Target, taskId: string, want: string): Promise<Record<string, unknown>> {
  for (;;) {
    const task = await get(target, taskId);
    if (task.status === want) return task;
    if (["completed", "failed", "cancelled"].includes(String(task.status)))
      throw new Error(`ended ${String(task.status)}, wanted ${want}`);
    await new Promise((resolve) => setTimeout(resolve, Number(task.pollIntervalMs ?? 500)));
  }
}

/** A task's state is computed from its id, the shared answers and the clock: once one pod says it ended, every pod must. */
async function seenAlike(pods: Target[], taskId: string, want: string): Promise<void> {
  const ended = await pollUntil(pods[0], taskId, want);
  for (const other of pods.slice(1))
    expect(await get(other, taskId), "another pod sees another state").toMatchObject({
      status: want,
      statusMessage: ended.statusMessage,
    });
}

describe("issue 26, item 4: tasks survive the round robin across pods configured as deploy/k8s configures them", () => {
  it("a task made through pod A is found, answered and cancelled through pod B, and pod A sees the answer and the cancel", async () => {
    const [a, b] = await Promise.all([startPod("a"), startPod("b")]);
    const taskId = String((await rpc(a, taskCallFrame(1, "confirm_booking", { room: "Room 7" }, CAPS))).result?.taskId);
    await pollUntil(b, taskId, "input_required");
    const ack = await rpc(
      b,
      updateTaskFrame(2, taskId, { confirm: { action: "accept", content: { confirmed: true } } }, CAPS),
    );
    expect(ack.error).toBeUndefined();
    await seenAlike([b, a], taskId, "completed");
    expect((await get(a, taskId)).statusMessage).toBe("Booked Room 7 on 2026-09-10");

    const longId = String((await rpc(a, taskCallFrame(3, "long_import", {}, CAPS))).result?.taskId);
    expect((await rpc(b, cancelTaskFrame(4, longId, CAPS))).error).toBeUndefined();
    await seenAlike([b, a], longId, "cancelled");
    expect(String((await get(a, longId)).statusMessage)).toMatch(/^Cancelled by tasks\/cancel/);
  });

  it("a task the page makes over stdio on pod A (the server pod A's bridge spawns) is answered there and cancelled on pod B", async () => {
    const b = await startPod("b2");
    const saved = { ...process.env };
    // This process is pod A's bridge. It also plays the browser that reaches pod B on loopback, which hosted mode's
    // SSRF guard would refuse, so it runs in local mode; the stdio server gets the same environment either way.
    const { PLAYGROUND_MODE: _mode, ...bridgeEnv } = podEnv("a2");
    Object.assign(process.env, bridgeEnv);
    try {
      const stdio: Target = { kind: "demo", server: "tasks", transport: "stdio" };
      const taskId = String((await rpc(stdio, taskCallFrame(1, "confirm_booking", {}, CAPS))).result?.taskId);
      await pollUntil(b, taskId, "input_required");
      await rpc(stdio, updateTaskFrame(2, taskId, { confirm: { action: "decline" } }, CAPS));
      await seenAlike([stdio, b], taskId, "completed");
      expect((await get(b, taskId)).statusMessage).toBe("Not booked: you chose decline");

      const longId = String((await rpc(stdio, taskCallFrame(3, "long_import", {}, CAPS))).result?.taskId);
      await rpc(b, cancelTaskFrame(4, longId, CAPS));
      await seenAlike([b, stdio], longId, "cancelled");
    } finally {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    }
  });

  it("TASKS_STORE_DIR on a volume that is not mounted (the claim removed, the variable kept) fails an answer with what to do, not a bare ENOENT", async () => {
    const pod = await startPod("c", { ...podEnv("c"), TASKS_STORE_DIR: path.join(WORK, "not-mounted", "tasks") });
    const taskId = String((await rpc(pod, taskCallFrame(1, "confirm_booking", {}, CAPS))).result?.taskId);
    await pollUntil(pod, taskId, "input_required");
    const r = await rpc(pod, updateTaskFrame(2, taskId, { confirm: { action: "decline" } }, CAPS));
    expect(r.error?.message).toMatch(
      /^the tasks store \/\S+\/not-mounted\/tasks cannot be made \(ENOENT\): set TASKS_STORE_DIR to a folder in a volume every instance mounts, writable by uid \d+/,
    );
  });
});
