/**
 * Which of our checks judge the rule of each official conformance scenario, and how the two sides' results read:
 * a failure of the suite for want of its own fixture or of a capability the server does not declare is "not
 * applicable", not a violation; ours is the worst status among the scenario's checks. Pure: no I/O.
 */
import type { Status as CheckStatus } from "../types";

export type Revision = "2026-07-28" | "2025-11-25";

/** One check of an official scenario's checks.json. */
export interface OfficialCheck {
  id: string;
  status: string;
  errorMessage?: string;
  details?: Record<string, unknown>;
}

export interface ScenarioRule {
  /** Our checks that judge the same rule(s), in the run of the scenario's revision. */
  ours: string[];
  /** The capability the scenario exercises: a server that does not declare it rightly answers -32601. */
  capability?: "completions" | "logging" | "prompts" | "resources" | "resources.subscribe" | "tasks";
  /** Names only the suite's fixture server has (examples/servers/typescript/everything-server.ts in its repository). */
  fixture?: string;
}

/** Scenario → rule, for both revisions (a scenario id means the same test on either wire). */
export const SCENARIOS: Record<string, ScenarioRule> = {
  "server-initialize": { ours: ["C68"] },
  "server-stateless": { ours: ["C01", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C37", "C38", "C42", "C63"] },
  "server-session-lifecycle": { ours: ["C70"] },
  ping: { ours: [] },
  "logging-set-level": { ours: ["C11"], capability: "logging" },
  "completion-complete": { ours: ["C11"], capability: "completions" },
  "tools-list": { ours: ["C17", "C74", "C76"] },
  "tools-call-simple-text": { ours: [], fixture: "test_simple_text" },
  "tools-call-image": { ours: [], fixture: "test_image_content" },
  "tools-call-audio": { ours: [], fixture: "test_audio_content" },
  "tools-call-embedded-resource": { ours: [], fixture: "test_embedded_resource" },
  "tools-call-mixed-content": { ours: [], fixture: "test_multiple_content_types" },
  "tools-call-error": { ours: [], fixture: "test_error_handling" },
  "tools-call-with-progress": { ours: ["C36"], fixture: "test_tool_with_progress" },
  "tools-call-with-logging": { ours: ["C11"], capability: "logging", fixture: "test_tool_with_logging" },
  "tools-call-sampling": { ours: [], fixture: "test_sampling" },
  "tools-call-elicitation": { ours: [], fixture: "test_elicitation" },
  "elicitation-sep1034-defaults": { ours: [], fixture: "test_elicitation_sep1034_defaults" },
  "elicitation-sep1330-enums": { ours: [], fixture: "test_elicitation_sep1330_enums" },
  "server-sse-multiple-streams": { ours: ["C56", "C72"] },
  "server-sse-polling": { ours: ["C72"], fixture: "test_reconnection" },
  "resources-list": { ours: ["C14", "C74"], capability: "resources" },
  "resources-read-text": { ours: [], capability: "resources", fixture: "test://static-text" },
  "resources-read-binary": { ours: [], capability: "resources", fixture: "test://static-binary" },
  "resources-templates-read": { ours: [], capability: "resources", fixture: "test://template/{id}/data" },
  "resources-subscribe": { ours: ["C11"], capability: "resources.subscribe" },
  "resources-unsubscribe": { ours: ["C11"], capability: "resources.subscribe" },
  "sep-2164-resource-not-found": { ours: ["C20"], capability: "resources" },
  "prompts-list": { ours: ["C14", "C74"], capability: "prompts" },
  "prompts-get-simple": { ours: ["C21"], capability: "prompts", fixture: "test_simple_prompt" },
  "prompts-get-with-args": { ours: ["C21"], capability: "prompts", fixture: "test_prompt_with_arguments" },
  "prompts-get-embedded-resource": {
    ours: ["C21"],
    capability: "prompts",
    fixture: "test_prompt_with_embedded_resource",
  },
  "prompts-get-with-image": { ours: ["C21"], capability: "prompts", fixture: "test_prompt_with_image" },
  "dns-rebinding-protection": { ours: ["C54", "C73"] },
  caching: { ours: ["C02", "C14", "C15", "C16"] },
  "input-required-result-basic-elicitation": { ours: ["C25"], fixture: "test_input_required_result_elicitation" },
  "input-required-result-basic-sampling": { ours: ["C25"], fixture: "test_input_required_result_sampling" },
  "input-required-result-basic-list-roots": { ours: ["C25"], fixture: "test_input_required_result_list_roots" },
  "input-required-result-request-state": { ours: ["C28"], fixture: "test_input_required_result_request_state" },
  "input-required-result-multiple-input-requests": {
    ours: ["C25"],
    fixture: "test_input_required_result_multiple_inputs",
  },
  "input-required-result-multi-round": { ours: ["C28"], fixture: "test_input_required_result_multi_round" },
  "input-required-result-missing-input-response": {
    ours: ["C29"],
    fixture: "test_input_required_result_elicitation",
  },
  "input-required-result-non-tool-request": { ours: ["C24"], fixture: "test_input_required_result_prompt" },
  "input-required-result-result-type": { ours: ["C25"], fixture: "test_input_required_result_elicitation" },
  "input-required-result-unsupported-methods": { ours: ["C24"] },
  "input-required-result-tampered-state": { ours: ["C31"], fixture: "test_input_required_result_request_state" },
  "input-required-result-capability-check": { ours: ["C26"], fixture: "test_input_required_result_capabilities" },
  "input-required-result-ignore-extra-params": {
    ours: ["C30"],
    fixture: "test_input_required_result_elicitation",
  },
  "input-required-result-validate-input": { ours: ["C25"] },
  "tasks-lifecycle": { ours: ["T04", "T05", "T08"], capability: "tasks", fixture: "slow_compute" },
  "tasks-capability-negotiation": { ours: ["T01", "T02"], capability: "tasks" },
  "tasks-wire-fields": { ours: ["T05"], capability: "tasks", fixture: "slow_compute" },
  "tasks-request-state-removal": { ours: ["T05"], capability: "tasks", fixture: "slow_compute" },
  "tasks-mrtr-input": { ours: ["T09"], capability: "tasks", fixture: "confirm_delete" },
  "tasks-request-headers": { ours: ["T06"], capability: "tasks", fixture: "greet" },
  "tasks-dispatch-and-envelope": { ours: ["T02", "T07"], capability: "tasks" },
  "tasks-status-notifications": { ours: ["T10"], capability: "tasks" },
  "tasks-required-task-error": { ours: ["T03"], capability: "tasks", fixture: "failing_job" },
  "tasks-mrtr-composition": { ours: ["T09"], capability: "tasks", fixture: "test_tool_with_task" },
  "json-schema-2020-12": { ours: ["C77"], fixture: "json_schema_2020_12_tool" },
  "http-header-validation": { ours: ["C43", "C44", "C45", "C46", "C47", "C48"] },
  "http-custom-header-server-validation": { ours: ["C23", "C51"] },
};

/** Single checks of a scenario that need a capability or a fixture name the rest of the scenario does not. */
export const CHECK_NEEDS: Record<string, Pick<ScenarioRule, "capability" | "fixture">> = {
  "sep-2549-prompts-list-caching-hints": { capability: "prompts" },
  "sep-2549-resources-list-caching-hints": { capability: "resources" },
  "sep-2549-resources-templates-list-caching-hints": { capability: "resources" },
  "sep-2549-resources-read-caching-hints": { capability: "resources" },
  "sep-2575-server-sends-tools-list-changed-on-subscription": { fixture: "test_trigger_tool_change" },
  "sep-2575-server-sends-prompts-list-changed-on-subscription": { fixture: "test_trigger_prompt_change" },
};

/** What the server under test offers, read by the runner (server/discover or initialize, and the lists). */
export interface ServerFacts {
  capabilities: Record<string, unknown>;
  /** Tool and prompt names, resource URIs and template URI templates. */
  names: string[];
}

/** "skip": the suite ran the scenario but judged nothing (only INFO or SKIPPED lines). */
export type OfficialVerdict = "pass" | "warn" | "fail" | "skip" | "n/a";

export interface OfficialReading {
  verdict: OfficialVerdict;
  /** The suite's own words for what did not pass, or why the scenario does not apply. */
  detail: string;
}

const FIXTURE_MISS =
  /(Tool|Prompt) '?test_\w+'? not found|Unknown tool: \w+|Resource not found: test:\/\/|Tool '\w+' not found|diagnostic (tool|hook)|fixture .* unavailable|no task was created by the preceding step|^Not testable:/;

export function declares(facts: ServerFacts, capability: NonNullable<ScenarioRule["capability"]>): boolean {
  const caps = facts.capabilities;
  if (capability === "resources.subscribe")
    return Boolean((caps.resources as Record<string, unknown> | undefined)?.subscribe);
  if (capability === "tasks")
    return Boolean((caps.extensions as Record<string, unknown> | undefined)?.["io.modelcontextprotocol/tasks"]);
  return caps[capability] !== undefined;
}

/** Reads checks.json of one scenario; anything but an array of {id, status} is refused with what it was. */
export function parseOfficialChecks(text: string): OfficialCheck[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value)) throw new Error(`checks.json is not an array: ${text.slice(0, 80)}`);
  return value.map((c, i) => {
    if (typeof c !== "object" || c === null || typeof c.id !== "string" || typeof c.status !== "string")
      throw new Error(`checks.json item ${i} has no id and status: ${JSON.stringify(c).slice(0, 80)}`);
    return {
      id: c.id,
      status: c.status,
      ...(typeof c.errorMessage === "string" ? { errorMessage: c.errorMessage } : {}),
      ...(typeof c.details === "object" && c.details !== null ? { details: c.details } : {}),
    };
  });
}

