/**
 * The chapter's calendar with Agent Skills (SEP-2640, `io.modelcontextprotocol/skills`, ext-skills
 * specification/stable/skills.mdx): everything the calendar has, plus two listed skills and one the listing leaves out
 * (its URI is in the instructions; "Getting a Skill": skills/get answers for every skill served, listed or not). Each
 * skill file is an ordinary skill:// resource; the manifest's digests and sizes are computed here from the very bytes
 * resources/read serves. The listing is paged one skill a page, so a client sees nextCursor at work; directoryRead is
 * declared and resources/directory/read answers for every directory of the skills.
 */
import { createHash } from "node:crypto";
import { ProtocolError, ProtocolErrorCode, type McpServer } from "@modelcontextprotocol/server";
import * as z from "zod/v4";
import { calendarStore, createCalendarServer, CALENDAR_INSTRUCTIONS } from "./calendar";
import {
  DIRECTORY_MIME,
  DIRECTORY_READ,
  DIRECTORY_READ_SETTING,
  RESULT_TYPE_COMPLETE,
  SKILL_MD,
  SKILL_MD_MIME,
  SKILLS_EXTENSION_ID,
  SKILLS_GET,
  SKILLS_LIST,
} from "@/lib/skills/constants";

interface SkillSource {
  path: string;
  listed: boolean;
  /** File path within the skill → its text (SKILL.md first). */
  files: Record<string, string>;
}

const PLAN_WEEK = `---
name: plan-week
description: Plan the coming week from the calendar - read calendar://week, find the gaps, propose focus blocks.
license: CC0-1.0
metadata:
  author: the chapter
  version: "1.0"
---

# Plan the week

1. Read the resource \`calendar://week\` (resources/read). Every event has a title and a start time.
2. Go through \`references/checklist.md\` for what a good week keeps free.
3. Fill in \`templates/week-plan.md\`, one line a day.
4. Propose each focus block to the user; create it with the \`create_event\` tool only once they agree.
`;

const CHECKLIST = `# Checklist for a good week

- Keep the first hour of Monday free for planning.
- No more than two meetings a day.
- One two-hour focus block on at least three days.
- Leave Friday afternoon for loose ends.
`;

const WEEK_PLAN = `# Week plan

| Day | Events | Focus block |
| --- | ------ | ----------- |
| Mon |        |             |
| Tue |        |             |
| Wed |        |             |
| Thu |        |             |
| Fri |        |             |
`;

const FIND_SLOT = `---
name: find-slot
description: Find a free slot of a given length this week and offer it before creating the event.
---

# Find a slot

Read \`calendar://week\`, keep to the hours in \`references/working-hours.md\`, and offer the first free slot
that is long enough. Create the event with \`create_event\` only after the user picks it.
`;

const WORKING_HOURS = `# Working hours

Monday to Friday, 09:00 to 17:00 UTC. Lunch 12:00 to 13:00 is never a slot.
`;

const RSVP = `---
name: rsvp
description: Answer an invitation - check the week for a clash, then accept or suggest another time.
---

# RSVP

Read \`calendar://week\`. If the invitation clashes with an event, suggest the nearest free hour instead.
`;

const SOURCES: SkillSource[] = [
  {
    path: "calendar/plan-week",
    listed: true,
    files: {
      [SKILL_MD]: PLAN_WEEK,
      "references/checklist.md": CHECKLIST,
      "templates/week-plan.md": WEEK_PLAN,
    },
  },
  {
    path: "calendar/find-slot",
    listed: true,
    files: { [SKILL_MD]: FIND_SLOT, "references/working-hours.md": WORKING_HOURS },
  },
  { path: "calendar/rsvp", listed: false, files: { [SKILL_MD]: RSVP } },
];

/** The skill nobody lists: served, and named in the instructions so a host can confirm it with skills/get. */
export const UNLISTED_SKILL_URI = "skill://calendar/rsvp/SKILL.md";

export const SKILLS_INSTRUCTIONS =
  `${CALENDAR_INSTRUCTIONS} Skills (io.modelcontextprotocol/skills): skills/list pages through plan-week and ` +
  `find-slot; ${UNLISTED_SKILL_URI} is served but not listed (skills/get has its manifest).`;

/** The cache hint both skills results carry (2026-07-28: CacheableResult, ttlMs and cacheScope REQUIRED). */
const CACHE = { ttlMs: 300_000, cacheScope: "public" } as const;

interface ServedFile {
  uri: string;
  text: string;
  mimeType: string;
  digest: string;
  size: number;
}

function mimeOf(file: string): string {
  return file.endsWith(".md") ? SKILL_MD_MIME : "text/plain";
}

function served(source: SkillSource): ServedFile[] {
  return Object.entries(source.files).map(([file, text]) => {
    const bytes = Buffer.from(text, "utf8");
    return {
      uri: `skill://${source.path}/${file}`,
      text,
      mimeType: mimeOf(file),
      // "Integrity and Verification": SHA-256 of the raw bytes resources/read serves, and their length.
      digest: `sha256:${createHash("sha256").update(bytes).digest("hex")}`,
      size: bytes.length,
    };
  });
}

