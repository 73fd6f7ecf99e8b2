import { describe, expect, it } from "vitest";
import { decodeLabFragment, encodeLabFragment, isLabFragment } from "@/lib/lab/link";
import { deflateToLink } from "@/lib/share/deflate";
import { parseLabScript } from "@/lib/lab/script";
import { BUILT_IN_SCRIPTS } from "@/lib/lab/scripts";

const chapter = () => {
  const r = parseLabScript(BUILT_IN_SCRIPTS[0].script);
  if (!r.ok) throw new Error(r.error);
  return r.script;
};

describe("experiment links (#lab=…)", () => {
  it("round-trips a script and its conditions", async () => {
    const fragment = await encodeLabFragment(chapter(), ["stdio-one-process", "stdio-fresh-process"]);
    expect(isLabFragment(`#${fragment}`)).toBe(true);
    const decoded = await decodeLabFragment(`#${fragment}`);
    expect(decoded).toEqual({
      kind: "ok",
      script: chapter(),
      conditions: ["stdio-one-process", "stdio-fresh-process"],
    });
  });

  it("a session link is not an experiment link", async () => {
    expect(await decodeLabFragment("#v=1&s=abc")).toEqual({ kind: "none" });
  });

  it.each([
    ["mangled characters", "#lab=%%%", /not in the link alphabet/],
    ["not JSON inside", null, /not JSON/],
    ["not a lab script", { script: { format: "x" }, conditions: [] }, /not a mcp-playground\/lab-script@1 script/],
    ["an unknown condition", "unknown-condition", /unknown condition/],
  ])("a link with %s says why", async (_label, payload, reason) => {
    let hash: string;
    if (typeof payload === "string" && payload.startsWith("#")) hash = payload;
    else if (payload === null) hash = `#lab=${await deflateToLink("{not json")}`;
    else if (payload === "unknown-condition")
      hash = `#lab=${await deflateToLink(JSON.stringify({ script: BUILT_IN_SCRIPTS[0].script, conditions: ["rm -rf"] }))}`;
    else hash = `#lab=${await deflateToLink(JSON.stringify(payload))}`;
    const decoded = await decodeLabFragment(hash);
    expect(decoded.kind).toBe("error");
    if (decoded.kind === "error") expect(decoded.reason).toMatch(reason);
  });

  it("the chapter's experiment fits in a short link", async () => {
    const fragment = await encodeLabFragment(chapter(), ["stdio-one-process", "stdio-fresh-process"]);
    expect(fragment.length).toBeLessThan(2000);
  });
});
