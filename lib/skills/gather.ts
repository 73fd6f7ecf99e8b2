/**
 * What the Skills tab, `cli skills` and the S checks need, gathered as a host would ask: the era probe; skills/list
 * page by page; skills/get for each listed skill, for each skill URI the instructions name that the listing left
 * out, and for one URI no server serves; each listed file read with resources/read and verified against its entry;
 * and, when the server declares directoryRead, resources/directory/read of a skill's root. Every step is a labelled
 * exchange the caller records. Only after the server declares the extension are skills/ methods sent ("Clients issue
 * skills/list and skills/get only after observing the server's declaration"). Pure.
 */
import { followCursors, type PagingEnd } from "../protocol/paging";
import { asObject, type JsonObject } from "../protocol/json";
import type { Reply } from "../protocol/reply";
import {
  declaresDirectoryRead,
  declaresSkills,
  connectSkills,
  skillsSettings,
  type SkillsConnection,
  type SkillsSend,
} from "./connection";
import { DIRECTORY_READ, DYNAMIC_RESOURCES, RESOURCES_READ, SKILLS_GET, SKILLS_LIST } from "./constants";
import { readEntry, skillRoot, type EntryReading, type SkillEntry } from "./entry";
import { contentBytes, unreadFile, verifyFile, type FileVerdict } from "./verify";

/** A skills/list page or a skills/get answer, as the checks judge it. */
export interface Answer {
  label: string;
  ok: boolean;
  /** The result, when there was one. */
  result?: JsonObject;
  /** The JSON-RPC error code, when there was one. */
  code?: number;
  /** What went wrong, in English (an error's code and message, or no answer at all). */
  error?: string;
}

export interface GetFact extends Answer {
  uri: string;
  /** listed: from the listing; unlisted: named in the instructions only; unknown: a URI no server serves. */
  kind: "listed" | "unlisted" | "unknown";
  entry?: EntryReading;
}

export interface SkillReport {
  uri: string;
  listed: boolean;
  entry: EntryReading;
  /** Every listed file (or, for a dynamic skill, SKILL.md), read and verified; empty when files were not read. */
  files: FileVerdict[];
  /** SKILL.md's text as read (untrusted server text: for the token bill and the page, rendered as text). */
  skillMd?: string;
}

export interface SkillsFacts {
  era: SkillsConnection["era"];
  version?: string;
  modern: boolean;
  declares: boolean;
  settings?: JsonObject;
  directoryRead: boolean;
  declaresResources: boolean;
  pages: Answer[];
  paging?: PagingEnd;
  /** Each listed entry as read, with the label of the page that carried it. */
  listed: { reading: EntryReading; page: string }[];
  gets: GetFact[];
  skills: SkillReport[];
  directory?: Answer & { uri: string };
}

/** A URI that names no skill, for the -32602 rule ("Getting a Skill"). */
export const UNKNOWN_SKILL_URI = "skill://playground-no-such-skill/no-such-skill/SKILL.md";
const MAX_PAGES = 20;
/** At most this many files are read per skill (the spec's limit is 512; a demo needs a handful). */
export const MAX_FILES_READ = 64;

function answerOf(reply: Reply, label: string): Answer {
  if (reply.kind === "result") return { label, ok: true, result: reply.result };
  if (reply.kind === "error")
    return { label, ok: false, code: reply.code, error: `${reply.code} ${reply.message}`.trim() };
  return { label, ok: false, error: reply.why };
}

async function ask(conn: SkillsConnection, method: string, params: JsonObject, label: string): Promise<Answer> {
  return answerOf(await conn.request(method, params, label), `skills ${label}`);
}

