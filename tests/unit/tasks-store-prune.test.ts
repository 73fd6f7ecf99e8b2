// Attacking issue 26 item 4's shared store: answers and cancels are files on a volume every instance shares (a 64 MiB
// claim in deploy/k8s). A client that answers or cancels tasks at its allowed rate must not be able to fill it with
// files that can no longer matter: a task lives at most an hour, so its events go once an hour (and a margin for
// the clocks of several machines) has passed, not after a day.
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { MAX_TASK_TTL_MS, pruneStaleEvents, readEvents, writeEvents } from "@/lib/node/demo-servers/tasks-ids";

const dir = mkdtempSync(path.join(os.tmpdir(), "tasks-prune-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the shared tasks store keeps only what a live task can need", () => {
  it("an answer written more than a task's longest life ago (plus 10 minutes) is removed; a younger one stays", () => {
    vi.stubEnv("TASKS_STORE_DIR", path.join(dir, "store"));
    const now = Date.now();
    writeEvents("tsk1.old", { cancelRequestedAtMs: now });
    writeEvents("tsk1.young", { cancelRequestedAtMs: now });
    const ago = (ms: number) => (now - ms) / 1000;
    utimesSync(fileOfStore("tsk1.old"), ago(MAX_TASK_TTL_MS + 11 * 60_000), ago(MAX_TASK_TTL_MS + 11 * 60_000));
    utimesSync(fileOfStore("tsk1.young"), ago(MAX_TASK_TTL_MS - 60_000), ago(MAX_TASK_TTL_MS - 60_000));
    pruneStaleEvents(now);
    expect(readEvents("tsk1.old")).toEqual({});
    expect(readEvents("tsk1.young")).toEqual({ cancelRequestedAtMs: now });
    expect(MAX_TASK_TTL_MS).toBe(3_600_000);
  });
});

/** The store names a task's file by the SHA-256 of its id. */
function fileOfStore(id: string): string {
  const file = path.join(dir, "store", `${createHash("sha256").update(id).digest("hex")}.json`);
  expect(existsSync(file)).toBe(true);
  return file;
}
