import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dateTranscript, extractEvidence } from "@/lib/explain";
import { MAX_TRANSCRIPT_CHARS } from "@/lib/explain/dating";
import { repairJson } from "@/lib/explain/extract";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/explain", name), "utf8");
const badges = (d: ReturnType<typeof dateTranscript>) => d.deprecatedOrRemoved.map((f) => `${f.feature} | ${f.badge}`);

/** What each revision's transcript teaches: badges it must show (among others). */
const TEACHES: Record<string, string[]> = {
  "2024-11-05-http-sse.txt": [
    "the HTTP+SSE transport (GET stream + endpoint event) | deprecated since 2025-03-26 (SEP-2596)",
    "initialize | removed in 2026-07-28",
    "ping | removed in 2026-07-28",
    "resources/subscribe | removed in 2026-07-28",
    "logging/setLevel | removed in 2026-07-28",
    "sampling/createMessage sent by the server as a JSON-RPC request | removed in 2026-07-28",
    'includeContext "thisServer" | deprecated since 2025-11-25 (SEP-2596)',
    "the sampling capability | deprecated since 2026-07-28 (SEP-2577)",
    "the roots capability | deprecated since 2026-07-28 (SEP-2577)",
    "the logging capability | deprecated since 2026-07-28 (SEP-2577)",
  ],
  "2025-03-26-streamable.txt": [
    "a JSON-RPC batch (array of messages) | removed in 2025-06-18",
    "the Mcp-Session-Id header | removed in 2026-07-28",
    "an HTTP GET stream | removed in 2026-07-28",
    "the Last-Event-ID header | removed in 2026-07-28",
  ],
  "2025-11-25-url-elicitation.txt": [
    "error -32042 (URL elicitation required) | removed in 2026-07-28",
    "elicitationId (URL elicitation, 2025-11-25) | removed in 2026-07-28",
    "notifications/elicitation/complete | removed in 2026-07-28",
    "the core tasks capability (2025-11-25) | removed in 2026-07-28",
  ],
};

describe("transcripts written in each revision's style are dated to that revision", () => {
  it.each([
    ["2024-11-05-http-sse.txt", ["2024-11-05"]],
    ["2025-03-26-streamable.txt", ["2025-03-26"]],
    ["2025-06-18-elicitation.txt", ["2025-06-18"]],
    ["2025-11-25-url-elicitation.txt", ["2025-11-25"]],
    ["2026-07-28-stateless.txt", ["2026-07-28"]],
    ["initialize-and-session.txt", ["2025-03-26", "2025-06-18", "2025-11-25"]],
    ["prose-only.txt", []],
  ])("%s → %j", (file, revisions) => {
    expect(dateTranscript(fixture(file)).revisions).toEqual(revisions);
  });
});

describe("why: reasons and the deprecated/removed features each transcript teaches", () => {
  it("2024-11-05: HTTP+SSE (deprecated since 2025-03-26), initialize, ping, subscribe, setLevel, server-sent sampling", () => {
    const d = dateTranscript(fixture("2024-11-05-http-sse.txt"));
    expect(badges(d)).toEqual(expect.arrayContaining(TEACHES["2024-11-05-http-sse.txt"]));
    expect(d.namedVersions).toEqual(["2024-11-05"]);
    expect(d.summary).toContain("names 2024-11-05 itself");
  });

  it("2025-03-26: batching bounds it above (removed in 2025-06-18); sessions, GET stream and Last-Event-ID are removed now", () => {
    const d = dateTranscript(fixture("2025-03-26-streamable.txt"));
    expect(d.reasons.find((r) => r.feature.startsWith("a JSON-RPC batch"))?.revisions).toEqual(["2025-03-26"]);
    expect(badges(d)).toEqual(expect.arrayContaining(TEACHES["2025-03-26-streamable.txt"]));
  });

  it("2025-06-18: elicitation as a server request and the MCP-Protocol-Version header", () => {
    const d = dateTranscript(fixture("2025-06-18-elicitation.txt"));
    expect(d.reasons.map((r) => r.feature)).toEqual(
      expect.arrayContaining([
        "the MCP-Protocol-Version header",
        "structured tool output (structuredContent / outputSchema)",
        "resource_link content",
        "elicitation/create sent by the server as a JSON-RPC request",
      ]),
    );
    expect(
      d.reasons.find((r) => r.feature === "elicitation/create sent by the server as a JSON-RPC request")?.revisions,
    ).toEqual(["2025-06-18", "2025-11-25"]);
  });

  it("2025-11-25: -32042, elicitationId, elicitation/complete and core tasks are removed in 2026-07-28", () => {
    const d = dateTranscript(fixture("2025-11-25-url-elicitation.txt"));
    expect(badges(d)).toEqual(expect.arrayContaining(TEACHES["2025-11-25-url-elicitation.txt"]));
  });

  it("2026-07-28: only the sampling input request is flagged (deprecated, SEP-2577)", () => {
    const d = dateTranscript(fixture("2026-07-28-stateless.txt"));
    expect(badges(d)).toEqual([
      "sampling/createMessage as an MRTR input request | deprecated since 2026-07-28 (SEP-2577)",
    ]);
    expect(d.reasons.map((r) => r.feature)).toEqual(
      expect.arrayContaining([
        "the Mcp-Method header",
        "cache hints ttlMs + cacheScope",
        "server/discover",
        "subscriptions/listen",
      ]),
    );
  });

  it('initialize + Mcp-Session-Id: "2025-11-25 or earlier"', () => {
    const d = dateTranscript(fixture("initialize-and-session.txt"));
    expect(d.summary).toContain("uses initialize and the Mcp-Session-Id header: 2025-11-25 or earlier");
  });

  it("prose that only names features is not evidence", () => {
    const d = dateTranscript(fixture("prose-only.txt"));
    expect(d).toMatchObject({ revisions: [], reasons: [], deprecatedOrRemoved: [] });
  });
});

