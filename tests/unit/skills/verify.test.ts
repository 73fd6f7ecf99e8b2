/**
 * Host-side verification of skill files (ext-skills skills.mdx, "Integrity and Verification"): a file is verified only
 * when it is in the held entry's manifest, its byte count is the entry's size, its SHA-256 is the entry's digest, and
 * (for SKILL.md) its frontmatter equals the entry's field by field; every refusal says why.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readEntry, readFrontmatter, type SkillEntry } from "@/lib/skills/entry";
import { contentBytes, verifyFile } from "@/lib/skills/verify";

const SKILL_MD = '---\nname: plan-week\ndescription: Plan the week\nmetadata:\n  version: "1.0"\n---\n\n# Plan\n';
const GUIDE = "# Guide\nÜber café\n";
const bytes = (text: string) => new TextEncoder().encode(text);
const digest = (text: string) => `sha256:${createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex")}`;
const ROOT = "skill://cal/plan-week";

function entry(over: Partial<SkillEntry> = {}): SkillEntry {
  return {
    uri: `${ROOT}/SKILL.md`,
    frontmatter: { name: "plan-week", description: "Plan the week", metadata: { version: "1.0" } },
    resources: [
      { uri: `${ROOT}/SKILL.md`, digest: digest(SKILL_MD), size: Buffer.byteLength(SKILL_MD) },
      { uri: `${ROOT}/references/guide.md`, digest: digest(GUIDE), size: Buffer.byteLength(GUIDE) },
    ],
    ...over,
  };
}

describe("a skill file is verified against the held entry", () => {
  it("bytes whose size and SHA-256 match the manifest, and SKILL.md whose frontmatter matches, are verified", () => {
    expect(verifyFile(entry(), `${ROOT}/SKILL.md`, bytes(SKILL_MD))).toMatchObject({ verified: true });
    // Size counts UTF-8 bytes, not characters.
    const v = verifyFile(entry(), `${ROOT}/references/guide.md`, bytes(GUIDE));
    expect(v).toMatchObject({ verified: true, size: Buffer.byteLength(GUIDE), digest: digest(GUIDE) });
    expect(v.why).toBeUndefined();
  });

  it("a digest mismatch is not verified, and says both digests", () => {
    const v = verifyFile(entry(), `${ROOT}/references/guide.md`, bytes(GUIDE.replace("café", "cafe")));
    expect(v.verified).toBe(false);
    expect(v.why).toMatch(/^(\d+ bytes, the manifest says \d+|digest sha256:[0-9a-f]{64}, the manifest says sha256:)/);
    const sameSize = verifyFile(entry(), `${ROOT}/references/guide.md`, bytes(GUIDE.replace("Guide", "Guido")));
    expect(sameSize.why).toBe(`digest ${digest(GUIDE.replace("Guide", "Guido"))}, the manifest says ${digest(GUIDE)}`);
  });

  it("a size mismatch is a verification failure whatever the digest", () => {
    const v = verifyFile(entry(), `${ROOT}/references/guide.md`, bytes(`${GUIDE}x`));
    expect(v).toMatchObject({
      verified: false,
      why: `${Buffer.byteLength(GUIDE) + 1} bytes, the manifest says ${Buffer.byteLength(GUIDE)}`,
    });
  });

  it("an unlisted file is a change to the skill, never verified", () => {
    const v = verifyFile(entry(), `${ROOT}/references/new.md`, bytes("new"));
    expect(v).toMatchObject({
      verified: false,
      why: "the file is not in the skill's manifest: an unlisted file is a change to the skill",
    });
  });

  it("SKILL.md whose frontmatter differs from the entry's is not verified, naming the fields", () => {
    const listed = entry({
      frontmatter: { name: "plan-week", description: "Plan the month", metadata: { version: "1.0" } },
    });
    const v = verifyFile(listed, `${ROOT}/SKILL.md`, bytes(SKILL_MD));
    expect(v).toMatchObject({ verified: false, why: "SKILL.md's frontmatter differs from the entry's in description" });
  });

  it('a "dynamic" skill has nothing to verify against, and says so', () => {
    const v = verifyFile(entry({ resources: "dynamic" }), `${ROOT}/SKILL.md`, bytes(SKILL_MD));
    expect(v.verified).toBe(false);
    expect(v.why).toMatch(/"dynamic"/);
  });

  it("a blob is verified over its decoded bytes; a blob that is not base64 says so", () => {
    expect(contentBytes({ blob: Buffer.from(GUIDE).toString("base64") })).toEqual(bytes(GUIDE));
    expect(contentBytes({ blob: "%%%" })).toEqual({ why: "the blob is not base64" });
    expect(contentBytes({})).toEqual({ why: "the content has neither text nor blob" });
  });
});

describe("a Skill entry's shape", () => {
  it("a well-formed entry reads", () => {
    expect(readEntry(entry())).toMatchObject({ ok: true });
  });

  it("every problem is named: name not the last path segment, no description, bad digest, size, SKILL.md missing", () => {
    const r = readEntry({
      uri: `${ROOT}/SKILL.md`,
      frontmatter: { name: "other" },
      resources: [{ uri: `${ROOT}/x.md`, digest: "sha256:ABC", size: -1 }],
    });
    expect(r.ok).toBe(false);
    expect(r.ok ? [] : r.problems).toEqual([
      "frontmatter.description is not a non-empty string",
      `the last segment of ${ROOT}/SKILL.md is not frontmatter.name "other"`,
      'resources[0].digest "sha256:ABC" is not sha256: and 64 lowercase hex characters',
      "resources[0].size -1 is not a whole number of bytes",
      `the manifest has no entry for the skill's own SKILL.md (${ROOT}/SKILL.md)`,
    ]);
  });

  it('resources is required: missing, or neither an array nor "dynamic", is invalid', () => {
    const base = { uri: `${ROOT}/SKILL.md`, frontmatter: { name: "plan-week", description: "d" } };
    expect(readEntry(base)).toMatchObject({
      ok: false,
      problems: ['resources is missing (it is required: an array or "dynamic")'],
    });
    expect(readEntry({ ...base, resources: "static" })).toMatchObject({ ok: false });
    expect(readEntry({ ...base, resources: "dynamic" })).toMatchObject({ ok: true });
  });

  it("a file outside the skill's directory, or listed twice, is a problem", () => {
    const e = entry();
    const files = e.resources as { uri: string; digest: string; size: number }[];
    const r = readEntry({ ...e, resources: [...files, files[1], { ...files[1], uri: "skill://cal/other/x.md" }] });
    expect(r.ok ? [] : r.problems).toEqual([
      "resources[3].uri skill://cal/other/x.md is not a file within the skill's directory skill://cal/plan-week",
      `the manifest lists ${ROOT}/references/guide.md more than once`,
    ]);
  });

  it("frontmatter is read as YAML; a SKILL.md without it says so", () => {
    expect(readFrontmatter(SKILL_MD)).toEqual({
      ok: true,
      frontmatter: { name: "plan-week", description: "Plan the week", metadata: { version: "1.0" } },
    });
    expect(readFrontmatter("# no frontmatter")).toEqual({
      ok: false,
      why: "SKILL.md does not begin with a --- frontmatter block",
    });
  });
});
