// Issue 43, low finding 8: task ids cannot be forged by whoever holds what the hosted page carries, and a sealed id
// cannot outlive a task's longest life. The attack pass computed the task-id key from the token the hosted page
// handed out (HKDF, as the server does), sealed its own seed — confirm_booking, created an hour ago, ttl 10 years —
// and tasks/get served it. Here: the same forgery, made from what the hosted page carries, is "not this server's";
// a seed sealed with the server's own key but a ttl past MAX_TASK_TTL_MS, or a creation time in the future, is
// refused too; an id the server mints still opens.
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { taskIdKeyFromToken } from "@/lib/node/bridge/embedded";
import { hostedPageToken } from "@/lib/node/web/token";
import { MAX_TASK_TTL_MS, mintTaskId, openTaskId } from "@/lib/node/demo-servers/tasks-ids";

const TOKEN = "the-class-secret-0123456789";
const dir = mkdtempSync(path.join(os.tmpdir(), "task-ids-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeEach(() => {
  vi.stubEnv("PLAYGROUND_MODE", "hosted");
  vi.stubEnv("PLAYGROUND_TOKEN", TOKEN);
  vi.stubEnv("TASKS_ID_KEY", "");
  vi.stubEnv("TASKS_STORE_DIR", path.join(dir, "store"));
});
afterEach(() => vi.unstubAllEnvs());

/** An id sealed as the attack pass sealed it: HMAC-SHA256 under `key`, the tag cut to 22 base64url characters. */
function sealWith(key: string, seed: { t: string; a: object; c: number; l: number }): string {
  const body = Buffer.from(JSON.stringify({ ...seed, n: randomBytes(16).toString("base64url") }), "utf8").toString(
    "base64url",
  );
  return `tsk1.${body}.${createHmac("sha256", Buffer.from(key, "utf8")).update(body).digest("base64url").slice(0, 22)}`;
}

const YEAR = 365 * 24 * 60 * 60 * 1000;
const forgedSeed = () => ({ t: "confirm_booking", a: { room: "<b>x</b>" }, c: Date.now() - 3_600_000, l: 10 * YEAR });

describe("issue 43, low 8: task ids are the server's alone", () => {
  it("hosted: the page does not carry the token, and an id sealed with a key derived from what it carries is refused", () => {
    const carried = hostedPageToken();
    expect(carried).not.toBe(TOKEN);
    expect(openTaskId(sealWith(taskIdKeyFromToken(carried), { ...forgedSeed(), l: 600_000 }))).toBeUndefined();
  });

  it("an id sealed with the server's own key but a ttl past the longest a task lives (10 years) is refused", () => {
    const ownKey = taskIdKeyFromToken(TOKEN);
    expect(openTaskId(sealWith(ownKey, forgedSeed()))).toBeUndefined();
    expect(openTaskId(sealWith(ownKey, { ...forgedSeed(), l: MAX_TASK_TTL_MS + 1 }))).toBeUndefined();
    expect(openTaskId(sealWith(ownKey, { ...forgedSeed(), l: -1 }))).toBeUndefined();
  });

  it("an id sealed with the server's own key but created more than 10 minutes in the future is refused", () => {
    const ownKey = taskIdKeyFromToken(TOKEN);
    const seed = { ...forgedSeed(), l: 600_000, c: Date.now() + 11 * 60_000 };
    expect(openTaskId(sealWith(ownKey, seed))).toBeUndefined();
  });

  it("an id the server mints opens, with its seed", () => {
    const createdAtMs = Date.now();
    const id = mintTaskId({ tool: "slow_report", args: { steps: 2 }, createdAtMs, ttlMs: MAX_TASK_TTL_MS });
    expect(openTaskId(id)).toEqual({ tool: "slow_report", args: { steps: 2 }, createdAtMs, ttlMs: MAX_TASK_TTL_MS });
  });
});
