import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS, checksFor } from "@/lib/checks/registry";
import { PRESETS } from "@/lib/session/presets";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's counts and target list match the app", () => {
  it("says how many of the digest's numbered checks exist and how many apply over each transport", () => {
    // The digest's checks are C01…C62; ours beyond them (C63…) and extension checks (tasks) are counted elsewhere.
    const digest = (list: readonly { id: string }[]) => list.filter((c) => /^C\d+$/.test(c.id) && Number(c.id.slice(1)) <= 62).length;
    expect(README).toContain(`${digest(ALL_CHECKS)} of the 62 numbered checks`);
    expect(README).toContain(`${digest(checksFor("stdio"))} apply over stdio, ${digest(checksFor("http"))} over Streamable HTTP`);
    const beyond = ALL_CHECKS.filter((c) => /^C\d+$/.test(c.id) && Number(c.id.slice(1)) > 62).map((c) => c.id);
    expect(README).toContain(`plus ${beyond.join(" and ")} found by comparing with MCPJam's check ids`);
  });

  it("every embedded server the README names as a target is in the Target menu", () => {
    const row = README.split("\n").find((l) => l.startsWith("| **Targets** |"))!;
    for (const server of ["calendar-hardened", "calendar-handles", "mrtr-scenarios", "tasks"]) {
      expect(row).toContain(`**${server}**`);
      expect(PRESETS.some((p) => p.target?.kind === "demo" && p.target.server === server)).toBe(true);
    }
  });
});
