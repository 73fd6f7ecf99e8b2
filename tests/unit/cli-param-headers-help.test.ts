/**
 * The CLI's help says what `send` does about Mcp-Param-* (issue 45): an HTTP tools/call reads tools/list whatever
 * --omit-param-headers says, because the omitted headers are named on stderr (tests/integration/emulation/cli-send.test.ts).
 */
import { describe, expect, it } from "vitest";
import { PARAM_HEADERS_HELP } from "@/lib/node/cli/emulation";

describe("the help for --omit-param-headers", () => {
  it("says tools/list is read with the flag too, to name the headers it leaves out", () => {
    expect(PARAM_HEADERS_HELP).toContain("an HTTP tools/call first reads tools/list to mirror x-mcp-header arguments");
    expect(PARAM_HEADERS_HELP).toContain(
      "with --omit-param-headers it still reads it, to name the headers it leaves out",
    );
    expect(PARAM_HEADERS_HELP).not.toContain("without --omit-param-headers");
  });
});
