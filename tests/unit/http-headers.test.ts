import { describe, expect, it } from "vitest";
import { encodeHeaderValue, impliedHeaders, withExplicitHeaders } from "@/lib/protocol/http-headers";

const META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const CONTENT: [string, string][] = [
  ["Accept", "application/json, text/event-stream"],
  ["Content-Type", "application/json"],
];

/** Rows for requests without an envelope whose target travels in Mcp-Name: [rule, method, params, the header's value]. */
function namesInMcpName(rows: [string, string, Record<string, unknown>, string][]) {
  return rows.map(([rule, method, params, name]) => ({
    rule,
    frame: { jsonrpc: "2.0", id: 2, method, params },
    headers: [...CONTENT, ["Mcp-Method", method], ["Mcp-Name", name]] as [string, string][],
  }));
}

describe("the headers a frame implies on Streamable HTTP", () => {
  const rows: { rule: string; frame: unknown; headers: [string, string][] }[] = [
    {
      rule: "every POST accepts both JSON and SSE and says it sends JSON",
      frame: { jsonrpc: "2.0", id: 1, result: {} },
      headers: CONTENT,
    },
    {
      rule: "a modern request adds MCP-Protocol-Version from its envelope and Mcp-Method",
      frame: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } },
      headers: [...CONTENT, ["MCP-Protocol-Version", "2026-07-28"], ["Mcp-Method", "tools/list"]],
    },
    {
      rule: "a request without an envelope gets no MCP-Protocol-Version (the server shows what that does)",
      frame: { jsonrpc: "2.0", id: 1, method: "tools/list" },
      headers: [...CONTENT, ["Mcp-Method", "tools/list"]],
    },
    {
      rule: "notifications carry Mcp-Method too",
      frame: { jsonrpc: "2.0", method: "notifications/initialized" },
      headers: [...CONTENT, ["Mcp-Method", "notifications/initialized"]],
    },
    {
      rule: "tools/call names the tool in Mcp-Name",
      frame: {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { _meta: META, name: "create_event", arguments: {} },
      },
      headers: [
        ...CONTENT,
        ["MCP-Protocol-Version", "2026-07-28"],
        ["Mcp-Method", "tools/call"],
        ["Mcp-Name", "create_event"],
      ],
    },
    ...namesInMcpName([
      ["prompts/get names the prompt in Mcp-Name", "prompts/get", { name: "prepare_week" }, "prepare_week"],
      ["resources/read names the URI in Mcp-Name", "resources/read", { uri: "calendar://week" }, "calendar://week"],
      ["tasks/* names the task id in Mcp-Name (Tasks extension)", "tasks/get", { taskId: "t-1" }, "t-1"],
      [
        "a non-ASCII name travels Base64-encoded",
        "tools/call",
        { name: "Hello, 世界" },
        "=?base64?SGVsbG8sIOS4lueVjA==?=",
      ],
    ]),
    {
      rule: "a batch names no method",
      frame: [{ jsonrpc: "2.0", id: 1, method: "tools/list" }],
      headers: CONTENT,
    },
  ];
  for (const row of rows) {
    it(row.rule, () => {
      const implied = impliedHeaders(row.frame);
      expect(implied.headers).toEqual(row.headers);
      expect(implied.added).toEqual(row.headers.map(([name]) => name));
    });
  }

  it("a tools/call without a name says why Mcp-Name is missing", () => {
    const implied = impliedHeaders({ jsonrpc: "2.0", id: 1, method: "tools/call", params: {} });
    expect(implied.headers.map(([n]) => n)).not.toContain("Mcp-Name");
    expect(implied.notes.join()).toMatch(/Mcp-Name not added: params.name is missing/);
  });

  it("a protocol version that cannot be a header value is left out with a note", () => {
    const implied = impliedHeaders({
      jsonrpc: "2.0",
      id: 1,
      method: "x",
      params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026\n07" } },
    });
    expect(implied.headers.map(([n]) => n)).not.toContain("MCP-Protocol-Version");
    expect(implied.notes.join()).toMatch(/not a valid header value/);
  });
});

describe("SEP-2243 header value encoding", () => {
  const rows: [string, string][] = [
    ["plain-name", "plain-name"],
    ["with inner space", "with inner space"],
    ["Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="],
    [" padded ", "=?base64?IHBhZGRlZCA=?="],
    ["line1\nline2", "=?base64?bGluZTEKbGluZTI=?="],
    ["=?base64?abc?=", "=?base64?PT9iYXNlNjQ/YWJjPz0=?="],
  ];
  for (const [value, encoded] of rows) {
    it(`${JSON.stringify(value)} is sent as ${JSON.stringify(encoded)}`, () =>
      expect(encodeHeaderValue(value)).toBe(encoded));
  }
});

describe("explicit headers and the added list", () => {
  it("an explicit header replaces the implied one and is no longer counted as added", () => {
    const implied = impliedHeaders({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: META } });
    const merged = withExplicitHeaders(implied, [["mcp-protocol-version", "2025-11-25"]], [["Mcp-Session-Id", "abc"]]);
    expect(merged.headers).toEqual([
      ...CONTENT,
      ["mcp-protocol-version", "2025-11-25"],
      ["Mcp-Method", "tools/list"],
      ["Mcp-Session-Id", "abc"],
    ]);
    expect(merged.added).toEqual(["Accept", "Content-Type", "Mcp-Method"]);
  });

  it("per-send headers win over target headers of the same name", () => {
    const merged = withExplicitHeaders(
      impliedHeaders({}),
      [["Authorization", "Bearer a"]],
      [["authorization", "Bearer b"]],
    );
    expect(merged.headers).toEqual([...CONTENT, ["authorization", "Bearer b"]]);
  });
});
