import { describe, expect, it } from "vitest";
import { peer, type Script } from "./peer";
import { runOne } from "./run-one";

const error = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: "2.0",
  id,
  error: { code, message, ...(data ? { data } : {}) },
});
/** A server/discover answer for 2026-07-28 with no capabilities, cacheable publicly for `ttlMs`. */
const discovered = (id: unknown, ttlMs: number) => ({
  jsonrpc: "2.0",
  id,
  result: { resultType: "complete", supportedVersions: ["2026-07-28"], capabilities: {}, ttlMs, cacheScope: "public" },
});
const hasMeta = (f: Record<string, unknown>) => !!(f.params as { _meta?: unknown } | undefined)?._meta;
const meta = (f: Record<string, unknown>) =>
  ((f.params as { _meta?: Record<string, unknown> } | undefined)?._meta ?? {}) as Record<string, unknown>;

/** Replaces the answer to frames matching `when`; everything else is the conformant fixture's answer. */
function override(
  when: (f: Record<string, unknown>, opts: Parameters<Script>[1]) => boolean,
  reply: (f: Record<string, unknown>) => ReturnType<Script>,
): Script {
  return (frame, opts, fallback) => (when(frame, opts) ? reply(frame) : fallback());
}

describe("checks against scripted exchanges: each verdict comes from the wire content", () => {
  const table: {
    rule: string;
    id: string;
    transport: "stdio" | "http";
    script?: Script;
    status: string;
    detail: RegExp;
  }[] = [
    {
      rule: "a conformant answer passes (C06 over stdio: -32602 for a request without _meta)",
      id: "C06",
      transport: "stdio",
      status: "pass",
      detail: /-32602/,
    },
    {
      rule: "AMBIG-1: -32020 with HTTP 400 for a request without _meta passes, and the verdict says the spec is ambiguous",
      id: "C06",
      transport: "http",
      script: override(
        (f) => f.method === "tools/list" && !hasMeta(f),
        (f) => ({ frames: [error(f.id, -32020, "Header mismatch")], status: 400 }),
      ),
      status: "pass",
      detail: /ambiguous in the spec \(AMBIG-1\)/,
    },
    {
      rule: "AMBIG-1 does not stretch to clientCapabilities, which has no header: C07 with -32020 fails",
      id: "C07",
      transport: "http",
      script: override(
        (f) => f.method === "tools/list" && hasMeta(f) && !("io.modelcontextprotocol/clientCapabilities" in meta(f)),
        (f) => ({ frames: [error(f.id, -32020, "Header mismatch")], status: 400 }),
      ),
      status: "fail",
      detail: /instead of error -32602/,
    },
    {
      rule: "the right code with the wrong HTTP status fails (C09: -32601 must come with 404)",
      id: "C09",
      transport: "http",
      script: override(
        (f) => f.method === "playground/nonexistent",
        (f) => ({ frames: [error(f.id, -32601, "Method not found")], status: 200 }),
      ),
      status: "fail",
      detail: /HTTP status 200 instead of 404/,
    },
    {
      rule: "AMBIG-6: a non-integer ttlMs on discover is a warning that names the ambiguity",
      id: "C02",
      transport: "stdio",
      script: override(
        (f) => f.method === "server/discover",
        (f) => ({ frames: [discovered(f.id, 1.5)] }),
      ),
      status: "warn",
      detail: /AMBIG-6/,
    },
    {
      rule: "AMBIG-21: a missing MCP-Protocol-Version answered -32022 (a server that defaults to 2025-03-26) is a warning, not a failure",
      id: "C41",
      transport: "http",
      script: override(
        (_f, o) => !!o.http?.omitImplied?.includes("MCP-Protocol-Version"),
        (f) => ({
          frames: [
            error(f.id, -32022, "Unsupported protocol version", { supported: ["2026-07-28"], requested: "2025-03-26" }),
          ],
          status: 400,
        }),
      ),
      status: "warn",
      detail: /AMBIG-21/,
    },
    {
      rule: "C04 over stdio tells 'checks only the first request of a process' apart from 'never checks'",
      id: "C04",
      transport: "stdio",
      script: override(
        (f, o) =>
          f.method === "server/discover" &&
          meta(f)["io.modelcontextprotocol/protocolVersion"] === "1900-01-01" &&
          o.processMode !== "fresh",
        (f) => ({ frames: [discovered(f.id, 0)] }),
      ),
      status: "fail",
      detail: /pinned per connection/,
    },
    {
      rule: "-32002 for a missing resource is named as the retired code",
      id: "C20",
      transport: "stdio",
      script: override(
        (f) => f.method === "resources/read" && (f.params as { uri?: string }).uri !== "fixture://readme",
        (f) => ({ frames: [error(f.id, -32002, "Resource not found")] }),
      ),
      status: "fail",
      detail: /retired -32002/,
    },
    {
      rule: "an empty contents array for a missing resource fails",
      id: "C20",
      transport: "stdio",
      script: override(
        (f) => f.method === "resources/read" && (f.params as { uri?: string }).uri !== "fixture://readme",
        (f) => ({
          frames: [
            {
              jsonrpc: "2.0",
              id: f.id,
              result: { resultType: "complete", contents: [], ttlMs: 0, cacheScope: "public" },
            },
          ],
        }),
      ),
      status: "fail",
      detail: /empty contents array/,
    },
    {
      rule: "a stdout line that is not JSON fails C58 and is quoted",
      id: "C58",
      transport: "stdio",
      script: (frame, opts, fallback) => {
        const r = fallback();
        return opts.processMode === "fresh" ? { ...r, frames: ["Server ready!", ...r.frames] } : r;
      },
      status: "fail",
      detail: /is not JSON: "Server ready!"/,
    },
    {
      rule: "a server request on any exchange fails C40",
      id: "C40",
      transport: "stdio",
      script: (frame, _opts, fallback) => {
        const r = fallback();
        return frame.method === "tools/list"
          ? { ...r, frames: [{ jsonrpc: "2.0", id: 99, method: "sampling/createMessage", params: {} }, ...r.frames] }
          : r;
      },
      status: "fail",
      detail: /sampling\/createMessage request/,
    },
  ];

  for (const row of table) {
    it(row.rule, async () => {
      const p = peer(row.transport, row.script);
      const result = await runOne(row.id, p.send, row.transport);
      expect(result.status, result.detail).toBe(row.status);
      expect(result.detail).toMatch(row.detail);
      expect(result.evidence.length).toBeGreaterThan(0);
    });
  }
});

describe("C53 and C54 read HTTP heads", () => {
  it("a minted Mcp-Session-Id on any response fails C53", async () => {
    const p = peer("http", (frame, _o, fallback) => ({ ...fallback(), headers: [["Mcp-Session-Id", "abc"]] }));
    const result = await runOne("C53", p.send, "http");
    expect(result.status).toBe("fail");
    expect(result.detail).toContain("carried Mcp-Session-Id");
  });

  it("C54 sends the foreign Origin through the send's http control and needs 403", async () => {
    const p = peer("http");
    const result = await runOne("C54", p.send, "http");
    expect(p.sent.some((s) => s.opts.http?.origin === "http://evil.example")).toBe(true);
    expect(result.status).toBe("fail"); // the scripted peer serves every origin
    expect(result.detail).toContain("Origin http://evil.example got HTTP 200");
  });
});
