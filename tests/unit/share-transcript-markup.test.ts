/**
 * Issue 13, finding 15: nothing in a session (server text, a link's capabilities, labels) becomes markup in
 * the Markdown transcript. The transcript is rendered with a maintained GFM renderer (marked, pinned) and
 * every element in the HTML must be one the transcript itself writes.
 */
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { exampleById } from "@/lib/share/examples";
import type { ShareState } from "@/lib/share/state";
import { markdownTranscript } from "@/lib/share/transcript";

const HOSTILE = [
  "`<img src=x onerror=alert(1)>`",
  "``<img src=x onerror=alert(2)>``",
  "```\n<img src=x onerror=alert(3)>\n```",
  "<script>alert(4)</script>",
  "[click](javascript:alert(5))",
  "https://evil.example/steal",
  "www.evil.example",
  "mallory@evil.example",
  "<https://evil.example>",
  "![x](https://evil.example/pixel.png)",
  "\n# injected heading\n<img src=x onerror=alert(6)>",
  "|a|b|\n|-|-|",
];

/** The tags the transcript's own Markdown produces: headings, lists, paragraphs, code. */
const OWN_TAGS = new Set(["h1", "h2", "ul", "li", "p", "pre", "code"]);

function tagsOf(html: string): string[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1].toLowerCase());
}

function hostileState(text: string): ShareState {
  const base = exampleById("missing-capability")!.state;
  return {
    ...base,
    title: text,
    about: text,
    protocolVersion: text,
    capabilities: { [text]: { note: text } },
    omitted: [text],
    exchanges: [{ ...base.exchanges[0], label: text, targetLabel: text, verdicts: [{ level: "warn", text }] }],
  };
}

describe("the Markdown transcript renders server text as text, never as HTML", () => {
  for (const text of HOSTILE) {
    it(`${JSON.stringify(text)} in the title, capabilities, labels, verdicts and the omitted list`, async () => {
      const html = await marked.parse(markdownTranscript(hostileState(text)), { gfm: true });
      const foreign = tagsOf(html).filter((tag) => !OWN_TAGS.has(tag));
      expect(foreign, html).toEqual([]);
    });
  }

  it("the capabilities line still shows the capabilities exactly (as code)", async () => {
    const md = markdownTranscript(hostileState("`<img src=x onerror=alert(1)>`"));
    const html = await marked.parse(md, { gfm: true });
    expect(html).toContain(
      "<code>{&quot;`&lt;img src=x onerror=alert(1)&gt;`&quot;:{&quot;note&quot;:&quot;`&lt;img src=x onerror=alert(1)&gt;`&quot;}}</code>",
    );
  });
});
