/**
 * What the doctor needs, gathered the way hosts would ask: once declaring the extension (list, then read each app's
 * resource), once without it (list only), and — when the server speaks 2026-07-28 — once more as a legacy-only host
 * (2025-11-25, declaring the extension), so the era a host speaks can be judged. Every step is an exchange the caller
 * records. Pure.
 */
import { connectApps, listApps, readAppResource, type AppsConnection, type AppsSend } from "./connection";
import { cspProblems } from "./csp";
import type { AppsFacts, EraFact, ResourceFact } from "./doctor";
import { appHtmlFacts } from "./html";
import type { AppListing } from "./connection";
import { asObject } from "../protocol/json";
import { LEGACY_VERSIONS } from "../protocol/versions";

const LEGACY_HOST_VERSION = LEGACY_VERSIONS[0];

function eraOf(conn: AppsConnection): EraFact["era"] {
  return conn.era === "legacy" ? "legacy" : "modern";
}

async function readAll(conn: AppsConnection, apps: AppListing["apps"]): Promise<AppsFacts["reads"]> {
  const reads: AppsFacts["reads"] = {};
  for (const app of apps) {
    if (reads[app.resourceUri]) continue;
    const read = await readAppResource(conn, app.resourceUri);
    const evidence = `apps (declaring the extension) resources/read ${app.resourceUri}`;
    const listUi = asObject(asObject(app.listing?._meta)?.ui);
    const fact: ResourceFact = read.ok
      ? {
          ok: true,
          mimeType: read.resource.mimeType,
          cspProblems: [...cspProblems(app.csp), ...cspProblems(read.resource.ui?.csp)],
          ...(read.resource.uri !== undefined ? { contentUri: read.resource.uri } : {}),
          ...(read.resource.ui ? { ui: read.resource.ui } : {}),
          ...(listUi ? { listUi } : {}),
          html: appHtmlFacts(read.resource.html),
        }
      : { ok: false, error: read.error, cspProblems: cspProblems(app.csp), ...(listUi ? { listUi } : {}) };
    reads[app.resourceUri] = { ...fact, evidence };
  }
  return reads;
}

/** The other era, asked as a legacy-only host would (only when the first answer was 2026-07-28). */
async function legacyEra(send: AppsSend): Promise<EraFact> {
  const who = `a ${LEGACY_HOST_VERSION}-only host`;
  const evidence = `apps (${who}) tools/list`;
  const conn = await connectApps(send, { declaresExtension: true, who, pinVersion: LEGACY_HOST_VERSION });
  if (conn.era !== "legacy")
    return { era: "legacy", version: LEGACY_HOST_VERSION, served: false, apps: [], serverDeclares: false, evidence };
  const listing = await listApps(conn);
  return {
    era: "legacy",
    version: conn.version,
    served: !listing.error,
    apps: listing.apps.map((a) => a.tool),
    serverDeclares: conn.declaresExtension,
    evidence,
  };
}

export async function gatherFacts(send: AppsSend): Promise<AppsFacts> {
  const declaring = await connectApps(send, { declaresExtension: true, who: "declaring the extension" });
  if (declaring.era === "unreachable") throw new Error(`the server could not be reached: ${declaring.reason}`);
  const declared = await listApps(declaring);
  if (declared.error) throw new Error(declared.error);
  const reads = await readAll(declaring, declared.apps);
  const plain = await connectApps(send, { declaresExtension: false, who: "without the extension" });
  const undeclared = plain.era === "unreachable" ? undefined : await listApps(plain);
  const first: EraFact = {
    era: eraOf(declaring),
    ...(declaring.version ? { version: declaring.version } : {}),
    served: true,
    apps: declared.apps.map((a) => a.tool),
    serverDeclares: declaring.declaresExtension,
    evidence: "apps (declaring the extension) tools/list",
  };
  const eras = first.era === "modern" ? [first, await legacyEra(send)] : [first];
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
    eras,
  };
}
