/**
 * Every message is translated (issue 42). A Bulgarian or Russian message that reads exactly as its English one is an
 * entry left in English — unless it has no words of its own (only placeholders, numbers and punctuation) or it is
 * allow-listed below with the reason it stays as it is. This proves for every key what the browser walks can only
 * prove for the screens they reach (tests/e2e/cases/i18n*.mjs walk the deep flows once, in Russian). And no message
 * in any language is empty, except the two keys that are empty by design.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { LOCALES } from "@/lib/i18n/locales";

type Lang = "bg" | "ru";

function flatten(node: unknown, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}
const FLAT = Object.fromEntries(LOCALES.map((l) => [l, flatten(CATALOGUES[l])])) as Record<
  (typeof LOCALES)[number],
  Map<string, string>
>;

/** The words a message writes itself: its literal text, plural and select branches and tag contents included. */
function ownText(elements: MessageFormatElement[]): string {
  let text = "";
  for (const e of elements) {
    if (e.type === TYPE.literal) text += e.value;
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const option of Object.values(e.options)) text += ` ${ownText(option.value)}`;
    if (e.type === TYPE.tag) text += ` ${ownText(e.children)}`;
  }
  return text;
}

// Why a message may read as its English one.
const IDENTIFIER = "an identifier as the wire writes it (a method, member, capability, header or parameter name)";
const UNIT = "a unit symbol";
const BRAND = "a product or brand name";
const SPEC_NAME = "a feature's or document's name as the spec writes it";
const TAB_NAME = "a tab named after its feature, as the chapter names it";
const KEPT_BG = "words Bulgarian keeps in Latin as the chapter writes them (README, Languages)";
const KEPT = "words both languages keep in Latin as the chapter writes them (README, Languages)";
const OAUTH = "an OAuth step named as the Auth lesson names it (step-up, audience, callback, token)";
const UNIVERSAL = "OK, written so in both languages";
const MESSAGE_KIND = "the JSON-RPC message kind, kept in both languages as the timeline's badge keeps it";
const PUSH = "the tasks' push mode, named beside the identifiers that make it (subscriptions/listen, taskIds)";

