// Explain and Dating know the Skills extension's methods (SEP-2640: skills/list, skills/get,
// resources/directory/read): a request is explained as the extension's, each field has its sentence, and a transcript
// that shows them is dated to 2026-07-28 (the extension is specified against that base revision).
import { describe, expect, it } from "vitest";
import { dateTranscript, explainFrame } from "@/lib/explain";
import { buildEnvelope } from "@/lib/protocol/meta";

const M = buildEnvelope();
const req = (method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 1,
  method,
  params: { _meta: M, ...params },
});

describe("Explain knows the Skills methods", () => {
  it.each([
    ["skills/list", {}],
    ["skills/get", { uri: "skill://calendar/plan-week/SKILL.md" }],
    ["resources/directory/read", { uri: "skill://calendar/plan-week" }],
  ])("%s is the io.modelcontextprotocol/skills extension's, not an unknown method", (method, params) => {
    const notes = explainFrame(req(method, params));
    const lead = notes.find((a) => a.path === "method");
    expect(lead?.text).toContain("io.modelcontextprotocol/skills");
    expect(lead?.level).not.toBe("error");
    expect(notes.filter((a) => a.level === "error")).toEqual([]);
  });

  it("skills/get's uri and a skills/list result's fields are explained", () => {
    const get = explainFrame(req("skills/get", { uri: "skill://calendar/plan-week/SKILL.md" }));
    expect(get.find((a) => a.path === "params.uri")?.text).toMatch(/SKILL\.md/);
    const listed = explainFrame(
      { jsonrpc: "2.0", id: 1, result: { resultType: "complete", skills: [], ttlMs: 300000, cacheScope: "public" } },
      { direction: "received", requestMethod: "skills/list" },
    );
    expect(listed.find((a) => a.path === "result.skills")?.text).toMatch(/skills/i);
  });
});

describe("Dating knows the Skills methods", () => {
  it("a transcript with skills/list and skills/get dates to 2026-07-28, each method a reason", () => {
    const d = dateTranscript(
      [
        `{"jsonrpc":"2.0","id":4,"method":"skills/list","params":{}}`,
        `{"jsonrpc":"2.0","id":5,"method":"skills/get","params":{"uri":"skill://pdf-processing/SKILL.md"}}`,
      ].join("\n"),
    );
    expect(d.revisions).toEqual(["2026-07-28"]);
    expect(d.reasons.map((r) => r.feature)).toEqual(expect.arrayContaining(["skills/list", "skills/get"]));
  });

  it("a server declaring io.modelcontextprotocol/skills is a 2026-07-28 reason", () => {
    const d = dateTranscript(
      `{"jsonrpc":"2.0","id":1,"result":{"capabilities":{"extensions":{"io.modelcontextprotocol/skills":{"directoryRead":true}}}}}`,
    );
    expect(d.reasons.map((r) => r.feature)).toContain("the io.modelcontextprotocol/skills extension declared");
  });
});
