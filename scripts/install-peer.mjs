// A peer tool (MCP Inspector for the bench, the official conformance suite and its Node 22) is installed on demand
// into a temporary folder with npm, pinned and without install scripts: never a dependency of the playground.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Installs `packages` (each name@version) into `dir`; null when npm succeeded, else the end of what npm said. */
export function installPeer(dir, packages, extraArgs = []) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "playground-peer", private: true }));
  const r = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-save", ...extraArgs, ...packages],
    { cwd: dir, encoding: "utf8" },
  );
  if (r.status === 0) return null;
  return (r.stderr || r.error?.message || `npm exited with ${r.status}`).trim().split("\n").slice(-3).join(" ");
}
