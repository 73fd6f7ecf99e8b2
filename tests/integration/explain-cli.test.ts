/**
 * `npm run cli -- explain` and `npm run cli -- date` as a user runs them (node --import tsx lib/node/cli/main.ts …):
 * JSON fields, human output and exit codes. Neither command starts a process.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli";
import { FIXTURES } from "./helpers";

const cli = (args: string[], stdin = "") => runCli(args, { stdin });

const SET_LEVEL = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "logging/setLevel", params: { level: "debug" } });
const SAMPLING = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  result: {
    resultType: "input_required",
    inputRequests: { q: { method: "sampling/createMessage", params: { messages: [], maxTokens: 10 } } },
    requestState: "s",
  },
});

describe("npm run cli -- explain", () => {
  it("--json prints annotations with path, text, specRef and level; logging/setLevel is removed in 2026-07-28", async () => {
    const run = await cli(["explain", "--frame", SET_LEVEL, "--json", "--era", "modern"]);
    expect(run.code).toBe(0);
    const { annotations } = JSON.parse(run.stdout) as { annotations: Record<string, string>[] };
    for (const a of annotations)
      expect(Object.keys(a).sort()).toEqual(expect.arrayContaining(["level", "path", "specRef", "text"]));
    expect(annotations.find((a) => a.path === "method")).toMatchObject({
      level: "removed",
      badge: "removed in 2026-07-28",
    });
  });

  it("a sampling input request carries the deprecated badge", async () => {
    const run = await cli([
      "explain",
      "--frame",
      SAMPLING,
      "--json",
      "--direction",
      "received",
      "--request-method",
      "tools/call",
    ]);
    const { annotations } = JSON.parse(run.stdout) as { annotations: Record<string, string>[] };
    expect(annotations.find((a) => a.path === "result.inputRequests.q")).toMatchObject({
      level: "deprecated",
      badge: "deprecated since 2026-07-28 (SEP-2577)",
    });
  });

  it("human output puts level, path, text and spec reference on one line per annotation", async () => {
    const run = await cli(["explain", "--frame", SET_LEVEL]);
    expect(run.stdout.split("\n")).toContainEqual(
      expect.stringMatching(
        /^removed\s+method\s+logging\/setLevel: .*\[§12 · changelog\.mdx\]\s+\{removed in 2026-07-28\}$/,
      ),
    );
  });

  it("--frame - reads stdin; --code and --status explain error codes and HTTP statuses", async () => {
    const fromStdin = await cli(["explain", "--frame", "-", "--json"], SET_LEVEL);
    expect(fromStdin.code).toBe(0);
    expect(JSON.parse(fromStdin.stdout).annotations.length).toBeGreaterThan(3);
    const code = await cli(["explain", "--code=-32601", "--request-method", "server/discover", "--json"]);
    expect(JSON.parse(code.stdout).card.meaning).toContain("legacy server");
    const status = await cli(["explain", "--status", "406"]);
    expect(status.stdout).toContain("HTTP 406 Not Acceptable");
  });

  it("bad input is a usage error (exit 2) with a specific message", async () => {
    const run = await cli(["explain", "--frame", SET_LEVEL, "--direction", "sideways"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--direction must be one of sent, received");
  });
});

describe("npm run cli -- date", () => {
  it("--file --json prints revisions and reasons", async () => {
    const run = await cli(["date", "--file", path.join(FIXTURES, "explain", "2025-06-18-elicitation.txt"), "--json"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as {
      revisions: string[];
      reasons: { feature: string; evidence: string; revisions: string[] }[];
    };
    expect(out.revisions).toEqual(["2025-06-18"]);
    expect(out.reasons.find((r) => r.feature === "the MCP-Protocol-Version header")).toMatchObject({
      revisions: ["2025-06-18", "2025-11-25", "2026-07-28"],
    });
  });

  it("human output starts with the revisions and the summary", async () => {
    const run = await cli(["date", "--file", path.join(FIXTURES, "explain", "initialize-and-session.txt")]);
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      "revisions: 2025-03-26, 2025-06-18, 2025-11-25",
      expect.stringContaining("uses initialize and the Mcp-Session-Id header: 2025-11-25 or earlier"),
    ]);
  });

  it("a missing file is a clear error, exit 2", async () => {
    const run = await cli(["date", "--file", "/nonexistent/transcript.txt"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("cannot read /nonexistent/transcript.txt");
  });
});
