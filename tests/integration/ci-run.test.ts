/**
 * .ci/run, the CI entry, hands its process over to `npm test` (exec): a SIGTERM that CI sends to it reaches npm at
 * once, rather than waiting in the shell until npm ends on its own. Run with an `npm` of our own first on PATH (it
 * passes `npm ci` and stands in for `npm test`), so that nothing is installed or tested.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { ROOT } from "./helpers";

const FAKE_NPM = `#!/bin/sh
[ "$1" = ci ] && exit 0
trap 'echo "npm test got SIGTERM"; exit 143' TERM
echo "npm test running"
while :; do sleep 0.1; done
`;

let dir = "";
let pid = 0;
afterEach(() => {
  try {
    if (pid) process.kill(-pid, "SIGKILL"); // its group: without exec, the stand-in npm is a child of the shell
  } catch {
    /* already gone */
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it(".ci/run passes a SIGTERM on to npm test at once (it execs npm test)", async () => {
  dir = mkdtempSync(path.join(tmpdir(), "ci-run-"));
  writeFileSync(path.join(dir, "npm"), FAKE_NPM);
  chmodSync(path.join(dir, "npm"), 0o755);
  const run = spawn(path.join(ROOT, ".ci", "run"), [], {
    env: { ...process.env, PATH: `${dir}:${process.env.PATH}` },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  pid = run.pid!;
  let out = "";
  run.stdout!.on("data", (d) => (out += d));
  await expect.poll(() => out, { timeout: 10_000 }).toContain("npm test running");
  const exited = new Promise<number | null>((resolve) => run.once("exit", (code) => resolve(code)));
  run.kill("SIGTERM");
  await expect.poll(() => out, { timeout: 5_000 }).toContain("npm test got SIGTERM");
  expect(await exited).toBe(143);
});
