import { describe, expect, it } from "vitest";
import { ALL_CHECKS } from "@/lib/checks/registry";
import { exitCodeOf, toCliJson, toJunit } from "@/lib/checks/report";
import { badgeSvg } from "@/lib/checks/badge";
import { runChecks } from "@/lib/checks/runner";
import type { CheckReport } from "@/lib/checks/types";
import { legacyReply, peer, type Script } from "./peer";

const legacyStdio: Script = (frame) => {
  const legacy = legacyReply(frame);
  if (legacy) return legacy;
  if (frame.method === "tools/list")
    return {
      frames: [{ jsonrpc: "2.0", id: frame.id, result: { tools: [{ name: "t", inputSchema: { type: "object" } }] } }],
    };
  return { frames: [] };
};

describe("the runner", () => {
  it("covers at least 50 of the digest's 62 checks, each with a spec reference and a level", () => {
    expect(ALL_CHECKS.length).toBeGreaterThanOrEqual(50);
    for (const c of ALL_CHECKS) {
      // Digest §14 checks are C01–C62; the Tasks extension's own rules are T01–T09 (their spec is ext-tasks); the
      // authorization rules beyond C57 are A01–A10 (digest §13.1).
      const own = c.spec.path.startsWith("ext-tasks:")
        ? /^T\d\d$/
        : c.spec.path.startsWith("basic/authorization/") && c.id !== "C57"
          ? /^A\d\d$/
          : /^C\d\d$/;
      expect(c.id).toMatch(own);
      expect(["MUST", "SHOULD", "MAY"]).toContain(c.level);
      expect(c.spec.section).toMatch(/^§\d/);
      expect(c.spec.path).toMatch(/\.mdx$/);
    }
    expect(new Set(ALL_CHECKS.map((c) => c.id)).size).toBe(ALL_CHECKS.length);
  });

  it("probes first, reads the catalog, runs the stdio checks of a conformant server and they all pass or skip", async () => {
    const p = peer("stdio");
    const report = await runChecks({ send: p.send, transport: "stdio", label: "peer" }, { listenWindowMs: 50 });
    expect(p.sent[0].frame.method).toBe("server/discover");
    expect(p.sent[0].opts.label).toBe("probe: server/discover (2026-07-28)");
    expect(report.era).toBe("modern");
    expect(report.checks.every((c) => c.transports !== "http")).toBe(true);
    expect(
      report.checks.filter((c) => c.status === "fail" || c.status === "warn").map((c) => `${c.id}: ${c.detail}`),
    ).toEqual([]);
    expect(report.checks.map((c) => c.id)).toEqual([...report.checks.map((c) => c.id)].sort());
  });

  it("--only runs just the named checks, reports progress, and a check that throws becomes a warning, not a crash", async () => {
    const events: string[] = [];
    const p = peer("http", (frame, opts, fallback) => {
      if (opts.label?.startsWith("C09")) throw new Error("socket closed");
      return fallback();
    });
    const report = await runChecks(
      { send: p.send, transport: "http", label: "peer" },
      { only: ["c09", "C01"], onProgress: (e) => events.push(`${e.id}:${e.phase}`) },
    );
    expect(report.checks.map((c) => c.id)).toEqual(["C01", "C09"]);
    expect(events).toEqual(["C01:start", "C01:done", "C09:start", "C09:done"]);
    expect(report.checks[1]).toMatchObject({ status: "warn", detail: "The check could not finish: socket closed" });
  });

  it("a legacy server gets the era report (revision, what a modern client sees, the era-ambiguity warning) beside the checks of its era", async () => {
    const p = peer("stdio", legacyStdio);
    const report = await runChecks({ send: p.send, transport: "stdio", label: "old" });
    expect(report.era).toBe("legacy");
    expect(report.checks.map((c) => c.id)).toEqual(expect.arrayContaining(["C09", "C19", "C58", "C65", "C68"]));
    expect(report.checks.map((c) => c.id)).not.toContain("C01");
    expect(report.eraReport?.revision).toBe("2025-06-18");
    expect(report.eraReport?.serverInfo).toEqual({ name: "old", version: "1.2.3" });
    expect(report.eraReport?.modernClientSees).toContain('server/discover answered error -32601 "Method not found"');
    expect(report.eraReport?.ambiguity.status).toBe("warn");
    expect(report.eraReport?.ambiguity.detail).toContain(
      "with no handshake (1 tools, no resultType, on a fresh process)",
    );
    const ambiguity = p.sent.find((s) => s.opts.label === "era report: tools/list with no handshake")!;
    expect(ambiguity.frame.method).toBe("tools/list");
    expect(ambiguity.opts.processMode).toBe("fresh");
    // The legacy checks speak the revision's wire: no 2026-07-28 envelope in their requests.
    expect(p.sent.filter((s) => s.opts.label?.startsWith("C09")).map((s) => s.frame.params)).toEqual([{}]);
  });

  it("a legacy server that refuses requests before initialize passes the era-ambiguity check", async () => {
    const p = peer("stdio", (frame, opts, fallback) =>
      frame.method === "tools/list"
        ? { frames: [{ jsonrpc: "2.0", id: frame.id, error: { code: -32000, message: "Server not initialized" } }] }
        : legacyStdio(frame, opts, fallback),
    );
    const report = await runChecks({ send: p.send, transport: "stdio", label: "old" });
    expect(report.eraReport?.ambiguity).toMatchObject({ status: "pass" });
    expect(report.eraReport?.ambiguity.detail).toContain("Server not initialized");
  });
});

