/**
 * The Skills checks (prefix S): rules of the Skills extension (SEP-2640, ext-skills specification/stable/skills.mdx) a
 * server can get wrong, judged from the facts lib/skills/gather.ts collected. They run in `cli check` (and the page's
 * check run) when the server declares the extension (lib/checks/skills.ts adds them as rows). Each is proved able to
 * fail by a flag of tests/fixtures/skills/stdio.ts. Titles and details are catalogue Msgs (skills.check.*), said in
 * English in `title`/`detail` (the CLI's --json) and in the reader's language on the page and in `check --lang`. Pure.
 */
import { asObject } from "../protocol/json";
import { msg, say, type Msg } from "../i18n/translate";
import {
  DIRECTORY_MIME,
  INVALID_PARAMS,
  METHOD_NOT_FOUND,
  RESULT_TYPE_COMPLETE,
  SKILL_MD,
  SKILLS_EXTENSION_ID,
  SKILLS_SPEC_URL,
} from "./constants";
import type { Answer, SkillsFacts } from "./gather";
import type { EntryReading } from "./entry";

export type SkillsCheckStatus = "pass" | "fail" | "skip";

export interface SkillsCheckResult {
  id: string;
  title: string;
  titleMsg: Msg;
  level: "MUST";
  status: SkillsCheckStatus;
  detail: string;
  detailMsg: Msg;
  /** Labels of the exchanges that show it. */
  evidence: string[];
  spec: string;
}

type Judgement = { status: SkillsCheckStatus; detail: Msg; evidence?: string[] };

interface Def {
  id: string;
  /** The section of skills.mdx the rule is written in. */
  anchor: string;
  judge(facts: SkillsFacts): Judgement;
}

const judged = (status: SkillsCheckStatus, detail: Msg, evidence?: string[]): Judgement => ({
  status,
  detail,
  evidence,
});

/** Fails with the problems (server-side detail, English), passes with the check's own sentence. */
function verdict(id: string, problems: string[], evidence: string[], pass: Msg): Judgement {
  return problems.length > 0
    ? judged("fail", msg(`skills.check.${id}.fail`, { problems: problems.join("; ") }), evidence)
    : judged("pass", pass, evidence);
}

