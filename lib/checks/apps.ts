/**
 * The MCP Apps checks (AP01–AP15, lib/apps/checks.ts and the files beside it) as rows of a check run, so an author's CI sees them: when
 * the server has app tools (its catalogue names a UI resource, or its capabilities declare the Apps extension),
 * the run gathers what the Apps doctor needs — as a host that declares the extension and one that does not — and
 * adds the four verdicts, each with the exchanges that show it. Pure: every frame goes through the run's send.
 */
import { runAppsChecks } from "../apps/checks";
import { appToolsOf, declaresApps } from "../apps/catalog";
import { gatherFacts } from "../apps/gather";
import { CheckContext, type RunState } from "./context";
import { judgedExtensionRows } from "./extension-rows";
import type { CheckResult } from "./types";

export const APPS_ROW_PREFIX = "AP";

/** Whether the catalogue the run read shows app tools, or the server declares the extension. */
async function hasApps(ctx: CheckContext): Promise<boolean> {
  const { capabilities } = await ctx.discover();
  if (declaresApps(capabilities)) return true;
  if (!(await ctx.declares("tools"))) return false;
  const tools = (await ctx.list("tools/list")).items;
  const resources = (await ctx.declares("resources")) ? (await ctx.list("resources/list")).items : [];
  return appToolsOf(tools, resources).length > 0;
}

/** AP01–AP15 for a server with app tools ([] for one without, or when `only` names none of them). */
export async function appsRows(state: RunState, only?: string[]): Promise<CheckResult[]> {
  if (only && !only.some((id) => id.toUpperCase().startsWith(APPS_ROW_PREFIX))) return [];
  const ctx = new CheckContext(state, "apps");
  if (!(await hasApps(ctx))) return [];
  return judgedExtensionRows(state, only, {
    section: "MCP Apps",
    specRef: (spec) => spec.replace("https://github.com/modelcontextprotocol/", "").replace("/blob/main/", "/"),
    gather: gatherFacts,
    judge: runAppsChecks,
  });
}