/** The frontmatter, verbatim as JSON (the demo's YAML is simple: scalars and one nested map). */
const FRONTMATTER: Record<string, Record<string, unknown>> = {
  "calendar/plan-week": {
    name: "plan-week",
    description: "Plan the coming week from the calendar - read calendar://week, find the gaps, propose focus blocks.",
    license: "CC0-1.0",
    metadata: { author: "the chapter", version: "1.0" },
  },
  "calendar/find-slot": {
    name: "find-slot",
    description: "Find a free slot of a given length this week and offer it before creating the event.",
  },
  "calendar/rsvp": {
    name: "rsvp",
    description: "Answer an invitation - check the week for a clash, then accept or suggest another time.",
  },
};

export interface SkillsServerOptions {
  /** Skills per skills/list page (default 1: the demo shows nextCursor). */
  pageSize?: number;
}

function entryOf(source: SkillSource, files: ServedFile[]) {
  return {
    uri: `skill://${source.path}/${SKILL_MD}`,
    frontmatter: FRONTMATTER[source.path],
    resources: files.map((f) => ({ uri: f.uri, digest: f.digest, size: f.size })),
  };
}

/** Every directory under the skills (the roots and their subdirectories) → its direct children. */
function directories(all: { source: SkillSource; files: ServedFile[] }[]) {
  const dirs = new Map<string, Map<string, { uri: string; name: string; mimeType: string }>>();
  const child = (dir: string, uri: string, mimeType: string) => {
    if (!dirs.has(dir)) dirs.set(dir, new Map());
    dirs.get(dir)!.set(uri, { uri, name: uri.slice(dir.length + 1), mimeType });
  };
  for (const { source, files } of all) {
    const root = `skill://${source.path}`;
    if (!dirs.has(root)) dirs.set(root, new Map());
    for (const f of files) {
      const parts = f.uri.slice(root.length + 1).split("/");
      let dir = root;
      for (const part of parts.slice(0, -1)) {
        child(dir, `${dir}/${part}`, DIRECTORY_MIME);
        dir = `${dir}/${part}`;
      }
      child(dir, f.uri, f.mimeType);
    }
  }
  return dirs;
}

const invalid = (message: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, message);

export function createSkillsServer(options: SkillsServerOptions = {}): McpServer {
  const pageSize = Math.max(1, options.pageSize ?? 1);
  const server = createCalendarServer({
    name: "skills",
    title: "Chapter calendar, with skills",
    store: calendarStore(),
    instructions: SKILLS_INSTRUCTIONS,
    extraCapabilities: { extensions: { [SKILLS_EXTENSION_ID]: { [DIRECTORY_READ_SETTING]: true } } },
  });
  const all = SOURCES.map((source) => ({ source, files: served(source) }));
  for (const { source, files } of all)
    for (const f of files) {
      // "Resource Metadata": SKILL.md is named and described from its frontmatter.
      const fm = FRONTMATTER[source.path];
      const isSkillMd = f.uri.endsWith(`/${SKILL_MD}`);
      server.registerResource(
        isSkillMd ? String(fm.name) : f.uri.slice("skill://".length),
        f.uri,
        {
          mimeType: f.mimeType,
          ...(isSkillMd ? { description: String(fm.description) } : {}),
          cacheHint: { ...CACHE },
        } as never,
        async () => ({ contents: [{ uri: f.uri, mimeType: f.mimeType, text: f.text }] }),
      );
    }
  const entries = all.map(({ source, files }) => ({ listed: source.listed, entry: entryOf(source, files) }));
  const listed = entries.filter((e) => e.listed).map((e) => e.entry);
  const low = server.server;
  const loose = z.looseObject({});
  low.setRequestHandler(
    SKILLS_LIST,
    { params: z.looseObject({ cursor: z.string().optional() }).optional(), result: loose },
    async (params) => {
      // The cursor is the index of the page's first skill, as this server minted it; anything else is refused.
      const cursor = params?.cursor;
      const start = cursor === undefined ? 0 : /^s[0-9]+$/.test(cursor) ? Number(cursor.slice(1)) : NaN;
      if (!Number.isInteger(start) || start < 0 || start >= listed.length)
        throw invalid(`Invalid cursor ${JSON.stringify(cursor)}: this server did not mint it`);
      const end = start + pageSize;
      return {
        resultType: RESULT_TYPE_COMPLETE,
        skills: listed.slice(start, end),
        ...(end < listed.length ? { nextCursor: `s${end}` } : {}),
        ...CACHE,
      } as never;
    },
  );
  low.setRequestHandler(SKILLS_GET, { params: z.looseObject({ uri: z.string() }), result: loose }, async (params) => {
    const found = entries.find((e) => e.entry.uri === params.uri);
    // "Getting a Skill": a URI that names no skill this server serves is -32602 (Invalid params).
    if (!found) throw invalid(`No skill is served at ${params.uri}`);
    return { resultType: RESULT_TYPE_COMPLETE, skill: found.entry, ...CACHE } as never;
  });
  const dirs = directories(all);
  low.setRequestHandler(
    DIRECTORY_READ,
    { params: z.looseObject({ uri: z.string(), cursor: z.string().optional() }), result: loose },
    async (params) => {
      const children = dirs.get(params.uri);
      if (!children) throw invalid(`${params.uri} is not a directory resource`);
      if (params.cursor !== undefined) throw invalid("Invalid cursor: every directory is answered in one page");
      return { resultType: RESULT_TYPE_COMPLETE, resources: [...children.values()] } as never;
    },
  );
  return server;
}
