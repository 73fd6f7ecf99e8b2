/**
 * Issue 44 item 7: `npm install` on the Node the README names printed 25 EBADENGINE lines (test tools that want Node 22)
 * and, with npm 11, "install scripts not yet covered by allowScripts". Every installed package supports the README's
 * Node, and every install script is decided in package.json's allowScripts, so an install says neither.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), "utf8");
const { satisfies } = createRequire(import.meta.url)("semver") as {
  satisfies: (version: string, range: string) => boolean;
};

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, LockedPackage> };
const manifest = JSON.parse(read("package.json")) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const installed = Object.entries(lock.packages).filter(([where]) => where !== "");
const nameOf = (where: string) => where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length);

describe("npm install on the README's Node is quiet", () => {
  const [, major, minor] = /Node (\d+)\.(\d+) or newer/.exec(read("README.md")) ?? [];
  const readmeNode = `${major}.${minor}.0`;

  it("package.json's engines name the Node the README names", () => {
    expect(major).toBeDefined();
    expect(manifest.engines.node).toBe(`>=${readmeNode}`);
  });

  it("every installed package supports that Node (no EBADENGINE)", () => {
    const refusing = installed
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !satisfies(readmeNode, (p.engines as { node: string }).node))
      .map(([where, p]) => `${nameOf(where)}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it("every package with an install script is decided in allowScripts (no install-scripts warning)", () => {
    const undecided = installed
      .filter(([, p]) => p.hasInstallScript)
      .map(([where]) => nameOf(where))
      .filter((name) => typeof manifest.allowScripts?.[name] !== "boolean");
    expect(undecided).toEqual([]);
  });
});
