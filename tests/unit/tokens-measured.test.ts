/** "Which catalogue was measured", in the words the panel and the CLI print. */
import { describe, expect, it } from "vitest";
import type { Measured } from "@/lib/tokens/catalogue";
import { describeMeasured } from "@/lib/tokens/measured";

const everything = { name: "mcp-servers/everything", version: "2.0.0" };
const base: Measured = {
  requested: "legacy",
  handshake: "legacy",
  era: "legacy",
  protocolVersion: "2025-11-25",
  capabilities: {},
  serverInfo: everything,
  instructionsFrom: "initialize",
  transport: "stdio",
};

describe("describeMeasured", () => {
  it("a legacy handshake names the capabilities, the answer and notifications/initialized; the chapter's case is recognised", () => {
    const text = describeMeasured(base, 13).join("\n");
    expect(text).toContain(
      "Measured after a legacy handshake over stdio: initialize declaring capabilities {}, mcp-servers/everything 2.0.0 answered 2025-11-25, then notifications/initialized.",
    );
    expect(text).toContain("This is the catalogue the chapter measured (13 tools with empty capabilities).");
  });
  it("the chapter's case is not claimed when capabilities were declared", () => {
    expect(describeMeasured({ ...base, capabilities: { roots: {} } }, 14).join("\n")).not.toContain(
      "the chapter measured",
    );
  });
  it("no handshake explains the missing tools, and for server-everything names simulate-research-query", () => {
    const text = describeMeasured({ ...base, requested: "none", handshake: "none" }, 12).join("\n");
    expect(text).toContain(
      "Measured with no handshake over stdio: tools/list was the first thing mcp-servers/everything 2.0.0 heard.",
    );
    expect(text).toContain(
      "That is why this catalogue has 12 tools and the chapter's has 13: server-everything registers simulate-research-query only after notifications/initialized.",
    );
    expect(text).toContain(
      "The instructions were read afterwards from initialize (legacy era, 2025-11-25); that handshake was not completed.",
    );
  });
  it("a modern fetch says the _meta envelope carried the capabilities; auto says the era was probed", () => {
    const text = describeMeasured(
      { requested: "auto", handshake: "modern", era: "modern", capabilities: {}, transport: "http" },
      1,
    ).join("\n");
    expect(text).toContain(
      "Measured as a 2026-07-28 client over Streamable HTTP: server/discover, then tools/list carrying the _meta envelope with clientCapabilities {}.",
    );
    expect(text).toContain("The era was probed (server/discover first): modern.");
  });
  it("an edited or pasted catalogue says it does not know", () => {
    expect(describeMeasured(undefined, 3)).toEqual(["Edited or pasted catalogue: how it was obtained is not known."]);
  });
});
