import { describe, expect, it } from "vitest";
import { badgeMarkdown } from "@/lib/checks/badge";

const BADGE = "mcp-checks-badge.svg";
const REPORT = "mcp-checks-calendar-stdio.json";

describe("the README badge's Markdown links to a report its readers can open (issue 44 point 5)", () => {
  it("from a playground on this machine (127.0.0.1, localhost, ::1) it links to the JSON report committed beside the badge, not to a local port", () => {
    for (const url of [
      "http://127.0.0.1:3000/#v=1&s=abc",
      "http://localhost:4123/#v=1&s=abc",
      "http://[::1]:3000/#v=1&s=abc",
      "https://127.0.0.5/#v=1&s=abc",
    ])
      expect(badgeMarkdown(BADGE, url, REPORT), url).toEqual({
        markdown: `[![MCP conformance](${BADGE})](${REPORT})`,
        local: true,
      });
  });

  it("from a playground others can reach (hosted), it links to the report's share link", () => {
    const url = "https://playground.example.edu/#v=1&s=abc";
    expect(badgeMarkdown(BADGE, url, REPORT)).toEqual({
      markdown: `[![MCP conformance](${BADGE})](${url})`,
      local: false,
    });
  });
});
