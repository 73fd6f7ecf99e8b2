/**
 * The Skills checks (S01–S07, lib/skills/checks.ts) as rows of a check run, so an author's CI sees them: when the
 * server declares the Skills extension, the run gathers what a host would (skills/list, skills/get, each listed file
 * read and verified, resources/directory/read when declared) and adds the verdicts, each with the exchanges that
 * show it. Pure: every frame goes through the run's send.
 */
import { runSkillsChecks } from "../skills/checks";
import { declaresSkills } from "../skills/connection";
import { gatherSkills } from "../skills/gather";
import type { Exchange } from "../bridge/contract";
import { CheckContext, type RunState } from "./context";
import type { CheckResult } from "./types";

export const SKILLS_ROW_PREFIX = "S";

/** S01–S07 for a server that declares the extension ([] otherwise, or when `only` names none of them). */
export async function skillsRows(state: RunState, only?: string[]): Promise<CheckResult[]> {
  const isSkillsId = (id: string) => /^S\d+$/i.test(id);
  if (only && !only.some(isSkillsId)) return [];
  const ctx = new CheckContext(state, "skills");
  if (!declaresSkills((await ctx.discover()).capabilities)) return [];
  const started = Date.now();
  const byLabel = new Map<string, Exchange>();
  let facts;
  try {
    facts = await gatherSkills(
      async (text, opts) => {
        const exchange = await state.send(text, {
          label: opts.label,
          ...(opts.headers ? { headers: opts.headers } : {}),
          timeoutMs: state.base.options.timeoutMs,
        });
        byLabel.set(opts.label, exchange);
        state.observed.push(exchange);
        return exchange;
      },
      { readFiles: true },
    );
  } catch {
    return []; // the server stopped answering: the protocol checks already say so
  }
  const durationMs = Date.now() - started;
  return runSkillsChecks(facts)
    .filter((r) => !only || only.some((id) => id.toUpperCase() === r.id))
    .map((r) => ({
      id: r.id,
      title: r.title,
      titleMsg: r.titleMsg,
      level: r.level,
      status: r.status,
      specRef: "ext-skills/specification/stable/skills.mdx" + r.spec.slice(r.spec.indexOf("#")),
      spec: { section: "Skills extension", path: r.spec },
      transports: "both" as const,
      detail: r.detail,
      detailMsg: r.detailMsg,
      evidence: r.evidence.flatMap((label) => {
        const ex = byLabel.get(label);
        return ex ? [ex.sendId] : [];
      }),
      specUrl: r.spec,
      durationMs,
    }));
}