// The chapter's wire traces, copied word for word into a fixture so the test needs nothing outside the repository.
describe("the chapter's own traces date to 2026-07-28", () => {
  it.each(["chapter-traces.txt"])("%s", (file) => {
    const d = dateTranscript(fixture(file));
    expect(d.revisions).toEqual(["2026-07-28"]);
    expect(d.namedVersions).toEqual(["2025-11-25", "2026-07-28"]);
    // The legacy fallback it shows is reported, not allowed to empty the answer.
    const init = d.reasons.find((r) => r.feature === "initialize");
    expect(init?.note).toContain("legacy fallback");
    expect(badges(d)).toContain("initialize | removed in 2026-07-28");
    expect(d.reasons.map((r) => r.feature)).toEqual(
      expect.arrayContaining([
        "server/discover",
        'resultType "input_required"',
        "elicitation/create as an MRTR input request",
        "Multi Round-Trip Requests (inputRequests / inputResponses)",
      ]),
    );
    expect(d.found.json).toBe(15);
  });
});

describe("the chapter's traces alone (tests/fixtures/explain/chapter-traces.txt)", () => {
  it("date to 2026-07-28 and every trace is extracted: 3 raw frames, the initialize fallback, 10 arrow frames", () => {
    const text = fixture("chapter-traces.txt");
    const json = extractEvidence(text).filter((x) => x.kind === "json");
    expect(json).toHaveLength(15);
    expect(
      json
        .filter((x) => x.kind === "json" && x.synthetic)
        .map((x) => (x.kind === "json" ? (x.requestMethod ?? (x.value as { method: string }).method) : "")),
    ).toEqual([
      "resources/read",
      "resources/read",
      "prompts/get",
      "prompts/get",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
      "tools/call",
    ]);
    const d = dateTranscript(text);
    expect(d.revisions).toEqual(["2026-07-28"]);
    expect(d.summary).toContain("also shows initialize");
  });
});

describe("extraction rules", () => {
  it("'→ method {params}' becomes a request and '← {result}' a result answering it", () => {
    const items = extractEvidence(
      '→ resources/read  {"uri":"calendar://week"}\n← {"resultType":"complete","contents":[]}',
    );
    expect(items).toEqual([
      expect.objectContaining({
        kind: "json",
        direction: "sent",
        synthetic: true,
        value: { jsonrpc: "2.0", method: "resources/read", params: { uri: "calendar://week" } },
      }),
      expect.objectContaining({
        kind: "json",
        direction: "received",
        synthetic: true,
        requestMethod: "resources/read",
        value: { jsonrpc: "2.0", result: { resultType: "complete", contents: [] } },
      }),
    ]);
  });

  it("a JSON object spanning lines (wrapped for the page, even inside strings) is parsed", () => {
    const [item] = extractEvidence('← {"text":"[{\\"id\\":\\"e1\\",\n   \\"title\\":\\"x\\"}]",\n "ttlMs":1}');
    expect(item).toMatchObject({ kind: "json", repaired: true });
    expect((item as { value: { result: { text: string } } }).value.result.text).toBe('[{"id":"e1","title":"x"}]');
  });

  it.each([
    ['{"tasks":{…},"a":1}', '{"tasks":{},"a":1}'],
    ['{"instructions":…}', '{"instructions":null}'],
    ["[1, 2, ...]", "[1, 2]"],
    ['{ name: "x", required: ["a"], }', '{ "name": "x", "required": ["a"] }'],
  ])("repairs %s → %s", (input, output) => {
    expect(repairJson(input)).toBe(output);
  });

  it("headers: MCP-relevant header lines and curl -H flags count, prose with colons does not", () => {
    const items = extractEvidence(
      "Mcp-Session-Id: abc\nNote: this is prose\ncurl -X POST http://h/mcp -H 'MCP-Protocol-Version: 2025-06-18'\nHTTP/1.1 202 Accepted\nevent: endpoint",
    );
    expect(items.map((x) => x.kind)).toEqual(["header", "header", "http-request", "http-status", "sse"]);
    expect(items[1]).toMatchObject({ name: "MCP-Protocol-Version", value: "2025-06-18" });
    expect(items[2]).toMatchObject({ method: "POST", target: "/mcp" });
  });

  it("a valid object nested up to six failed levels deep is found; deeper garbage is not searched", () => {
    const wrap = (depth: number) =>
      `${"{ x ".repeat(depth)}{"jsonrpc":"2.0","id":1,"method":"ping"}${" }".repeat(depth)}`;
    expect(extractEvidence(wrap(6)).filter((x) => x.kind === "json")).toHaveLength(1);
    expect(extractEvidence(wrap(7)).filter((x) => x.kind === "json")).toHaveLength(0);
  });

  it("a text beyond the size limit is refused with a clear summary, not ground through", () => {
    const d = dateTranscript("{".repeat(MAX_TRANSCRIPT_CHARS + 1));
    expect(d.revisions).toEqual([]);
    expect(d.summary).toContain("the dating reads at most 1,000,000");
  });

  it("invalid code around a valid object still yields the object; empty {} and [] are skipped", () => {
    const items = extractEvidence('switch (x) { case 1: return ok({"resultType":"complete"}); } [] {}');
    expect(items).toEqual([expect.objectContaining({ value: { resultType: "complete" } })]);
  });
});
