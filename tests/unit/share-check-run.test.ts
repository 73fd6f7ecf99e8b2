// A Checks run in a share link (lib/share/check-run.ts, the v1 payload's `checks`): it opens as it was shared,
// never carries a secret, and a hostile link is refused with a reason.
import { describe, expect, it } from "vitest";
import { decodeShareFragment, encodeShareFragment } from "@/lib/share/codec";
import { deflateToLink } from "@/lib/share/deflate";
import { isSpecLink, sharedCheckRun, type SharedCheckRun } from "@/lib/share/check-run";
import { LEFT_OUT } from "@/lib/share/secrets";
import { defaultShareState } from "@/lib/share/v1";

const SECRET_URL = "https://mcp.example.com/mcp?api_key=s3cr3t-value-123456";

function cliJson(): Record<string, unknown> {
  return {
    target: SECRET_URL,
    era: "modern",
    version: "2026-07-28",
    probe: 'server/discover answered supportedVersions ["2026-07-28"]: a 2026-07-28-era server.',
    emulate: { noMrtr: true },
    score: 90,
    coverage: { applied: 2, total: 3 },
    checks: [
      {
        id: "C09",
        title: "An unknown method gets -32601 (HTTP 404)",
        level: "MUST",
        status: "fail",
        specRef: "digest §4",
        specUrl:
          "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/docs/specification/2026-07-28/basic/index.mdx",
        detail: "Got a result instead of error -32601.",
        evidence: [
          { direction: "sent", frame: '{"jsonrpc":"2.0","id":"c1","method":"no/such"}' },
          { direction: "received", frame: `HTTP 200 {"jsonrpc":"2.0","id":"c1","result":{"url":"${SECRET_URL}"}}` },
        ],
      },
      {
        id: "C18",
        title: "An invalid cursor gets -32602",
        level: "SHOULD",
        status: "pass",
        specUrl: "javascript:alert(1)",
        detail: "tools/list with a made-up cursor answered -32602.",
        evidence: [],
      },
    ],
    passed: 1,
    failed: 1,
    warned: 0,
    skipped: 0,
    notTestable: 0,
    mustFailed: 1,
    eraReport: { not: "kept" },
  };
}

describe("a Checks run in a share link", () => {
  it("opens with its verdicts and frames; the secret in the target and in a frame is left out and listed", async () => {
    const run = sharedCheckRun(cliJson(), 1_764_000_000_000);
    const state = {
      ...defaultShareState(),
      target: { kind: "http" as const, url: SECRET_URL },
      checks: run,
    };
    const { fragment, omitted } = await encodeShareFragment(state);
    expect(fragment).not.toContain("s3cr3t");
    const decoded = await decodeShareFragment(fragment);
    if (decoded.kind !== "ok") throw new Error(JSON.stringify(decoded));
    const opened = decoded.state.checks as SharedCheckRun;
    expect(opened.checks.map((c) => [c.id, c.status])).toEqual([
      ["C09", "fail"],
      ["C18", "pass"],
    ]);
    expect(opened.checks[0].evidence[0].frame).toBe('{"jsonrpc":"2.0","id":"c1","method":"no/such"}');
    expect(JSON.stringify(opened)).not.toContain("s3cr3t-value-123456");
    expect(opened.target).toContain(LEFT_OUT);
    expect(opened.checks[0].evidence[1].frame).toContain(LEFT_OUT);
    expect(opened.finishedAt).toBe(1_764_000_000_000);
    expect(omitted.join("\n")).toContain("api_key");
  });

  it("keeps only the known fields of check --json (the era report and the emulation stay out)", () => {
    const run = sharedCheckRun(cliJson());
    expect(Object.keys(run)).not.toContain("eraReport");
    expect(Object.keys(run)).not.toContain("emulate");
  });

  it("a link whose run has an unknown status is refused, naming the field", async () => {
    const bad = { ...cliJson(), checks: [{ ...(cliJson().checks as object[])[0], status: "great" }] };
    const decoded = await decodeShareFragment(`#v=1&s=${await deflateToLink(JSON.stringify({ checks: bad }))}`);
    expect(decoded.kind).toBe("error");
    expect(decoded.kind === "error" && decoded.reason).toContain("checks.checks[0].status");
  });

  it("only spec pages are shown as links: javascript:, data: and other hosts stay text", () => {
    expect(isSpecLink("https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle")).toBe(true);
    expect(isSpecLink("https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/x.mdx")).toBe(true);
    expect(isSpecLink("javascript:alert(1)")).toBe(false);
    expect(isSpecLink("https://evil.example/modelcontextprotocol.io/")).toBe(false);
    expect(isSpecLink("https://modelcontextprotocol.io.evil.example/x")).toBe(false);
    expect(isSpecLink(undefined)).toBe(false);
  });
});