const oneLine = (s: string, max = 140) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** Why a rule or a check does not apply to this server, or undefined when it does. */
function notApplicable(needs: Pick<ScenarioRule, "capability" | "fixture"> | undefined, facts: ServerFacts) {
  if (needs?.capability && !declares(facts, needs.capability)) return `\`${needs.capability}\` not declared`;
  if (needs?.fixture && !facts.names.includes(needs.fixture)) return `needs the suite's fixture \`${needs.fixture}\``;
  return undefined;
}

/**
 * The suite's verdict on one scenario for this server. A scenario whose capability the server does not declare,
 * or whose fixture it lacks, is "n/a" whatever the suite printed; otherwise a check that does not apply for the
 * same reasons, or that failed only because a fixture name is missing (or that the suite itself marks untestable),
 * is set aside, and the worst of the rest counts.
 */
export function readOfficial(scenario: string, checks: OfficialCheck[], facts: ServerFacts): OfficialReading {
  const failing = checks.filter((c) => c.status === "FAILURE" || c.status === "WARNING");
  const printed = failing.some((c) => c.status === "FAILURE") ? "fail" : failing.length ? "warn" : "pass";
  const whole = notApplicable(SCENARIOS[scenario], facts);
  if (whole) return { verdict: "n/a", detail: `${whole} (the suite printed ${printed})` };
  const setAside = failing.filter(
    (c) =>
      notApplicable(CHECK_NEEDS[c.id], facts) !== undefined ||
      FIXTURE_MISS.test(c.errorMessage ?? "") ||
      c.details?.untestable === true,
  );
  const counted = failing.filter((c) => !setAside.includes(c));
  const aside = setAside.length
    ? `; set aside (fixture or capability absent): ${setAside.map((c) => c.id).join(", ")}`
    : "";
  const fail = counted.filter((c) => c.status === "FAILURE");
  const warn = counted.filter((c) => c.status === "WARNING");
  const words = (list: OfficialCheck[]) =>
    oneLine(list.map((c) => `${c.id}: ${c.errorMessage ?? String(c.details?.message ?? "")}`).join("; "), 200);
  if (fail.length) return { verdict: "fail", detail: words(fail) + aside };
  if (warn.length) return { verdict: "warn", detail: words(warn) + aside };
  const passed = checks.filter((c) => c.status === "SUCCESS").length;
  if (passed === 0)
    return { verdict: setAside.length ? "n/a" : "skip", detail: `no check judged${aside || " (INFO lines only)"}` };
  return { verdict: "pass", detail: `${passed} check${passed === 1 ? "" : "s"} passed${aside}` };
}

/** Our verdict on the same rule: the worst status among our checks of the scenario (skips only: "skip"). */
export interface OursReading {
  verdict: CheckStatus | "none";
  detail: string;
}

const WORST: (CheckStatus | "none")[] = ["fail", "warn", "pass", "not-testable", "skip", "none"];

export function readOurs(ids: string[], checks: { id: string; status: CheckStatus }[]): OursReading {
  const found = ids.map((id) => checks.find((c) => c.id === id)).filter((c) => c !== undefined);
  if (!found.length) return { verdict: "none", detail: ids.length ? `${ids.join(", ")} not run` : "no check" };
  const verdict = WORST.find((s) => found.some((c) => c.status === s)) ?? "none";
  return { verdict, detail: found.map((c) => `${c.id} ${c.status}`).join(", ") };
}
