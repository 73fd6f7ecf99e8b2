/**
 * Every MRTR rule the playground checks, with its level and where the spec says it (2026-07-28,
 * docs/specification/2026-07-28/…). Server rules judge what came back; client rules judge a retry, which the
 * playground sends even when it breaks them (a hand-edited retry is the point) but marks.
 */

export type RuleLevel = "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "schema" | "info";
export type RuleSide = "server" | "client";

export interface MrtrRule {
  side: RuleSide;
  level: RuleLevel;
  /** Spec page and section the rule comes from. */
  spec: string;
  /** The rule in one sentence. */
  text: string;
}

/** Each rule's side is the first part of its id. */
const RULES = {
  "server.allowed-method": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Supported Requests",
    text: "Servers MUST NOT send an InputRequiredResult on any request other than tools/call, prompts/get and resources/read.",
  },
  "server.requests-or-state": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Server Requirements 6",
    text: "Every InputRequiredResult MUST include at least one of inputRequests or requestState.",
  },
  "server.known-kind": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Server Requirements 2",
    text: "Each inputRequests value MUST be an ElicitRequest, a CreateMessageRequest or a ListRootsRequest.",
  },
  "server.declared-capability": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Server Requirements 7; client/elicitation",
    text: "Servers MUST NOT send an input request the client did not declare in that request's clientCapabilities (form needs elicitation, url needs elicitation.url, sampling needs sampling, roots needs roots).",
  },
  "server.request-shape": {
    level: "schema",
    spec: "schema.ts InputRequiredResult",
    text: "inputRequests is an object of {method, params} entries and requestState is a string.",
  },
  "server.form-schema": {
    level: "schema",
    spec: "client/elicitation §Requested Schema",
    text: "A form requestedSchema is a flat object whose properties are strings (optional format email, uri, date, date-time), numbers/integers, booleans or enums.",
  },
  "server.url-valid": {
    level: "MUST",
    spec: "client/elicitation §URL Mode",
    text: "A URL-mode elicitation's url MUST be a valid URL.",
  },
  "server.no-cache-hints": {
    level: "info",
    spec: "server/utilities/caching",
    text: "An input_required result is not cacheable and carries no ttlMs/cacheScope.",
  },
  "client.construct-inputs": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 1",
    text: "When inputRequests is present, the client MUST construct the requested inputs before retrying (inputResponses keyed like inputRequests).",
  },
  "client.extra-responses": {
    level: "info",
    spec: "basic/patterns/mrtr §Error Handling",
    text: "inputResponses keys the server did not ask for are extra; servers SHOULD ignore them.",
  },
  "client.echo-state": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 2",
    text: "When the InputRequiredResult carried requestState, the retry MUST echo back its exact value.",
  },
  "client.no-invented-state": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Client Requirements 2",
    text: "When the InputRequiredResult carried no requestState, the retry MUST NOT include one.",
  },
  "client.new-id": {
    level: "MUST",
    spec: "basic/patterns/mrtr §Client Requirements 3",
    text: "The retry's JSON-RPC id MUST differ from the original request's (they are independent requests).",
  },
  "client.state-not-reused": {
    level: "MUST NOT",
    spec: "basic/patterns/mrtr §Client Requirements 4",
    text: "inputRequests and requestState affect only the retry of the original request; they MUST NOT be used on any other request.",
  },
  "client.same-request": {
    level: "SHOULD",
    spec: "basic/patterns/mrtr §Basic Workflow (digest AMBIG-11)",
    text: "The retry repeats the original method and params (name/arguments/uri); servers may bind requestState to them and reject a changed call.",
  },
  "client.response-shape": {
    level: "schema",
    spec: "schema.ts InputResponse",
    text: "Each inputResponses value is the result type of its request: ElicitResult, CreateMessageResult or ListRootsResult.",
  },
  "client.validate-content": {
    level: "SHOULD",
    spec: "client/elicitation §Form Mode",
    text: "Clients SHOULD validate accepted form content against the requestedSchema before sending it.",
  },
} as const satisfies Record<string, Omit<MrtrRule, "side">>;

export type MrtrRuleId = keyof typeof RULES;

export const MRTR_RULES = Object.fromEntries(
  Object.entries(RULES).map(([id, rule]) => [id, { side: id.split(".")[0] as RuleSide, ...rule }]),
) as Record<MrtrRuleId, MrtrRule>;

/** One judgement: a rule, whether it held, and what exactly was seen. */
export interface RuleVerdict {
  rule: MrtrRuleId;
  pass: boolean;
  detail: string;
  /** The inputRequests/inputResponses key the verdict is about, when there is one. */
  key?: string;
}

export function verdict(rule: MrtrRuleId, pass: boolean, detail: string, key?: string): RuleVerdict {
  return key === undefined ? { rule, pass, detail } : { rule, pass, detail, key };
}

export function ruleOf(v: RuleVerdict): MrtrRule {
  return MRTR_RULES[v.rule];
}

/** Failed verdicts that are real departures (info-level notes are not). */
export function departures(verdicts: RuleVerdict[]): RuleVerdict[] {
  return verdicts.filter((v) => !v.pass && MRTR_RULES[v.rule].level !== "info");
}
