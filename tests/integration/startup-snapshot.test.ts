/**
 * Issue 44 item 7: `npm install` and the first `npm start` printed "no startup snapshot for tasks (it starts from its
 * bundle instead): Unknown external reference … <unresolved>". The tasks server loads the translator (lib/i18n), and
 * a V8 startup snapshot cannot hold the native parts of Intl formatters made when a module loads. Built here as
 * scripts/build-servers.mjs builds it (the same esbuild options, `node --build-snapshot`), into a folder of its own.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { buildEnvelope } from "@/lib/protocol/meta";
import { ROOT, request } from "./helpers";

const dir = mkdtempSync(path.join(tmpdir(), "snapshot-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One request to the server started from `blob`, and its first stdout line. */
function firstReply(blob: string, frame: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--snapshot-blob", blob], { stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stderr.on("data", (c) => (err += c));
    child.stdout.on("data", (c) => {
      out += c;
      if (!out.includes("\n")) return;
      child.kill();
      resolve(out.split("\n")[0]);
    });
    child.on("exit", () => reject(new Error(`the server exited without a reply: ${err}`)));
    child.stdin.write(`${JSON.stringify(frame)}\n`);
  });
}

describe("the embedded servers' startup snapshots", () => {
  it("the tasks server (it loads the translator) builds into a startup snapshot and answers from it", async () => {
    await build({
      entryPoints: { tasks: path.join(ROOT, "lib/node/demo-servers/tasks-stdio.ts") },
      outdir: dir,
      outExtension: { ".js": ".cjs" },
      bundle: true,
      platform: "node",
      target: "node20",
      minify: true,
      legalComments: "none",
      logLevel: "silent",
      format: "cjs",
    });
    const blob = path.join(dir, "tasks.blob");
    const built = spawnSync(
      process.execPath,
      ["--snapshot-blob", blob, "--build-snapshot", path.join(dir, "tasks.cjs")],
      {
        cwd: dir,
        encoding: "utf8",
        env: { PATH: process.env.PATH ?? "" } as Record<string, string> as NodeJS.ProcessEnv,
      },
    );
    expect(built.stderr.trim()).toBe("");
    expect(built.status).toBe(0);
    const reply = JSON.parse(
      await firstReply(blob, request(1, "tools/list", { _meta: buildEnvelope({ clientInfo: null }) })),
    );
    expect(reply.id).toBe(1);
    expect(reply.result.tools.map((t: { name: string }) => t.name)).toContain("slow_report");
  });
});