const okAnswers = (answers: Answer[]) => answers.filter((a) => a.ok);
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(",")}]`
    : asObject(v)
      ? `{${Object.keys(v as object)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(v);

function sameEntry(a: EntryReading | undefined, b: EntryReading | undefined): boolean {
  return !!a?.ok && !!b?.ok && canonical(a.entry) === canonical(b.entry);
}

const DEFS: Def[] = [
  {
    // A server that declares the extension MUST implement skills/list and skills/get, and MUST declare resources.
    id: "S01",
    anchor: "#capability-negotiation",
    judge(f) {
      const problems: string[] = [];
      const evidence: string[] = [];
      const first = f.pages[0];
      if (first) evidence.push(first.label);
      if (first && !first.ok) problems.push(`skills/list answered ${first.error}`);
      const missingGet = f.gets.find((g) => g.code === METHOD_NOT_FOUND);
      if (missingGet) {
        problems.push(`skills/get answered ${missingGet.error}`);
        evidence.push(missingGet.label);
      } else if (f.gets[0]) evidence.push(f.gets[0].label);
      if (!f.declaresResources) problems.push("the resources capability is not declared");
      return verdict("S01", problems, evidence, msg("skills.check.S01.pass", { ext: SKILLS_EXTENSION_ID }));
    },
  },
  {
    // Every entry has the Skill shape; both results carry resultType "complete".
    id: "S02",
    anchor: "#skill-entries",
    judge(f) {
      const readings = [
        ...f.listed.map((l) => ({ reading: l.reading, label: l.page })),
        ...f.gets.flatMap((g) => (g.entry ? [{ reading: g.entry, label: g.label }] : [])),
      ];
      const answers = [...okAnswers(f.pages), ...okAnswers(f.gets)];
      if (readings.length === 0 && answers.length === 0) return judged("skip", msg("skills.check.S02.skip"));
      const problems: string[] = [];
      const evidence = new Set<string>();
      for (const { reading, label } of readings)
        if (!reading.ok) {
          problems.push(`${reading.uri ?? "an entry"}: ${reading.problems.join(", ")}`);
          evidence.add(label);
        }
      for (const a of answers) {
        if (a.result?.resultType !== RESULT_TYPE_COMPLETE) {
          problems.push(`${a.label}: resultType is ${JSON.stringify(a.result?.resultType)}, not "complete"`);
          evidence.add(a.label);
        }
        if (f.pages.includes(a) && !Array.isArray(a.result?.skills)) {
          problems.push(`${a.label}: skills is not an array`);
          evidence.add(a.label);
        }
      }
      if (evidence.size === 0) answers.forEach((a) => evidence.add(a.label));
      return verdict("S02", problems, [...evidence], msg("skills.check.S02.pass", { n: readings.length }));
    },
  },
  {
    // The manifest is complete and right: every listed file's bytes match its size and digest, SKILL.md's frontmatter
    // matches the entry's ("Integrity and Verification").
    id: "S03",
    anchor: "#integrity-and-verification",
    judge(f) {
      const files = f.skills.flatMap((s) => s.files.map((file) => ({ skill: s, file })));
      if (files.length === 0) return judged("skip", msg("skills.check.S03.skip"));
      const problems = files
        .filter(({ skill, file }) => !file.verified && !(skill.entry.ok && skill.entry.entry.resources === "dynamic"))
        .map(({ file }) => `${file.uri}: ${file.why}`);
      const evidence = files.map(({ file }) => `skills resources/read ${file.uri}`);
      return verdict("S03", problems, evidence, msg("skills.check.S03.pass", { n: files.length }));
    },
  },
  {
    // skills/get answers for every skill served, listed or not, with the listed entry; -32602 for any other URI.
    id: "S04",
    anchor: "#getting-a-skill",
    judge(f) {
      if (f.gets.length > 0 && f.gets.every((g) => g.code === METHOD_NOT_FOUND))
        return judged("skip", msg("skills.check.S04.skip"));
      const problems: string[] = [];
      for (const g of f.gets) {
        if (g.kind === "unknown") {
          if (g.code !== INVALID_PARAMS)
            problems.push(
              `skills/get of ${g.uri}, which names no skill, answered ${g.ok ? "a result" : g.error}, not ${INVALID_PARAMS}`,
            );
          continue;
        }
        if (!g.ok) problems.push(`skills/get of ${g.kind} ${g.uri} answered ${g.error}`);
        else if (g.kind === "listed") {
          const listed = f.listed.find((l) => l.reading.ok && l.reading.entry.uri === g.uri)?.reading;
          if (!sameEntry(listed, g.entry)) problems.push(`skills/get of ${g.uri} is not the entry skills/list gave`);
        } else if (!g.entry?.ok) problems.push(`skills/get of unlisted ${g.uri} gave no valid entry`);
      }
      const unlisted = f.gets.filter((g) => g.kind === "unlisted").length;
      return verdict(
        "S04",
        problems,
        f.gets.map((g) => g.label),
        msg("skills.check.S04.pass", { n: f.gets.length - 1, unlisted }),
      );
    },
  },
  {
    // skills/list pages like the base list methods: nextCursor to the end, an entry on one page only.
    id: "S05",
    anchor: "#listing-skills",
    judge(f) {
      if (!f.pages[0]?.ok) return judged("skip", msg("skills.check.S05.skip"));
      const problems: string[] = [];
      const end = f.paging;
      if (end?.kind === "repeated-cursor")
        problems.push(`nextCursor ${JSON.stringify(end.cursor)} came back a second time`);
      if (end?.kind === "page-limit") problems.push(`still a nextCursor after ${end.pages} pages`);
      if (end?.kind === "bad-cursor") problems.push(`nextCursor ${JSON.stringify(end.value)} is not a string`);
      const failed = f.pages.find((p) => !p.ok);
      if (failed) problems.push(`${failed.label} answered ${failed.error}`);
      const uris = f.listed.flatMap((l) => (l.reading.ok ? [l.reading.entry.uri] : []));
      const twice = [...new Set(uris.filter((u, i) => uris.indexOf(u) !== i))];
      if (twice.length > 0) problems.push(`${twice.join(", ")} listed more than once`);
      return verdict(
        "S05",
        problems,
        f.pages.map((p) => p.label),
        msg("skills.check.S05.pass", { pages: f.pages.length, n: uris.length }),
      );
    },
  },
  {
    // 2026-07-28: ListSkillsResult and GetSkillResult extend CacheableResult, so ttlMs and cacheScope are REQUIRED.
    id: "S06",
    anchor: "#listing-skills",
    judge(f) {
      if (!f.modern) return judged("skip", msg("skills.check.S06.skip"));
      const answers = [...okAnswers(f.pages), ...okAnswers(f.gets)];
      if (answers.length === 0) return judged("skip", msg("skills.check.S06.none"));
      const problems: string[] = [];
      for (const a of answers) {
        const ttl = a.result?.ttlMs;
        const scope = a.result?.cacheScope;
        if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 0)
          problems.push(`${a.label}: ttlMs is ${JSON.stringify(ttl)}`);
        if (scope !== "public" && scope !== "private")
          problems.push(`${a.label}: cacheScope is ${JSON.stringify(scope)}`);
      }
      return verdict(
        "S06",
        problems,
        answers.map((a) => a.label),
        msg("skills.check.S06.pass", { n: answers.length }),
      );
    },
  },
  {
    // directoryRead: true → resources/directory/read answers for the skills' directories, direct children only.
    id: "S07",
    anchor: "#reading-directories",
    judge(f) {
      if (!f.directoryRead) return judged("skip", msg("skills.check.S07.skip"));
      const d = f.directory;
      if (!d) return judged("skip", msg("skills.check.S07.noSkill"));
      const problems: string[] = [];
      const children = d.result?.resources;
      if (!d.ok) problems.push(`resources/directory/read of ${d.uri} answered ${d.error}`);
      else if (!Array.isArray(children))
        problems.push(`resources/directory/read of ${d.uri}: resources is not an array`);
      else {
        const uris = children.map((c) => asObject(c)?.uri);
        if (!uris.includes(`${d.uri}/${SKILL_MD}`)) problems.push(`${d.uri}'s children do not include ${SKILL_MD}`);
        for (const c of children.map(asObject)) {
          const uri = typeof c?.uri === "string" ? c.uri : "";
          const rest = uri.startsWith(`${d.uri}/`) ? uri.slice(d.uri.length + 1) : undefined;
          if (rest === undefined || rest === "" || rest.includes("/"))
            problems.push(`${JSON.stringify(c?.uri)} is not a direct child of ${d.uri}`);
          else if (typeof c?.mimeType !== "string")
            problems.push(`${uri} has no mimeType (a directory's is ${DIRECTORY_MIME})`);
        }
      }
      return verdict("S07", problems, [d.label], msg("skills.check.S07.pass", { uri: d.uri }));
    },
  },
];

export const SKILLS_CHECK_IDS = DEFS.map((d) => d.id);

export function runSkillsChecks(facts: SkillsFacts): SkillsCheckResult[] {
  return DEFS.map((d) => {
    const v = d.judge(facts);
    const title = msg(`skills.check.${d.id}.title`);
    return {
      id: d.id,
      title: say(title),
      titleMsg: title,
      level: "MUST",
      status: v.status,
      detail: say(v.detail),
      detailMsg: v.detail,
      evidence: v.evidence ?? [],
      spec: `${SKILLS_SPEC_URL}${d.anchor}`,
    };
  });
}
