/**
 * Every MRTR rule the playground checks, with its level and where the spec says it (2026-07-28,
 * docs/specification/2026-07-28/…). Server rules judge what came back; client rules judge a retry, which the
 * playground sends even when it breaks them (a hand-edited retry is the point) but marks. Each rule's sentence is
 * in the catalogues (lib/i18n/messages: mrtr.rules.<id>).
 */
import { englishT, isMsg, say, type Msg } from "../../i18n/translate";

export type RuleLevel = "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "schema" | "info";
export type RuleSide = "server" | "client";

export interface MrtrRule {
  side: RuleSide;
  level: RuleLevel;
  /** Spec page and section the rule comes from. */
  spec: string;
  /** The rule in one sentence (English; the page says mrtr.rules.<id> in the reader's language). */
  text: string;
}

/** Each rule's side is the first part of its id. */
const RULES = {
  "server.allowed-method": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Supported Requests",
  },
  "server.requests-or-state": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Server Requirements 6",
  },
  "server.known-kind": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Server Requirements 2",
  },
  "server.declared-capability": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Server Requirements 7; client/elicitation",
  },
  "server.request-shape": {
    level: "schema",
    spec: "schema.ts InputRequiredResult",
  },
  "server.form-schema": {
    level: "schema",
    spec: "client/elicitation §Requested Schema",
  },
  "server.url-valid": {
    level: "MUST",
    spec: "client/elicitation §URL Mode",
  },
  "server.no-cache-hints": {
    level: "info",
    spec: "server/utilities/caching",
  },
  "client.construct-inputs": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 1",
  },
  "client.extra-responses": {
    level: "info",
    spec: "basic/patterns/mrtr §Error Handling",
  },
  "client.echo-state": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 2",
  },
  "client.no-invented-state": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Client Requirements 2",
  },
  "client.new-id": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 3",
  },
  "client.state-not-reused": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Client Requirements 4",
  },
  "client.same-request": {
    level: "SHOULD",
    spec: "basic/patterns/mrtr §Basic Workflow (digest AMBIG-11)",
  },
  "client.response-shape": {
    level: "schema",
    spec: "schema.ts InputResponse",
  },
  "client.validate-content": {
    level: "SHOULD",
    spec: "client/elicitation §Form Mode",
  },
} as const satisfies Record<string, Omit<MrtrRule, "side" | "text">>;

export type MrtrRuleId = keyof typeof RULES;

export const MRTR_RULES = Object.fromEntries(
  Object.entries(RULES).map(([id, rule]) => [
    id,
    { side: id.split(".")[0] as RuleSide, ...rule, text: englishT(`mrtr.rules.${id}`) },
  ]),
) as Record<MrtrRuleId, MrtrRule>;

/** One judgement: a rule, whether it held, and what exactly was seen. */
export interface RuleVerdict {
  rule: MrtrRuleId;
  pass: boolean;
  detail: string;
  /** The detail in the reader's language, when it is a catalogue sentence (some are the server's or zod's words). */
  detailMsg?: Msg;
  /** The inputRequests/inputResponses key the verdict is about, when there is one. */
  key?: string;
}

export function verdict(rule: MrtrRuleId, pass: boolean, said: string | Msg, key?: string): RuleVerdict {
  const detail = isMsg(said) ? { detail: say(said), detailMsg: said } : { detail: said };
  return key === undefined ? { rule, pass, ...detail } : { rule, pass, ...detail, key };
}

export function ruleOf(v: RuleVerdict): MrtrRule {
  return MRTR_RULES[v.rule];
}

/** Failed verdicts that are real departures (info-level notes are not). */
export function departures(verdicts: RuleVerdict[]): RuleVerdict[] {
  return verdicts.filter((v) => !v.pass && MRTR_RULES[v.rule].level !== "info");
}
