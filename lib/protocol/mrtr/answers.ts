/**
 * What the user is writing for each input request of a round (a draft), and how drafts become the
 * `inputResponses` of the retry. Form answers are validated before they can be used; decline and cancel need
 * nothing. Pure: the MRTR panel keeps drafts in its own state and calls these.
 */
import { englishT, type Translate } from "../../i18n/translate";
import { initialValues, type FormValues } from "./form";
import { contentFromForm } from "./form-content";
import type { InputRequestView, InputRequiredView } from "./parse";
import { elicitAccept, rootProblems, rootsReply, samplingReply, type ElicitAction, type RootInput } from "./responses";

export type Draft =
  | { kind: "form"; action: ElicitAction | null; values: FormValues }
  | { kind: "url"; action: ElicitAction | null; opened: boolean }
  | { kind: "sampling"; text: string; model: string; stopReason: string }
  | { kind: "roots"; roots: RootInput[] }
  | { kind: "unknown"; json: string };

export const HUMAN_MODEL = "human-in-the-playground";

export function initialDraft(request: InputRequestView): Draft {
  switch (request.kind) {
    case "elicitation-form":
      return { kind: "form", action: null, values: initialValues(request.form) };
    case "elicitation-url":
      return { kind: "url", action: null, opened: false };
    case "sampling":
      return { kind: "sampling", text: "", model: HUMAN_MODEL, stopReason: "endTurn" };
    case "roots":
      return { kind: "roots", roots: [{ uri: "file:///home/user/project", name: "project" }] };
    default:
      return { kind: "unknown", json: "" };
  }
}

export function initialDrafts(view: InputRequiredView): Record<string, Draft> {
  return Object.fromEntries(view.requests.map((r) => [r.key, initialDraft(r)]));
}

export type DraftResult =
  /** `omit`: nothing to send for this key (an unknown kind left blank); the rule check will mark it. */
  | { ok: true; response: unknown; omit?: boolean }
  /** `fields` holds per-field messages for a form. */
  | { ok: false; problem: string; fields?: Record<string, string> };

/** The inputResponses value a draft stands for, or why it cannot be used yet. */
export function responseOf(request: InputRequestView, draft: Draft, t: Translate = englishT): DraftResult {
  if (draft.kind === "form" || draft.kind === "url") {
    if (draft.action === null) return { ok: false, problem: t("args.answer.notYet") };
    if (draft.action !== "accept") return { ok: true, response: { action: draft.action } };
    if (draft.kind === "url" || request.kind !== "elicitation-form") return { ok: true, response: elicitAccept() };
    const checked = contentFromForm(request.form, draft.values, t);
    return checked.ok
      ? { ok: true, response: elicitAccept(checked.content) }
      : { ok: false, problem: t("args.answer.formErrors"), fields: checked.errors };
  }
  if (draft.kind === "sampling") {
    if (draft.text.trim() === "") return { ok: false, problem: t("args.answer.writeReply") };
    if (draft.model.trim() === "") return { ok: false, problem: t("args.answer.nameModel") };
    return {
      ok: true,
      response: samplingReply({ text: draft.text, model: draft.model, stopReason: draft.stopReason || undefined }),
    };
  }
  if (draft.kind === "roots") {
    const rows = draft.roots.filter((r) => r.uri.trim() !== "");
    const problems = rootProblems(rows);
    return problems.length ? { ok: false, problem: problems.join(" ") } : { ok: true, response: rootsReply(rows) };
  }
  if (draft.json.trim() === "") return { ok: true, response: undefined, omit: true };
  try {
    return { ok: true, response: JSON.parse(draft.json) };
  } catch (e) {
    return { ok: false, problem: t("args.answer.notJson", { reason: (e as Error).message }) };
  }
}

export type ResponsesResult =
  | { ok: true; responses: Record<string, unknown> }
  | { ok: false; problems: Record<string, DraftResult & { ok: false }> };

/** All responses of a round, keyed like inputRequests; every request must have a usable answer. */
export function responsesOf(
  view: InputRequiredView,
  drafts: Record<string, Draft>,
  t: Translate = englishT,
): ResponsesResult {
  const responses: Record<string, unknown> = {};
  const problems: Record<string, DraftResult & { ok: false }> = {};
  for (const request of view.requests) {
    const result = responseOf(request, drafts[request.key] ?? initialDraft(request), t);
    if (result.ok && !result.omit) responses[request.key] = result.response;
    else if (!result.ok) problems[request.key] = result;
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, responses };
}
