/**
 * Sends that leave a file behind if anything runs them: for the route tests that prove a refused call never spawns.
 * Each marker names its own file in a scratch folder of the test file, removed after its tests.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { request } from "./helpers";

export interface SpawnAttempts {
  /** A bridge send (sendId, target, frame) whose stdio command would create the marker's file. */
  send(marker: string): { sendId: string; target: { kind: "stdio"; command: string; args: string[] }; frame: string };
  /** Whether something ran the send of `marker` (its file exists). */
  ran(marker: string): boolean;
}

/** Spawn attempts for a whole test file; `prefix` names its scratch folder and its sends' ids. */
export function spawnAttemptsForFile(prefix: string): SpawnAttempts {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  return {
    send: (marker) => ({
      sendId: `${prefix}-${Math.random().toString(36).slice(2)}`,
      target: { kind: "stdio", command: "/bin/sh", args: ["-c", `touch ${path.join(scratch, marker)}`] },
      frame: JSON.stringify(request(1, "ping")),
    }),
    ran: (marker) => existsSync(path.join(scratch, marker)),
  };
}
