/** Issue 27 bug 8: the small untruths of the walkthrough (TTL above the TTL, "0 error", a skipped step, the link syntax). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatRemaining, ttlRemainingMs } from "@/lib/tasks";
import { annotationSummary } from "@/lib/explain/summary";
import { authDiagram } from "@/lib/auth/diagram";
import type { AuthRun } from "@/lib/auth/types";
import { targetLabel } from "@/lib/bridge/target";
import { splitCommandLine } from "@/lib/bridge/command-line";
// @ts-expect-error a plain .mjs script without types
import { announce } from "../../../scripts/launch.mjs";

describe("the TTL countdown never says more than the TTL", () => {
  const created = Date.parse("2026-09-10T08:00:00Z");
  const task = { createdAt: "2026-09-10T08:00:00Z", ttlMs: 600_000 };
  it("a clock a little behind createdAt (the page's clock, or the card's last tick) still shows at most 10 m 00 s", () => {
    expect(ttlRemainingMs(task, created - 900)).toBe(600_000);
    expect(formatRemaining(ttlRemainingMs(task, created - 900))).toBe("10 m 00 s");
  });
  it("and counts down as before once time has passed", () => {
    expect(formatRemaining(ttlRemainingMs(task, created + 1000))).toBe("9 m 59 s");
  });
});

describe("the explainer's count line", () => {
  it("says 0 errors, 1 error, 1 note, 9 notes", () => {
    expect(annotationSummary(9, { info: 9, error: 0, deprecated: 0, removed: 0 })).toBe(
      "9 notes · 0 errors · 0 deprecated · 0 removed",
    );
    expect(annotationSummary(1, { info: 0, error: 1, deprecated: 0, removed: 0 })).toBe(
      "1 note · 1 error · 0 deprecated · 0 removed",
    );
  });
});

describe("the Auth diagram numbers every step", () => {
  const MCP = "http://127.0.0.1:4000";
  const AS = "http://127.0.0.1:5000";
  const http = (url: string, status: number) => [
    { request: { method: "GET", url, headers: {} }, response: { status, headers: {} } },
  ];
  const step = (name: string, attempts: ReturnType<typeof http> | [], facts?: Record<string, unknown>) => ({
    name,
    status: "ok" as const,
    detail: "d",
    specRef: "",
    attempts,
    ...(facts ? { facts } : {}),
  });
  const run: AuthRun = {
    target: `${MCP}/calendar/mcp`,
    outcome: "authenticated",
    findings: [],
    steps: [
      step("unauthenticated request", http(`${MCP}/calendar/mcp`, 401)),
      step("protected resource metadata", http(`${MCP}/.well-known/oauth-protected-resource/calendar/mcp`, 200)),
      step("authorization server metadata", http(`${AS}/.well-known/oauth-authorization-server`, 200)),
      // A client ID metadata document: registration sends nothing, yet it is step 4.
      step("registration", [], { method: "client ID metadata document", client_id: `${MCP}/client.json` }),
      step("token", http(`${AS}/token`, 200)),
    ],
  };
  it("a step without an HTTP request still has its arrow, saying why nothing was sent", () => {
    const d = authDiagram(run);
    expect([...new Set(d.steps.map((s) => s.round))]).toEqual([1, 2, 3, 4, 5]);
    const four = d.steps.filter((s) => s.round === 4);
    expect(four).toHaveLength(1);
    expect(four[0]).toMatchObject({ from: "client", to: "auth" });
    expect(four[0].label).toMatch(/^no request: the client_id is the URL of its metadata document/);
  });
});

describe("the start message", () => {
  afterEach(() => vi.restoreAllMocks());
  it("writes a session link the way links look (/#v=1&s=…)", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void lines.push(a.join(" ")));
    await announce({ host: "127.0.0.1", port: 3000, token: "t", hosted: false, noOpenFlag: true, label: "test" });
    const said = lines.join("\n");
    expect(said).toContain("http://127.0.0.1:3000/#v=1&s=…");
    expect(said).not.toContain("/#s=");
  });
});

describe("a custom command's label", () => {
  it("keeps the quotes its argv needs, so the label reads back as the same argv", () => {
    const target = { kind: "stdio" as const, command: "node", args: ["-e", "setInterval(()=>{},1000)"] };
    expect(targetLabel(target)).toBe(`node -e 'setInterval(()=>{},1000)'`);
    for (const args of [
      ["-e", "setInterval(()=>{},1000)"],
      ["-y", "@modelcontextprotocol/server-memory"],
      ["it's", 'say "hi"', "a b", "", "$HOME", "back\\slash"],
    ]) {
      const split = splitCommandLine(targetLabel({ kind: "stdio", command: "node", args }));
      expect(split).toEqual({ ok: true, argv: ["node", ...args] });
    }
  });
  it("leaves plain words alone", () => {
    expect(targetLabel({ kind: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-memory"] })).toBe(
      "npx -y @modelcontextprotocol/server-memory",
    );
  });
});