describe("report forms", () => {
  const report: CheckReport = {
    target: "node server.js <dev>",
    transport: "stdio",
    era: "modern",
    version: "2026-07-28",
    probe: { reason: "ok", evidence: ["s1"] },
    checks: [
      {
        id: "C06",
        title: "t6",
        level: "MUST",
        status: "fail",
        specRef: "digest §1.4 · spec/basic/index.mdx",
        spec: { section: "§1.4", path: "basic/index.mdx" },
        transports: "both",
        specUrl: "https://example.test/spec",
        detail: 'Got "x" & <y>',
        evidence: ["s2"],
        frames: [
          { direction: "sent", frame: '{"jsonrpc":"2.0","id":"C06-1","method":"tools/list","params":{}}' },
          { direction: "received", frame: 'HTTP 200 {"jsonrpc":"2.0","id":"C06-1","result":{"tools":[]}}' },
        ],
        durationMs: 12,
      },
      {
        id: "C18",
        title: "t18",
        level: "SHOULD",
        status: "fail",
        specRef: "r",
        spec: { section: "§10.5", path: "p.mdx" },
        transports: "both",
        specUrl: "https://example.test/spec",
        detail: "d",
        evidence: [],
        durationMs: 1,
      },
      {
        id: "C22",
        title: "t22",
        level: "MUST",
        status: "skip",
        specRef: "r",
        spec: { section: "§10.1", path: "p.mdx" },
        transports: "both",
        specUrl: "https://example.test/spec",
        detail: "no tool",
        evidence: [],
        durationMs: 0,
      },
    ],
    passed: 0,
    failed: 2,
    warned: 0,
    skipped: 1,
    notTestable: 0,
    coverage: { applied: 3, total: 3 },
    mustFailed: 1,
    score: 0,
  };

  it("the CLI JSON has the documented shape", () => {
    const json = toCliJson(report);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        "target",
        "era",
        "checks",
        "passed",
        "failed",
        "warned",
        "skipped",
        "coverage",
        "notTestable",
      ]),
    );
    expect(json.coverage).toEqual({ applied: 3, total: 3 });
    expect(json.checks[0]).toEqual({
      id: "C06",
      title: "t6",
      level: "MUST",
      status: "fail",
      specRef: "digest §1.4 · spec/basic/index.mdx",
      specUrl: "https://example.test/spec",
      detail: 'Got "x" & <y>',
      evidence: [
        { direction: "sent", frame: '{"jsonrpc":"2.0","id":"C06-1","method":"tools/list","params":{}}' },
        { direction: "received", frame: 'HTTP 200 {"jsonrpc":"2.0","id":"C06-1","result":{"tools":[]}}' },
      ],
    });
  });

  it("JUnit escapes server text and marks failures and skips", () => {
    const xml = toJunit(report);
    expect(xml).toContain(
      '<failure message="Got &quot;x&quot; &amp; &lt;y&gt;">https://example.test/spec\n→ {&quot;jsonrpc&quot;',
    );
    expect(xml).toContain('<skipped message="no tool"/>');
    expect(xml).toContain(
      'testsuite name="MCP 2026-07-28 conformance: node server.js &lt;dev&gt;" tests="3" failures="2" skipped="1"',
    );
  });

  it("the score reaches CI: --json has score, JUnit has it as a <property> with the formula", () => {
    expect(toCliJson(report).score).toBe(0);
    const xml = toJunit({ ...report, score: 42 });
    expect(xml).toContain('<property name="score" value="42"/>');
    expect(xml).toMatch(
      /<property name="score.formula" value="100 × Σ weight × credit \/ Σ weight; weight MUST 10, SHOULD 3, MAY 1;/,
    );
    expect(xml.indexOf("<properties>")).toBeLessThan(xml.indexOf("<testcase"));
  });

  it("the badge says the era, the score and its coverage, red when a MUST failed, and escapes its text", () => {
    const svg = badgeSvg(report);
    expect(svg).toContain("<text x=");
    expect(svg).toContain(">MCP 2026-07-28</text>");
    expect(svg).toContain(">0 · 3/3 applied</text>");
    expect(svg).toContain('fill="#c62828"');
    expect(
      badgeSvg({ ...report, era: "legacy", version: "2025-11-25<x>", mustFailed: 0, failed: 0, score: 100 }),
    ).toContain(">MCP 2025-11-25&lt;x&gt;</text>");
  });

  it("exit code: 1 only when a MUST fails (a failed SHOULD alone is 0, unless --fail-on should); 3 when unreachable", () => {
    expect(exitCodeOf(report)).toBe(1);
    expect(exitCodeOf({ ...report, mustFailed: 0 })).toBe(0);
    expect(exitCodeOf({ ...report, mustFailed: 0 }, "should")).toBe(1);
    expect(exitCodeOf({ ...report, era: "legacy", mustFailed: 0 })).toBe(0);
    expect(exitCodeOf({ ...report, era: "unreachable", checks: [], mustFailed: 0 })).toBe(3);
  });
});
