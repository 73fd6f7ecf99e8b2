/**
 * npm run cli -- skills (<command line or URL> | --stdio "<command line>" | --url <url> | --demo <name> [--http]) [--json]
 * Agent Skills without a browser (lib/skills): every skill the server lists (and any its instructions name that the
 * listing leaves out), each file read and verified against the skill's manifest (size, SHA-256 digest, frontmatter).
 * --json: { "skills": [ { "uri", "name", "files": [ { "uri", "verified", "why"? } ] } ] } (English).
 * Exit codes: 0 the server declares the extension and every file verified, 1 otherwise, 2 usage.
 */
import { gatherSkills, type SkillReport } from "@/lib/skills/gather";
import { SKILLS_EXTENSION_ID } from "@/lib/skills/constants";
import { say } from "@/lib/i18n/translate";
import { cliT } from "../lang";
import { oneTargetCommand, type OneTarget, type OneTargetResult } from "../target";
import { terminalSafe } from "../terminal-text";

export const command = oneTargetCommand(
  "skills",
  "0 the server declares the Skills extension and every file verified, 1 otherwise, 2 a usage error",
  list,
);

function nameOf(s: SkillReport): string {
  if (s.entry.ok) return s.entry.entry.frontmatter.name;
  return (
    s.uri
      .replace(/\/SKILL\.md$/, "")
      .split("/")
      .pop() ?? s.uri
  );
}

/** The --json shape the issue fixes: uri, name, files (uri, verified, why when not), plus listed and problems. */
export function skillsJson(skills: SkillReport[]) {
  return {
    skills: skills.map((s) => ({
      uri: s.uri,
      name: nameOf(s),
      listed: s.listed,
      ...(s.entry.ok ? {} : { problems: s.entry.problems }),
      files: s.files.map((f) => ({ uri: f.uri, verified: f.verified, ...(f.why ? { why: f.why } : {}) })),
    })),
  };
}

/** The skills and each file's verdict: --json is for programs (English), the text in --lang. */
export async function list(one: OneTarget): Promise<OneTargetResult> {
  const { check, timeoutMs } = one;
  let facts;
  try {
    facts = await gatherSkills((text, opts) => check(text, { label: opts.label, headers: opts.headers, timeoutMs }), {
      readFiles: true,
    });
  } catch (e) {
    return { code: 1, error: (e as Error).message };
  }
  if (!facts.declares) return { code: 1, error: cliT()("skills.cli.notDeclared", { ext: SKILLS_EXTENSION_ID }) };
  const failed = facts.pages.find((p) => !p.ok);
  if (failed) process.stderr.write(`skills: ${failed.label}: ${failed.error}\n`);
  const allVerified = facts.skills.every((s) => s.entry.ok && s.files.every((f) => f.verified));
  const code = facts.skills.length > 0 && allVerified && !failed ? 0 : 1;
  return { code, json: skillsJson(facts.skills), text: () => skillsText(facts.skills) };
}

/** The human form: every piece of the server's text written terminal-safe. */
function skillsText(skills: SkillReport[]): string {
  const t = cliT();
  const lines = [t("skills.cli.count", { n: skills.length })];
  for (const s of skills) {
    const where = s.listed ? t("skills.cli.listed") : t("skills.cli.unlisted");
    lines.push(`${terminalSafe(nameOf(s))}  ${terminalSafe(s.uri)} (${where})`);
    if (s.entry.ok)
      lines.push(`  ${t("skills.cli.description")}: ${terminalSafe(s.entry.entry.frontmatter.description)}`);
    else for (const p of s.entry.problems) lines.push(`  ! ${terminalSafe(p)}`);
    for (const f of s.files)
      lines.push(
        `  ${f.verified ? t("skills.cli.verified") : t("skills.cli.notVerified")} ${terminalSafe(f.uri)}` +
          (f.whyMsg ? `: ${terminalSafe(say(f.whyMsg, t))}` : ""),
      );
  }
  return lines.join("\n");
}
