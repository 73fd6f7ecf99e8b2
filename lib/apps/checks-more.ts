/**
 * AP05–AP15: the rest of the extension's MUSTs and SHOULDs a server (and the app it serves) can get wrong, judged
 * from the gathered facts: the URI scheme, the content (an HTML document, its URI), the `_meta.ui` shapes, what the
 * app's own code says (handshake, size, teardown — read from its HTML, never run here), advertising on each era,
 * the text-only fallback, and the origins the app loads against those its CSP declares. Each is proved able to fail
 * by a flag of tests/fixtures/apps/stdio.mjs (tests/integration/apps-checks.test.ts). Pure.
 */
import { nonUiResourceTools } from "./catalog";
import { clauses, judged, type Def, type Judgement } from "./check-kit";
import { APPS_EXTENSION_ID } from "./constants";
import { cspOf, type CspKey } from "./csp";
import type { AppsFacts, ResourceFact } from "./doctor";
import { originCovered } from "./html";
import { asObject } from "../protocol/json";
import { msg, type Msg } from "../i18n/translate";

const PERMISSIONS = ["camera", "microphone", "geolocation", "clipboardWrite"];

type Read = ResourceFact & { evidence: string };

/** The readable resources, each with its URI (the checks on content skip a server with none). */
function readable(facts: AppsFacts): [string, Read][] {
  return Object.entries(facts.reads).filter(([, r]) => r.ok);
}

/** One check over every readable resource: the problems each shows, or a pass; skip when none was read. */
function overReads(
  facts: AppsFacts,
  id: string,
  failStatus: "fail" | "warn",
  problemsOf: (uri: string, read: Read) => Msg[],
): Judgement {
  const reads = readable(facts);
  if (reads.length === 0) return judged("skip", msg("appsDoctor.check.noRead"));
  const problems = reads.flatMap(([uri, r]) => problemsOf(uri, r));
  const evidence = reads.map(([, r]) => r.evidence);
  return problems.length > 0
    ? judged(failStatus, clauses(problems), evidence)
    : judged("pass", msg(`appsDoctor.check.${id}.pass`, { n: reads.length }), evidence);
}

/** What is wrong with one `_meta.ui` of a resource (AP08): field types and permission names. */
function uiMetaProblems(where: string, ui: unknown): Msg[] {
  const o = asObject(ui);
  if (!o) return [];
  const problems: Msg[] = [];
  const bad = (field: string, want: string) =>
    problems.push(msg("appsDoctor.check.AP08.type", { where, field, want, got: JSON.stringify(o[field]) ?? "" }));
  if (o.prefersBorder !== undefined && typeof o.prefersBorder !== "boolean") bad("prefersBorder", "boolean");
  if (o.domain !== undefined && typeof o.domain !== "string") bad("domain", "string");
  if (o.permissions !== undefined) {
    const p = asObject(o.permissions);
    if (!p) bad("permissions", "object");
    else
      for (const [key, value] of Object.entries(p)) {
        if (!PERMISSIONS.includes(key)) problems.push(msg("appsDoctor.check.AP08.permission", { where, key }));
        else if (!asObject(value)) bad(`permissions.${key}`, "object ({})");
      }
  }
  return problems;
}

/** A check that reads the app's own code: skipped for an app whose script comes from elsewhere. */
function overCode(facts: AppsFacts, id: string, failStatus: "fail" | "warn", says: (r: Read) => boolean): Judgement {
  return overReads(facts, id, failStatus, (uri, r) => {
    if (!r.html || says(r)) return [];
    if (r.html.externalScripts.length > 0) return [];
    return [msg(`appsDoctor.check.${id}.missing`, { uri })];
  });
}

/** The domains a resource declares under one CSP key (the listing's and the read's together). */
function declared(r: Read, key: CspKey): string[] {
  return [...(cspOf(r.listUi?.csp)[key] ?? []), ...(cspOf(r.ui?.csp)[key] ?? [])];
}

const KEY_OF_TAG: Record<string, CspKey> = { iframe: "frameDomains" };

