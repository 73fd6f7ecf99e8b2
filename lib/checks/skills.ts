/**
 * The Skills checks (S01–S07, lib/skills/checks.ts) as rows of a check run, so an author's CI sees them: when the
 * server declares the Skills extension, the run gathers what a host would (skills/list, skills/get, each listed file
 * read and verified, resources/directory/read when declared) and adds the verdicts, each with the exchanges that
 * show it. Pure: every frame goes through the run's send.
 */
import { runSkillsChecks } from "../skills/checks";
import { declaresSkills } from "../skills/connection";
import { gatherSkills } from "../skills/gather";
import { CheckContext, type RunState } from "./context";
import { judgedExtensionRows } from "./extension-rows";
import type { CheckResult } from "./types";

export const SKILLS_ROW_PREFIX = "S";

/** S01–S07 for a server that declares the extension ([] otherwise, or when `only` names none of them). */
export async function skillsRows(state: RunState, only?: string[]): Promise<CheckResult[]> {
  const isSkillsId = (id: string) => /^S\d+$/i.test(id);
  if (only && !only.some(isSkillsId)) return [];
  const ctx = new CheckContext(state, "skills");
  if (!declaresSkills((await ctx.discover()).capabilities)) return [];
  return judgedExtensionRows(state, only, {
    section: "Skills extension",
    specRef: (spec) => "ext-skills/specification/stable/skills.mdx" + spec.slice(spec.indexOf("#")),
    gather: (send) => gatherSkills(send, { readFiles: true }),
    judge: runSkillsChecks,
  });
}
