/** `npm run cli -- tokens …` as a user runs it: a real CLI process, a real server behind --stdio. */
import { runCliSync } from "../helpers/cli";
import { describe, expect, it } from "vitest";

const EVERYTHING_CMD = `${process.execPath} node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio`;

const cli = (...args: string[]) => runCliSync(["tokens", ...args], 60_000);

describe("cli tokens --json", () => {
  it("after the legacy handshake: the chapter's 13 tools, 7,663 bytes, 1,307 (sum 1,305), 52 … 235, 312, 1,619", () => {
    const r = cli("--stdio", EVERYTHING_CMD, "--handshake", "legacy", "--json");
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect([j.tools, j.bytes, j.toolsTokens, j.sumOfPerTool, j.instructionsTokens, j.totalTokens]).toEqual([
      13, 7663, 1307, 1305, 312, 1619,
    ]);
    expect(j.perTool[0]).toMatchObject({
      name: "gzip-file-as-resource",
      tokens: 235,
      fields: { name: 6, description: 46, inputSchema: 173 },
    });
    expect(j.perTool.at(-1)).toMatchObject({ name: "get-tiny-image", tokens: 52 });
    expect(j.measured).toMatchObject({ era: "legacy", handshake: "legacy", capabilities: {} });
    expect(j.options).toEqual({ encoding: "o200k_base", layout: "python", fieldSet: "prompt" });
  });

  it("with no handshake: 12 tools and 1,155 tokens (1,467 with the instructions)", () => {
    const j = JSON.parse(cli("--stdio", EVERYTHING_CMD, "--handshake", "none", "--json").stdout);
    expect([j.tools, j.bytes, j.toolsTokens, j.totalTokens]).toEqual([12, 6814, 1155, 1467]);
    expect(j.measured).toMatchObject({ handshake: "none", era: "legacy" });
  });
});

describe("cli tokens, text", () => {
  it("prints the chapter's table lines and the five-server arithmetic", () => {
    const r = cli("--demo", "everything");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^13 tool definitions, whole array +1,307 +\(sum of the per-tool counts: 1,305\)$/m);
    expect(r.stdout).toMatch(/^server instructions +312$/m);
    expect(r.stdout).toMatch(/^one server, connected, before it is used +1,619$/m);
    expect(r.stdout).toContain(
      "5 servers like this one take 8,095 tokens of every turn, 4.0% of a 200,000-token window.",
    );
  });

  it("a bad flag is a usage error (exit 2) that names the flag", () => {
    const r = cli("--demo", "everything", "--encoding", "p50k");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--encoding must be o200k_base or cl100k_base, not "p50k"');
  });

  it("a server that cannot be billed is exit 1 with the reason", () => {
    const r = cli("--demo", "everything", "--handshake", "modern");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("server/discover answered -32601 Method not found: not a 2026-07-28 server");
  });
});
