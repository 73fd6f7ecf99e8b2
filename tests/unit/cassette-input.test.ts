/**
 * What the Diff tab and the cassette commands accept where a cassette is expected (issue 44 point 5): the page's own
 * exported session file too, turned into a cassette on the way in as `npm run cli -- cassette` does.
 */
import { describe, expect, it } from "vitest";
import { cassetteFromText } from "@/lib/cassette/input";
import { cassetteText } from "@/lib/cassette/format";
import { exampleById } from "@/lib/share/examples";
import { exportSessionFile } from "@/lib/share/session-file";

describe("a cassette, or what a cassette is made from", () => {
  it("the page's exported session file is read as a cassette of its exchanges", () => {
    const file = exportSessionFile(exampleById("dentist-mrtr")!.state, { now: new Date(0) });
    const read = cassetteFromText(file.text, "mcp-playground-session.json");
    if (!read.ok) throw new Error(read.reason);
    expect(read.from).toBe("session file");
    expect(read.cassette.interactions.some((i) => i.request.method === "tools/call")).toBe(true);
  });

  it("a cassette is read as it is, and anything else is refused with what would have been read", () => {
    const file = exportSessionFile(exampleById("dentist-mrtr")!.state, { now: new Date(0) });
    const made = cassetteFromText(file.text, "s.json");
    if (!made.ok) throw new Error(made.reason);
    const again = cassetteFromText(cassetteText(made.cassette), "c.json");
    expect(again.ok && again.from).toBe("cassette");
    const refused = cassetteFromText('{"hello": 1}', "x.json");
    expect(!refused.ok && refused.reason).toMatch(
      /^x\.json is none of what a cassette is made from: a cassette .*a session file/,
    );
  });
});