export const MORE_CHECKS: Def[] = [
  {
    id: "AP05",
    title: msg("appsDoctor.check.AP05.title"),
    level: "MUST",
    anchor: "#content-requirements",
    judge(facts) {
      const bad = nonUiResourceTools(facts.declared.tools);
      const evidence = [facts.declared.evidence];
      if (bad.length > 0)
        return judged(
          "fail",
          msg("appsDoctor.check.AP05.fail", { list: bad.map((b) => `${b.tool}: ${b.uri}`).join("; ") }),
          evidence,
        );
      if (facts.declared.apps.length === 0) return judged("skip", msg("appsDoctor.check.AP01.skip"));
      return judged("pass", msg("appsDoctor.check.AP05.pass", { n: facts.declared.apps.length }), evidence);
    },
  },
  {
    id: "AP06",
    title: msg("appsDoctor.check.AP06.title"),
    level: "MUST",
    anchor: "#content-requirements",
    judge: (facts) =>
      overReads(facts, "AP06", "fail", (uri, r) =>
        r.html && !r.html.isDocument ? [msg("appsDoctor.check.AP06.notDocument", { uri })] : [],
      ),
  },
  {
    id: "AP07",
    title: msg("appsDoctor.check.AP07.title"),
    level: "SHOULD",
    anchor: "#resource-discovery",
    judge(facts) {
      const apps = facts.declared.apps;
      if (apps.length === 0) return judged("skip", msg("appsDoctor.check.AP01.skip"));
      const flat = apps.filter((a) => a.uriKey === "ui/resourceUri").map((a) => a.tool);
      const evidence = [facts.declared.evidence];
      return flat.length > 0
        ? judged("warn", msg("appsDoctor.check.AP07.warn", { tools: flat.join(", ") }), evidence)
        : judged("pass", msg("appsDoctor.check.AP07.pass", { n: apps.length }), evidence);
    },
  },
  {
    id: "AP08",
    title: msg("appsDoctor.check.AP08.title"),
    level: "MUST",
    anchor: "#ui-resource-format",
    judge: (facts) =>
      overReads(facts, "AP08", "fail", (uri, r) => [
        ...uiMetaProblems(`${uri} (resources/list)`, r.listUi),
        ...uiMetaProblems(`${uri} (resources/read)`, r.ui),
      ]),
  },
  {
    id: "AP09",
    title: msg("appsDoctor.check.AP09.title"),
    level: "MUST",
    anchor: "#ui-resource-format",
    judge: (facts) =>
      overReads(facts, "AP09", "fail", (uri, r) =>
        r.contentUri !== undefined && r.contentUri !== uri
          ? [msg("appsDoctor.check.AP09.other", { uri, got: r.contentUri })]
          : [],
      ),
  },
  {
    id: "AP10",
    title: msg("appsDoctor.check.AP10.title"),
    level: "MUST",
    anchor: "#app-capabilities-in-uiinitialize",
    judge: (facts) => overCode(facts, "AP10", "fail", (r) => r.html!.speaks.initialize),
  },
  {
    id: "AP11",
    title: msg("appsDoctor.check.AP11.title"),
    level: "SHOULD",
    anchor: "#container-dimensions",
    judge: (facts) => overCode(facts, "AP11", "warn", (r) => r.html!.speaks.sizeChanged),
  },
  {
    id: "AP12",
    title: msg("appsDoctor.check.AP12.title"),
    level: "SHOULD",
    anchor: "#lifecycle",
    judge: (facts) => overCode(facts, "AP12", "warn", (r) => r.html!.speaks.teardown),
  },
  {
    id: "AP13",
    title: msg("appsDoctor.check.AP13.title"),
    level: "SHOULD",
    anchor: "#clientserver-capability-negotiation",
    judge(facts) {
      const eras = facts.eras ?? [];
      const served = eras.filter((e) => e.served);
      const evidence = eras.map((e) => e.evidence);
      if (facts.declared.apps.length === 0) return judged("skip", msg("appsDoctor.check.AP01.skip"));
      if (served.length < 2)
        return judged(
          "skip",
          msg("appsDoctor.check.AP13.oneEra", { version: served[0]?.version ?? served[0]?.era ?? "?" }),
          evidence,
        );
      const most = Math.max(...served.map((e) => e.apps.length));
      const short = served.filter((e) => e.apps.length < most || !e.serverDeclares);
      if (short.length === 0) return judged("pass", msg("appsDoctor.check.AP13.pass"), evidence);
      return judged(
        "warn",
        clauses(
          short.map((e) =>
            msg("appsDoctor.check.AP13.short", {
              version: e.version ?? e.era,
              n: e.apps.length,
              most,
              declares: msg(e.serverDeclares ? "appsDoctor.check.AP13.declares" : "appsDoctor.check.AP13.noExt", {
                ext: APPS_EXTENSION_ID,
              }),
            }),
          ),
        ),
        evidence,
      );
    },
  },
  {
    id: "AP14",
    title: msg("appsDoctor.check.AP14.title"),
    level: "SHOULD",
    anchor: "#clientserver-capability-negotiation",
    judge(facts) {
      const apps = facts.declared.apps;
      if (apps.length === 0 || !facts.undeclared) return judged("skip", msg("appsDoctor.check.AP01.skip"));
      const names = new Set(
        facts.undeclared.tools.map((t) => asObject(t)?.name).filter((n): n is string => typeof n === "string"),
      );
      // App-only tools are for the app: a host without Apps has no app to give them to.
      const gone = apps.filter((a) => a.visibility.includes("model") && !names.has(a.tool)).map((a) => a.tool);
      const evidence = [facts.declared.evidence, facts.undeclared.evidence];
      return gone.length > 0
        ? judged(
            "warn",
            msg("appsDoctor.check.AP14.warn", { tools: gone.join(", "), ext: APPS_EXTENSION_ID }),
            evidence,
          )
        : judged("pass", msg("appsDoctor.check.AP14.pass"), evidence);
    },
  },
  {
    id: "AP15",
    title: msg("appsDoctor.check.AP15.title"),
    level: "MUST",
    anchor: "#host-behavior",
    judge: (facts) =>
      overReads(facts, "AP15", "fail", (uri, r) =>
        (r.html?.externalOrigins ?? []).flatMap(({ origin, tag }) => {
          const key = KEY_OF_TAG[tag] ?? "resourceDomains";
          return originCovered(origin, declared(r, key))
            ? []
            : [msg("appsDoctor.check.AP15.undeclared", { uri, origin, tag, key })];
        }),
      ),
  },
];
