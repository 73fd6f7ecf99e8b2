/**
 * A `Skill` entry as skills/list and skills/get carry it ("Skill Entries"), read from untrusted JSON: the entry when
 * its shape is right, else the problems, each a sentence naming the field. Also the SKILL.md frontmatter reader the
 * host-side "Frontmatter Verification" needs. Pure.
 */
import { parse as parseYaml } from "yaml";
import { asObject, type JsonObject } from "../protocol/json";
import { DIGEST_PATTERN, DYNAMIC_RESOURCES, SKILL_MD } from "./constants";

/** "Skill Entries": one file of a skill, with the digest and size of its raw bytes. */
export interface SkillResource {
  uri: string;
  digest: string;
  size: number;
}

export interface SkillEntry {
  uri: string;
  frontmatter: JsonObject & { name: string; description: string };
  /** The complete manifest, or "dynamic" for a generated skill. */
  resources: SkillResource[] | typeof DYNAMIC_RESOURCES;
}

export type EntryReading = { ok: true; entry: SkillEntry } | { ok: false; uri?: string; problems: string[] };

/** The skill's root: the SKILL.md URI without "/SKILL.md" ("Resource Mapping"). */
export function skillRoot(uri: string): string | undefined {
  const suffix = `/${SKILL_MD}`;
  return uri.endsWith(suffix) ? uri.slice(0, -suffix.length) : undefined;
}

/** The final segment of the skill path, which MUST equal frontmatter.name. */
export function skillPathName(uri: string): string | undefined {
  const root = skillRoot(uri);
  if (root === undefined) return undefined;
  const afterScheme = root.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const segments = afterScheme.split("/");
  return segments[segments.length - 1] || undefined;
}

function resourceProblems(value: unknown, index: number, root: string | undefined): string[] {
  const r = asObject(value);
  const at = `resources[${index}]`;
  if (!r) return [`${at} is not an object`];
  const out: string[] = [];
  if (typeof r.uri !== "string" || r.uri === "") out.push(`${at}.uri is not a non-empty string`);
  else if (root !== undefined && !r.uri.startsWith(`${root}/`))
    out.push(`${at}.uri ${r.uri} is not a file within the skill's directory ${root}`);
  if (typeof r.digest !== "string" || !DIGEST_PATTERN.test(r.digest))
    out.push(`${at}.digest ${JSON.stringify(r.digest)} is not sha256: and 64 lowercase hex characters`);
  if (typeof r.size !== "number" || !Number.isInteger(r.size) || r.size < 0)
    out.push(`${at}.size ${JSON.stringify(r.size)} is not a whole number of bytes`);
  return out;
}

function manifestProblems(resources: unknown[], uri: string): string[] {
  const root = skillRoot(uri);
  const out = resources.flatMap((r, i) => resourceProblems(r, i, root));
  const uris = resources.map((r) => asObject(r)?.uri).filter((u): u is string => typeof u === "string");
  const twice = [...new Set(uris.filter((u, i) => uris.indexOf(u) !== i))];
  if (twice.length > 0) out.push(`the manifest lists ${twice.join(", ")} more than once`);
  if (!uris.includes(uri)) out.push(`the manifest has no entry for the skill's own ${SKILL_MD} (${uri})`);
  return out;
}

/** Reads one entry; every problem is reported, not only the first. */
export function readEntry(value: unknown): EntryReading {
  const e = asObject(value);
  if (!e) return { ok: false, problems: ["the entry is not an object"] };
  const problems: string[] = [];
  const uri = typeof e.uri === "string" ? e.uri : undefined;
  if (uri === undefined) problems.push("uri is not a string");
  else if (skillRoot(uri) === undefined) problems.push(`uri ${uri} does not end in /${SKILL_MD}`);
  const fm = asObject(e.frontmatter);
  if (!fm) problems.push("frontmatter is not an object");
  else {
    if (typeof fm.name !== "string" || fm.name === "") problems.push("frontmatter.name is not a non-empty string");
    if (typeof fm.description !== "string" || fm.description === "")
      problems.push("frontmatter.description is not a non-empty string");
    if (uri !== undefined && typeof fm.name === "string" && skillPathName(uri) !== fm.name)
      problems.push(`the last segment of ${uri} is not frontmatter.name ${JSON.stringify(fm.name)}`);
  }
  const resources = e.resources;
  if (resources === undefined) problems.push('resources is missing (it is required: an array or "dynamic")');
  else if (Array.isArray(resources)) problems.push(...manifestProblems(resources, uri ?? ""));
  else if (resources !== DYNAMIC_RESOURCES)
    problems.push(`resources is ${JSON.stringify(resources).slice(0, 60)}, neither an array nor "dynamic"`);
  if (problems.length > 0) return { ok: false, ...(uri !== undefined ? { uri } : {}), problems };
  return {
    ok: true,
    entry: { uri: uri!, frontmatter: fm as SkillEntry["frontmatter"], resources: resources as never },
  };
}

export type FrontmatterReading = { ok: true; frontmatter: JsonObject } | { ok: false; why: string };

/** The YAML frontmatter a SKILL.md begins with, as JSON ("Skill Format": it MUST begin with it). */
export function readFrontmatter(text: string): FrontmatterReading {
  const body = text.replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(body);
  if (!match) return { ok: false, why: `${SKILL_MD} does not begin with a --- frontmatter block` };
  let parsed: unknown;
  try {
    parsed = parseYaml(match[1]);
  } catch (e) {
    return { ok: false, why: `the frontmatter is not YAML: ${(e as Error).message.split("\n")[0]}` };
  }
  const object = asObject(parsed);
  return object ? { ok: true, frontmatter: object } : { ok: false, why: "the frontmatter is not a YAML mapping" };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const o = asObject(value);
  if (o)
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** The fields whose values differ between the entry's frontmatter and the file's ("Frontmatter Verification"). */
export function frontmatterDifferences(entry: JsonObject, file: JsonObject): string[] {
  const keys = [...new Set([...Object.keys(entry), ...Object.keys(file)])].sort();
  return keys.filter((k) => canonical(entry[k]) !== canonical(file[k]));
}