/** skill:// (or any scheme's) …/SKILL.md URIs named in a text (the instructions' pointers). */
export function skillUrisIn(text: string | undefined): string[] {
  if (!text) return [];
  return [...new Set(text.match(/[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`)]+\/SKILL\.md/gi) ?? [])];
}

async function listAll(conn: SkillsConnection, facts: SkillsFacts): Promise<void> {
  const { end } = await followCursors(
    async (cursor, index) => {
      const label = `${SKILLS_LIST}${index > 0 ? ` (page ${index + 1})` : ""}`;
      const answer = await ask(conn, SKILLS_LIST, cursor !== undefined ? { cursor } : {}, label);
      facts.pages.push(answer);
      if (!answer.ok) return { stop: true };
      const skills = answer.result?.skills;
      if (Array.isArray(skills))
        for (const s of skills) facts.listed.push({ reading: readEntry(s), page: answer.label });
      return { page: null, next: answer.result?.nextCursor };
    },
    { maxPages: MAX_PAGES },
  );
  facts.paging = end;
}

async function getOne(conn: SkillsConnection, uri: string, kind: GetFact["kind"]): Promise<GetFact> {
  const answer = await ask(conn, SKILLS_GET, { uri }, `${SKILLS_GET} ${uri}`);
  const skill = answer.result?.skill;
  return { ...answer, uri, kind, ...(answer.ok ? { entry: readEntry(skill) } : {}) };
}

async function readFiles(
  conn: SkillsConnection,
  entry: SkillEntry,
): Promise<{ files: FileVerdict[]; skillMd?: string }> {
  const uris = entry.resources === DYNAMIC_RESOURCES ? [entry.uri] : entry.resources.map((r) => r.uri);
  const out: FileVerdict[] = [];
  let skillMd: string | undefined;
  for (const uri of uris.slice(0, MAX_FILES_READ)) {
    const reply = await conn.request(RESOURCES_READ, { uri }, `${RESOURCES_READ} ${uri}`);
    if (reply.kind !== "result") {
      out.push(unreadFile(uri, reply.kind === "error" ? `${reply.code} ${reply.message}` : reply.why));
      continue;
    }
    const contents = Array.isArray(reply.result.contents) ? reply.result.contents.map(asObject) : [];
    const content = contents.find((c) => c?.uri === uri) ?? contents[0];
    const bytes = content ? contentBytes(content) : { why: "resources/read returned no contents" };
    if (bytes instanceof Uint8Array && uri === entry.uri) skillMd = new TextDecoder().decode(bytes);
    out.push(bytes instanceof Uint8Array ? verifyFile(entry, uri, bytes) : unreadFile(uri, bytes.why));
  }
  return { files: out, ...(skillMd !== undefined ? { skillMd } : {}) };
}

export async function gatherSkills(send: SkillsSend, opts: { readFiles?: boolean } = {}): Promise<SkillsFacts> {
  const conn = await connectSkills(send);
  if (conn.era === "unreachable") throw new Error(`the server could not be reached: ${conn.reason}`);
  const caps = conn.serverCapabilities;
  const facts: SkillsFacts = {
    era: conn.era,
    ...(conn.version ? { version: conn.version } : {}),
    modern: conn.modern,
    declares: declaresSkills(caps),
    ...(skillsSettings(caps) ? { settings: skillsSettings(caps) } : {}),
    directoryRead: declaresDirectoryRead(caps),
    declaresResources: asObject(caps?.resources) !== undefined,
    pages: [],
    listed: [],
    gets: [],
    skills: [],
  };
  if (!facts.declares) return facts;
  await listAll(conn, facts);
  const listedUris = new Set(facts.listed.flatMap((l) => (l.reading.ok ? [l.reading.entry.uri] : [])));
  for (const uri of listedUris) facts.gets.push(await getOne(conn, uri, "listed"));
  for (const uri of skillUrisIn(conn.instructions).filter((u) => !listedUris.has(u)))
    facts.gets.push(await getOne(conn, uri, "unlisted"));
  facts.gets.push(await getOne(conn, UNKNOWN_SKILL_URI, "unknown"));

  const held: { entry: EntryReading; listed: boolean }[] = [
    ...facts.listed.map((l) => ({ entry: l.reading, listed: true })),
    ...facts.gets.filter((g) => g.kind === "unlisted" && g.entry).map((g) => ({ entry: g.entry!, listed: false })),
  ];
  for (const h of held) {
    const uri = h.entry.ok ? h.entry.entry.uri : (h.entry.uri ?? "");
    const read = h.entry.ok && opts.readFiles ? await readFiles(conn, h.entry.entry) : { files: [] };
    facts.skills.push({ uri, listed: h.listed, entry: h.entry, ...read });
  }
  const first = facts.skills.find((s) => s.entry.ok);
  if (facts.directoryRead && first) {
    const root = skillRoot(first.uri)!;
    facts.directory = { uri: root, ...(await ask(conn, DIRECTORY_READ, { uri: root }, `${DIRECTORY_READ} ${root}`)) };
  }
  return facts;
}
