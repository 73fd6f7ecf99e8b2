import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_CHECKS, checksFor } from "@/lib/checks/registry";
import { PRESETS } from "@/lib/session/presets";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";
import { APP_CALL_LIMITS, limitSentence } from "@/lib/apps/call-gate";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("the README's counts and target list match the app", () => {
  it("says how many of the digest's numbered checks exist and how many apply over each transport", () => {
    // The digest's checks are C01…C62; ours beyond them (C63…) and extension checks (tasks) are counted elsewhere.
    const digest = (list: readonly { id: string }[]) =>
      list.filter((c) => /^C\d+$/.test(c.id) && Number(c.id.slice(1)) <= 62).length;
    expect(README).toContain(`${digest(ALL_CHECKS)} of the 62 numbered checks`);
    expect(README).toContain(
      `${digest(checksFor("stdio"))} apply over stdio, ${digest(checksFor("http"))} over Streamable HTTP`,
    );
    // Beyond the digest: C63 and C64 came from comparing with MCPJam; C65 on are the rules published servers break.
    const beyond = ALL_CHECKS.filter((c) => /^C\d+$/.test(c.id) && Number(c.id.slice(1)) > 62).map((c) => c.id);
    expect(beyond.slice(0, 2)).toEqual(["C63", "C64"]);
    expect(README).toContain("plus C63 and C64 found by comparing with MCPJam's check ids");
    const rest = beyond.slice(2).map((id) => Number(id.slice(1)));
    expect(rest).toEqual(rest.map((_, i) => rest[0] + i));
    expect(README).toContain(`C${rest[0]}–C${rest.at(-1)} for what published servers get wrong`);
  });

  it("every embedded server the README names as a target is in the Target menu", () => {
    const row = README.split("\n").find((l) => l.startsWith("| **Targets** |"))!;
    for (const server of ["calendar-hardened", "calendar-handles", "mrtr-scenarios", "tasks"]) {
      expect(row).toContain(`**${server}**`);
      expect(PRESETS.some((p) => p.target?.kind === "demo" && p.target.server === server)).toBe(true);
    }
  });

  it("the Lab script the README names is called what the Lab's menu calls it", () => {
    const row = README.split("\n").find((l) => l.startsWith("| **Lab** |"))!;
    const titles = BUILT_IN_SCRIPTS.map((s) => (s.script as { title: string }).title);
    // Italics in the Lab row name scripts (bold is the row title).
    const named = [...row.matchAll(/(?<!\*)\*([^*]+)\*(?!\*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(titles).toContain(name);
  });
});

describe("the README's MCP Apps sandbox section says what holds", () => {
  it("states the app call limit in the words the gate refuses with", () => {
    expect(README).toContain(`${limitSentence(APP_CALL_LIMITS)}; the rest are refused with an error the app sees`);
  });

  it("states the sandbox's header policy, frame-src, the fixed sandbox attribute and the MessagePort relay", () => {
    const section = README.slice(README.indexOf("### MCP Apps sandbox"), README.indexOf("### Limits"));
    for (const words of [
      "sandbox allow-scripts allow-forms; frame-ancestors <sandbox origin> <playground origin>",
      "`frame-src 'self'`",
      "relays only over the `MessagePort` the app's first document hands it at load",
      'excludes `"app"` is refused by the host, with or without a `ui://` resource',
    ])
      expect(section).toContain(words);
  });
});
