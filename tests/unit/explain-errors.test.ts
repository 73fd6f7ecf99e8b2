import { describe, expect, it } from "vitest";
import { ERROR_CODES, errorCodeRange, isModernErrorCode } from "@/lib/protocol/errors";
import { explainErrorCode, explainHttpStatus, specUrl } from "@/lib/explain";

describe("every error code the playground knows has a meaning, a next step and a spec reference", () => {
  it.each(Object.values(ERROR_CODES).map((e) => [e.code, e] as const))("%i", (code, info) => {
    expect(info.meaning.length).toBeGreaterThan(20);
    expect(info.next.length).toBeGreaterThan(10);
    expect(info.specRef).toMatch(/^§[\d.]+ · /);
    const card = explainErrorCode(code);
    expect(card.title.startsWith(String(code))).toBe(true);
    expect(card.next).toBe(info.next);
  });

  it("covers the codes the issue names", () => {
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32020, -32021, -32022, -32000])
      expect(ERROR_CODES[code], String(code)).toBeDefined();
  });

  it("only -32020..-32022 prove a modern server", () => {
    expect(
      Object.keys(ERROR_CODES)
        .map(Number)
        .filter(isModernErrorCode)
        .sort((a, b) => a - b),
    ).toEqual([-32022, -32021, -32020]);
  });

  it.each([
    [-32700, "jsonrpc"],
    [-32601, "jsonrpc"],
    [-32000, "legacy-implementation"],
    [-32019, "legacy-implementation"],
    [-32020, "mcp-reserved"],
    [-32099, "mcp-reserved"],
    [-32100, "server-error"],
    [-1, "application"],
  ])("code %i is in the %s range", (code, range) => {
    expect(errorCodeRange(code)).toBe(range);
  });
});

describe("error cards depend on the request they answer", () => {
  it("-32601 to server/discover: legacy server, not broken server; fall back to initialize", () => {
    const card = explainErrorCode(-32601, { requestMethod: "server/discover" });
    expect(card.level).toBe("info");
    expect(card.meaning).toContain("legacy server");
    expect(card.meaning).toContain("not a broken one");
    expect(card.next).toContain("initialize");
  });

  it("-32601 to a removed method (logging/setLevel) is the expected answer of a modern server", () => {
    const card = explainErrorCode(-32601, { requestMethod: "logging/setLevel" });
    expect(card.level).toBe("info");
    expect(card.meaning).toContain("no longer exists in 2026-07-28");
  });

  it("-32601 to an ordinary method is an error", () => {
    expect(explainErrorCode(-32601, { requestMethod: "tools/list" }).level).toBe("error");
  });

  it.each([
    [-32002, "removed in 2026-07-28"],
    [-32042, "removed in 2026-07-28"],
  ])("retired code %i carries the badge %s", (code, badge) => {
    expect(explainErrorCode(code)).toMatchObject({ level: "removed", badge });
  });

  it("a modern code with the wrong HTTP status says which status the spec requires", () => {
    expect(explainErrorCode(-32022, { httpStatus: 200 }).meaning).toContain("must come with HTTP 400");
  });

  it.each([
    [-32005, "left to implementations"],
    [-32050, "reserved for the MCP specification"],
    [-32500, "server-error range"],
    [42, "application-defined"],
  ])("unknown code %i is explained by its range (%s)", (code, phrase) => {
    expect(explainErrorCode(code).meaning).toContain(phrase);
  });
});

describe("HTTP statuses in this revision, with what to do next", () => {
  it.each([
    [202, {}, "info", "accepted the notification"],
    [202, { wasNotification: false }, "error", "answer to a notification"],
    [400, { bodyCode: -32022 }, "error", "2026-07-28 server rejected"],
    [400, { bodyCode: -32602 }, "error", "required _meta field is missing"],
    [400, {}, "error", "signature of a legacy server"],
    [401, {}, "error", "says nothing about the server's era"],
    [403, {}, "error", "Origin"],
    [404, { bodyCode: -32601 }, "error", "does not know this method"],
    [404, { hadSessionId: true }, "removed", "session expired"],
    [404, {}, "error", "HTTP+SSE"],
    [405, { httpMethod: "GET" }, "removed", "no GET stream"],
    [405, { httpMethod: "DELETE" }, "removed", "no session to DELETE"],
    [405, {}, "error", "takes POST"],
    [406, {}, "error", "application/json and text/event-stream"],
    [500, {}, "error", "failed"],
  ] as const)("HTTP %i %j → %s (%s)", (status, ctx, level, phrase) => {
    const card = explainHttpStatus(status, ctx);
    expect(card.level).toBe(level);
    expect(card.meaning).toContain(phrase);
    expect(card.next.length).toBeGreaterThan(5);
    expect(card.title.startsWith(`HTTP ${status}`)).toBe(true);
  });

  it("405 to GET carries the removal badge of the GET stream", () => {
    expect(explainHttpStatus(405, { httpMethod: "GET" }).badge).toBe("removed in 2026-07-28");
  });
});

describe("spec references resolve to public spec pages", () => {
  it.each([
    ["§1.4 · basic/index.mdx", "https://modelcontextprotocol.io/specification/2026-07-28/basic"],
    ["§6 · basic/patterns/mrtr.mdx", "https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr"],
    [
      "§2.6 · basic/lifecycle.mdx (2025-11-25)",
      "https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle",
    ],
    ["changelog.mdx (2025-06-18)", "https://modelcontextprotocol.io/specification/2025-06-18/changelog"],
    ["§1.5 · schema.ts", "https://modelcontextprotocol.io/specification/2026-07-28/schema"],
    ["§6.8 · extensions/tasks/overview.mdx", undefined],
  ])("%s → %s", (ref, url) => {
    expect(specUrl(ref)).toBe(url);
  });
});