/** key → the languages in which it stays as in English, and why. */
const SAME_AS_ENGLISH: Record<string, { in: Lang[]; why: string }> = {
  "announce.frame": { in: ["bg"], why: KEPT_BG },
  "apps.panel.appTools": { in: ["bg"], why: KEPT_BG },
  "apps.panel.host": { in: ["bg"], why: KEPT_BG },
  "apps.panel.label": { in: ["bg", "ru"], why: BRAND },
  "apps.panel.legacy": { in: ["bg"], why: KEPT_BG },
  "apps.wire.apps": { in: ["bg", "ru"], why: BRAND },
  "apps.wire.fromApp": { in: ["bg", "ru"], why: KEPT },
  "apps.wire.label": { in: ["bg", "ru"], why: KEPT },
  "apps.wire.toApp": { in: ["bg", "ru"], why: KEPT },
  "appsDoctor.host.chatgpt": { in: ["bg", "ru"], why: BRAND },
  "appsDoctor.host.gemini-enterprise": { in: ["bg", "ru"], why: BRAND },
  "appsDoctor.host.microsoft-copilot": { in: ["bg", "ru"], why: BRAND },
  "auth.stepName.audience": { in: ["bg", "ru"], why: OAUTH },
  "auth.stepName.callback": { in: ["bg", "ru"], why: OAUTH },
  "auth.stepName.stepUp": { in: ["bg", "ru"], why: OAUTH },
  "auth.stepName.stepUpChallenge": { in: ["bg", "ru"], why: OAUTH },
  "auth.stepName.token": { in: ["bg", "ru"], why: OAUTH },
  "cache.badge.ttl": { in: ["bg", "ru"], why: IDENTIFIER },
  "cache.panel.label": { in: ["bg"], why: KEPT_BG },
  "cache.unit.ms": { in: ["bg"], why: UNIT },
  "cache.violation.cursor": { in: ["bg", "ru"], why: IDENTIFIER },
  "card.ms": { in: ["bg"], why: UNIT },
  "card.timeout": { in: ["bg"], why: KEPT_BG },
  "card.wire": { in: ["bg", "ru"], why: KEPT },
  "catalogue.encoding.cl100k_base.label": { in: ["bg", "ru"], why: IDENTIFIER },
  "catalogue.fields.prompt.label": { in: ["bg", "ru"], why: IDENTIFIER },
  "catalogue.handshake.legacy.label": { in: ["bg", "ru"], why: IDENTIFIER },
  "catalogue.layout.python-unicode.label": { in: ["bg", "ru"], why: IDENTIFIER },
  "catalogueMenus.fieldSet.prompt": { in: ["bg", "ru"], why: IDENTIFIER },
  "checkLabels.ping": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C01.pass": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C02.pass": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C03.pass": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C13.value": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C15.inputRequired": { in: ["bg", "ru"], why: IDENTIFIER },
  "lab.summary.inputRequired": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C15.pass": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C50.what": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.C55.status": { in: ["bg", "ru"], why: IDENTIFIER },
  "checks.d.item.prompt": { in: ["bg"], why: KEPT_BG },
  "checks.d.item.tool": { in: ["bg"], why: KEPT_BG },
  "checks.frames": { in: ["bg"], why: KEPT_BG },
  "checks.reply.error": { in: ["bg", "ru"], why: IDENTIFIER },
  "diff.request": { in: ["bg"], why: KEPT_BG },
  "doctor.card.ok": { in: ["bg", "ru"], why: UNIVERSAL },
  "editor.ms": { in: ["bg"], why: UNIT },
  "editor.timeout": { in: ["bg"], why: KEPT_BG },
  "era.discoverFatal": { in: ["bg", "ru"], why: IDENTIFIER },
  "era.discoverNone": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.capabilitiesExtensions": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.elicitationidURLElicitation2025": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.d.f.icons": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.includeContext": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.ioModelcontextprotocolRelatedTask": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.d.f.ioModelcontextprotocolSubscriptionId": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.multiRoundTripRequests": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.d.f.oauthDynamicClientRegistration": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.d.f.requeststateMRTR": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.resultType": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.d.f.rootsListChanged": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.life.dcr.feature": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.life.dcr.migration": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.life.elicitationComplete.feature": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.life.httpSse.migration": { in: ["bg", "ru"], why: SPEC_NAME },
  "explain.life.loggingSetLevel.feature": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.life.ping.feature": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.life.rootsListChanged.feature": { in: ["bg", "ru"], why: IDENTIFIER },
  "explain.x.frame": { in: ["bg"], why: KEPT_BG },
  "explain.x.notification": { in: ["bg", "ru"], why: MESSAGE_KIND },
  "labScripts.chapter-isolation.steps.C": { in: ["bg", "ru"], why: IDENTIFIER },
  "labScripts.era-comparison.steps.list": { in: ["bg", "ru"], why: IDENTIFIER },
  "labScripts.era-comparison.steps.read": { in: ["bg", "ru"], why: IDENTIFIER },
  "mrtr.d.kind.elicitation-url": { in: ["bg", "ru"], why: IDENTIFIER },
  "mrtr.d.kind.roots": { in: ["bg", "ru"], why: IDENTIFIER },
  "mrtr.d.kind.sampling": { in: ["bg", "ru"], why: IDENTIFIER },
  "mrtr.lane.auth": { in: ["bg"], why: KEPT_BG },
  "mrtr.lane.client": { in: ["bg"], why: KEPT_BG },
  "mrtr.lane.server": { in: ["bg"], why: KEPT_BG },
  "mrtr.title": { in: ["bg", "ru"], why: SPEC_NAME },
  "probeSteps.discover": { in: ["bg", "ru"], why: IDENTIFIER },
  "probeSteps.initialized": { in: ["bg", "ru"], why: IDENTIFIER },
  "process.stderr": { in: ["bg", "ru"], why: IDENTIFIER },
  "saved.collections.frames": { in: ["bg"], why: KEPT_BG },
  "saved.confirm.cwd": { in: ["bg", "ru"], why: IDENTIFIER },
  "share.omit.where.request": { in: ["bg"], why: KEPT_BG },
  "shareTools.curl.whatRequest": { in: ["bg"], why: KEPT_BG },
  "shareTools.fresh.ok": { in: ["bg", "ru"], why: UNIVERSAL },
  "shareTools.saved.ok": { in: ["bg", "ru"], why: UNIVERSAL },
  "signin.tokenLabel": { in: ["bg", "ru"], why: KEPT },
  "signin.tokenPlaceholder": { in: ["bg", "ru"], why: KEPT },
  "tabs.apps": { in: ["bg", "ru"], why: TAB_NAME },
  "tabs.auth": { in: ["bg", "ru"], why: TAB_NAME },
  "tabs.cache": { in: ["bg"], why: KEPT_BG },
  "tabs.cassette": { in: ["bg", "ru"], why: TAB_NAME },
  "tabs.mrtr": { in: ["bg", "ru"], why: TAB_NAME },
  "target.era.legacy": { in: ["bg", "ru"], why: KEPT },
  "tasks.card.pollServer": { in: ["bg"], why: KEPT_BG },
  "tasks.panel.push": { in: ["bg", "ru"], why: PUSH },
  "tasks.panel.tool": { in: ["bg"], why: KEPT_BG },
  "tokens.billInstructions": { in: ["bg", "ru"], why: IDENTIFIER },
  "tokens.billTools": { in: ["bg"], why: KEPT_BG },
  "tokens.controls.handshake": { in: ["bg"], why: KEPT_BG },
  "tokens.fleet.servers": { in: ["bg"], why: KEPT_BG },
  "tokens.table.tokens": { in: ["bg"], why: KEPT_BG },
};

