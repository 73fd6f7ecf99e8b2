/**
 * What the doctor needs, gathered the way two hosts would ask: once declaring the extension (list, then read each
 * app's resource) and once without it (list only). Every step is an exchange the caller records. Pure.
 */
import { connectApps, listApps, readAppResource, type AppsSend } from "./connection";
import { cspProblems } from "./csp";
import type { AppsFacts, ResourceFact } from "./doctor";

export async function gatherFacts(send: AppsSend): Promise<AppsFacts> {
  const declaring = await connectApps(send, { declaresExtension: true, who: "declaring the extension" });
  if (declaring.era === "unreachable") throw new Error(`the server could not be reached: ${declaring.reason}`);
  const declared = await listApps(declaring);
  if (declared.error) throw new Error(declared.error);
  const reads: AppsFacts["reads"] = {};
  for (const app of declared.apps) {
    if (reads[app.resourceUri]) continue;
    const read = await readAppResource(declaring, app.resourceUri);
    const evidence = `apps (declaring the extension) resources/read ${app.resourceUri}`;
    const fact: ResourceFact = read.ok
      ? {
          ok: true,
          mimeType: read.resource.mimeType,
          cspProblems: [...cspProblems(app.csp), ...cspProblems(read.resource.ui?.csp)],
        }
      : { ok: false, error: read.error, cspProblems: cspProblems(app.csp) };
    reads[app.resourceUri] = { ...fact, evidence };
  }
  const plain = await connectApps(send, { declaresExtension: false, who: "without the extension" });
  const undeclared = plain.era === "unreachable" ? undefined : await listApps(plain);
  return {
    declared: {
      ...declared,
      serverDeclares: declaring.declaresExtension,
      evidence: "apps (declaring the extension) tools/list",
    },
    ...(undeclared && !undeclared.error
      ? { undeclared: { ...undeclared, evidence: "apps (without the extension) tools/list" } }
      : {}),
    reads,
  };
}
