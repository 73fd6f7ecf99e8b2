// Issue 26, Info: a SIGKILLed server left its self-socket folder in the temp directory. The next start removes
// this user's stale ones (pid gone), never a running server's, another user's, or a symlink.
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSelfSocketDir } from "@/lib/node/bridge/self-socket";

const tmp = mkdtempSync(path.join(os.tmpdir(), "self-dir-test-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A pid that certainly ran and exited (a child we waited for). */
const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid!;

describe("the self socket's folder", () => {
  it("removes a dead server's folder of this user; keeps a running server's, another user's, and a symlink; makes its own 0700", () => {
    const dead = path.join(tmp, `mcp-playground-self-${deadPid()}-aaaaaa`);
    mkdirSync(dead);
    const running = path.join(tmp, `mcp-playground-self-${process.pid}-bbbbbb`);
    mkdirSync(running);
    const elsewhere = path.join(tmp, "target");
    mkdirSync(elsewhere);
    const link = path.join(tmp, `mcp-playground-self-${deadPid()}-cccccc`);
    symlinkSync(elsewhere, link);
    const foreign = path.join(tmp, `mcp-playground-self-${deadPid()}-dddddd`);
    mkdirSync(foreign);
    if (process.getuid?.() === 0) chownSync(foreign, 65534, 65534);

    const mine = createSelfSocketDir(tmp);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    expect(existsSync(link) && existsSync(elsewhere)).toBe(true);
    if (process.getuid?.() === 0) expect(existsSync(foreign)).toBe(true);
    expect(path.basename(mine)).toMatch(new RegExp(`^mcp-playground-self-${process.pid}-`));
    expect(statSync(mine).mode & 0o777).toBe(0o700);
  });
});