/** Keys whose English is empty on purpose (a detail with nothing to add); every language keeps them empty. */
const EMPTY_BY_DESIGN: Record<string, string> = {
  "checks.d.empty": "a check's detail when the check has nothing to add",
  "doctor.d.empty": "a doctor step's detail when the step has nothing to add",
};

describe("every message is translated (lib/i18n/messages)", () => {
  it("no Bulgarian or Russian message equals its English one, unless it has no words of its own or is allow-listed with its reason", () => {
    const left: string[] = [];
    for (const lang of ["bg", "ru"] as const)
      for (const [key, text] of FLAT[lang]) {
        const english = FLAT.en.get(key);
        if (text !== english || !/\p{L}/u.test(ownText(parse(english)))) continue;
        if (SAME_AS_ENGLISH[key]?.in.includes(lang)) continue;
        left.push(`${lang} ${key}: ${JSON.stringify(text)}`);
      }
    expect(left, "messages still in English").toEqual([]);
  });

  it("the allow-list names only messages that still read as their English one (a translated entry leaves the list)", () => {
    const stale = Object.entries(SAME_AS_ENGLISH).flatMap(([key, { in: langs }]) =>
      langs.filter((l) => FLAT[l].get(key) !== FLAT.en.get(key)).map((l) => `${l} ${key}`),
    );
    expect(stale, "allow-listed but translated (or gone)").toEqual([]);
  });

  it("no message in any language is empty, except the keys empty by design", () => {
    const empty = LOCALES.flatMap((l) =>
      [...FLAT[l]]
        .filter(([key, text]) => text.trim() === "" && !(key in EMPTY_BY_DESIGN))
        .map(([key]) => `${l} ${key}`),
    );
    expect(empty, "empty messages").toEqual([]);
    for (const key of Object.keys(EMPTY_BY_DESIGN))
      for (const l of LOCALES) expect(FLAT[l].get(key), `${l} ${key} is empty by design`).toBe("");
  });
});
