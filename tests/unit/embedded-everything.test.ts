/**
 * Issue 47: installed from its tarball, the playground is node_modules/mcp-playground and npm puts the packages it
 * depends on beside it (hoisted), not inside it. server-everything is found where Node's resolution finds it from the
 * playground's root, in a clone (./node_modules) and in an install (../) alike.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { everythingEntry } from "@/lib/node/bridge/embedded";

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder with node_modules/<package> holding a package.json; returns the folder. */
function withPackage(dir: string, name: string): string {
  const at = path.join(dir, "node_modules", ...name.split("/"));
  mkdirSync(at, { recursive: true });
  writeFileSync(path.join(at, "package.json"), JSON.stringify({ name, version: "1.0.0" }));
  return at;
}

describe("server-everything is found from the playground's root as Node resolves packages", () => {
  it("installed: beside the package, where npm hoisted it", () => {
    const user = mkdtempSync(path.join(os.tmpdir(), "everything-hoisted-"));
    made.push(user);
    const everything = withPackage(user, "@modelcontextprotocol/server-everything");
    const playground = withPackage(user, "mcp-playground");
    vi.stubEnv("PLAYGROUND_ROOT", playground);
    expect(everythingEntry()).toBe(path.join(everything, "dist", "index.js"));
  });

  it("a clone: in its own node_modules", () => {
    const clone = mkdtempSync(path.join(os.tmpdir(), "everything-clone-"));
    made.push(clone);
    writeFileSync(path.join(clone, "package.json"), JSON.stringify({ name: "mcp-playground" }));
    const everything = withPackage(clone, "@modelcontextprotocol/server-everything");
    vi.stubEnv("PLAYGROUND_ROOT", clone);
    expect(everythingEntry()).toBe(path.join(everything, "dist", "index.js"));
  });
});
