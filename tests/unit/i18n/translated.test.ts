/**
 * Every message is translated (issue 42). A Bulgarian or Russian message that reads exactly as its English one is an
 * entry left in English — unless it has no words of its own (only placeholders, numbers and punctuation) or it is
 * allow-listed below with the reason it stays as it is. This proves for every key what the browser walks can only
 * prove for the screens they reach (tests/e2e/cases/i18n*.mjs walk the deep flows once, in Russian). And no message
 * in any language is empty, except the two keys that are empty by design.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/lib/i18n/locales";
import { FLAT } from "./flat-catalogues";

type Lang = "bg" | "ru";

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

/** Why a message may read as its English one, the languages in which it does, and its keys. */
const SAME_AS_ENGLISH: { why: string; in: Lang[]; keys: string[] }[] = [
  {
    why: IDENTIFIER,
    in: ["bg", "ru"],
    keys: [
      "cache.badge.ttl",
      "cache.violation.cursor",
      "catalogue.encoding.cl100k_base.label",
      "catalogue.fields.prompt.label",
      "catalogue.handshake.legacy.label",
      "catalogue.layout.python-unicode.label",
      "catalogueMenus.fieldSet.prompt",
      "checkLabels.ping",
      "checks.d.C01.pass",
      "checks.d.C02.pass",
      "checks.d.C03.pass",
      "checks.d.C13.value",
      "checks.d.C15.inputRequired",
      "lab.summary.inputRequired",
      "checks.d.C15.pass",
      "checks.d.C50.what",
      "checks.d.C55.status",
      "checks.reply.error",
      "era.discoverFatal",
      "era.discoverNone",
      "explain.d.f.capabilitiesExtensions",
      "explain.d.f.icons",
      "explain.d.f.includeContext",
      "explain.d.f.ioModelcontextprotocolSubscriptionId",
      "explain.d.f.requeststateMRTR",
      "explain.d.f.resultType",
      "explain.d.f.rootsListChanged",
      "explain.life.elicitationComplete.feature",
      "explain.life.loggingSetLevel.feature",
      "explain.life.ping.feature",
      "explain.life.rootsListChanged.feature",
      "labScripts.chapter-isolation.steps.C",
      "labScripts.era-comparison.steps.list",
      "labScripts.era-comparison.steps.read",
      "mrtr.d.kind.elicitation-url",
      "mrtr.d.kind.roots",
      "mrtr.d.kind.sampling",
      "probeSteps.discover",
      "probeSteps.initialized",
      "process.stderr",
      "saved.confirm.cwd",
      "tokens.billInstructions",
    ],
  },
  {
    why: UNIT,
    in: ["bg"],
    keys: ["cache.unit.ms", "card.ms", "editor.ms"],
  },
  {
    why: BRAND,
    in: ["bg", "ru"],
    keys: [
      "apps.panel.label",
      "apps.wire.apps",
      "appsDoctor.host.chatgpt",
      "appsDoctor.host.gemini-enterprise",
      "appsDoctor.host.microsoft-copilot",
    ],
  },
  {
    why: SPEC_NAME,
    in: ["bg", "ru"],
    keys: [
      "explain.d.f.elicitationidURLElicitation2025",
      "explain.d.f.ioModelcontextprotocolRelatedTask",
      "explain.d.f.multiRoundTripRequests",
      "explain.d.f.oauthDynamicClientRegistration",
      "explain.life.dcr.feature",
      "explain.life.dcr.migration",
      "explain.life.httpSse.migration",
      "mrtr.title",
    ],
  },
  {
    why: TAB_NAME,
    in: ["bg", "ru"],
    keys: ["tabs.apps", "tabs.auth", "tabs.cassette", "tabs.mrtr"],
  },
  {
    why: KEPT_BG,
    in: ["bg"],
    keys: [
      "announce.frame",
      "apps.panel.appTools",
      "apps.panel.host",
      "apps.panel.legacy",
      "cache.panel.label",
      "card.timeout",
      "checks.d.item.prompt",
      "checks.d.item.tool",
      "checks.frames",
      "diff.request",
      "editor.timeout",
      "explain.x.frame",
      "mrtr.lane.auth",
      "mrtr.lane.client",
      "mrtr.lane.server",
      "saved.collections.frames",
      "share.omit.where.request",
      "shareTools.curl.whatRequest",
      "tabs.cache",
      "tasks.card.pollServer",
      "tasks.panel.tool",
      "tokens.billTools",
      "tokens.controls.handshake",
      "tokens.fleet.servers",
      "tokens.table.tokens",
    ],
  },
  {
    why: KEPT,
    in: ["bg", "ru"],
    keys: [
      "apps.wire.fromApp",
      "apps.wire.label",
      "apps.wire.toApp",
      "card.wire",
      "signin.tokenLabel",
      "signin.tokenPlaceholder",
      "target.era.legacy",
    ],
  },
  {
    why: OAUTH,
    in: ["bg", "ru"],
    keys: [
      "auth.stepName.audience",
      "auth.stepName.callback",
      "auth.stepName.stepUp",
      "auth.stepName.stepUpChallenge",
      "auth.stepName.token",
    ],
  },
  {
    why: UNIVERSAL,
    in: ["bg", "ru"],
    keys: ["doctor.card.ok", "shareTools.fresh.ok", "shareTools.saved.ok"],
  },
  {
    why: MESSAGE_KIND,
    in: ["bg", "ru"],
    keys: ["explain.x.notification"],
  },
  {
    why: PUSH,
    in: ["bg", "ru"],
    keys: ["tasks.panel.push"],
  },
];

/** "lang key" for every message the list allows to read as its English one. */
const ALLOWED = new Set(
  SAME_AS_ENGLISH.flatMap(({ in: langs, keys }) => langs.flatMap((l) => keys.map((k) => `${l} ${k}`))),
);

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
        if (ALLOWED.has(`${lang} ${key}`)) continue;
        left.push(`${lang} ${key}: ${JSON.stringify(text)}`);
      }
    expect(left, "messages still in English").toEqual([]);
  });

  it("the allow-list names only messages that still read as their English one (a translated entry leaves the list)", () => {
    const stale = SAME_AS_ENGLISH.flatMap(({ in: langs, keys }) =>
      keys.flatMap((key) => langs.filter((l) => FLAT[l].get(key) !== FLAT.en.get(key)).map((l) => `${l} ${key}`)),
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
