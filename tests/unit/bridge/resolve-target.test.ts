import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveTarget } from "@/lib/node/bridge/demo";

// resolveTarget looks for a demo server's program on disk only when a process may be started for it; with nothing
// running, a missing build or install is said as such, with the command that makes it.
describe("a demo target whose program is not on disk", () => {
  let root: string;
  const before = process.env.PLAYGROUND_ROOT;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "resolve-target-"));
    process.env.PLAYGROUND_ROOT = root;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.PLAYGROUND_ROOT;
    else process.env.PLAYGROUND_ROOT = before;
    rmSync(root, { recursive: true, force: true });
  });

  it("an embedded server without its build is refused with the build command", async () => {
    const resolved = await resolveTarget({ kind: "demo", server: "calendar", transport: "stdio" }, {});
    expect(resolved).toEqual({
      ok: false,
      failure: "spawn",
      message: `the calendar server's stdio build ${path.join(root, "dist-servers", "calendar.mjs")} is missing: run \`node scripts/build-servers.mjs\``,
    });
  });

  it("server-everything not installed is refused with npm install", async () => {
    const resolved = await resolveTarget({ kind: "demo", server: "everything", transport: "stdio" }, {});
    expect(resolved).toMatchObject({ ok: false, failure: "spawn" });
    expect(resolved.ok ? "" : resolved.message).toBe(
      `server-everything is not installed (${path.join(root, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js")} is missing): run \`npm install\``,
    );
  });
});
