import { describe, expect, it } from "vitest";
import {
  DEPRECATED_KINDS,
  HUMAN_MODEL,
  initialDrafts,
  readInputRequired,
  responseOf,
  responsesOf,
  type Draft,
} from "@/lib/protocol/mrtr";
import { inputRequiredResult } from "./chapter";

const ALL = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
const view = readInputRequired(
  {
    resultType: "input_required",
    inputRequests: {
      when: inputRequiredResult.inputRequests.when,
      sign_in: {
        method: "elicitation/create",
        params: { mode: "url", message: "Sign in", url: "https://photos.example.com/connect?flow=1" },
      },
      name: { method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } },
      dirs: { method: "roots/list" },
    },
  },
  { method: "tools/call", declared: ALL },
);
const req = (key: string) => view.requests.find((r) => r.key === key)!;

describe("drafts become input responses", () => {
  it("every request starts unanswered (elicitation) or with an editable default", () => {
    expect(initialDrafts(view)).toEqual({
      when: { kind: "form", action: null, values: { startsAt: "" } },
      sign_in: { kind: "url", action: null, opened: false },
      name: { kind: "sampling", text: "", model: HUMAN_MODEL, stopReason: "endTurn" },
      dirs: { kind: "roots", roots: [{ uri: "file:///home/user/project", name: "project" }] },
    });
  });

  it.each<[string, string, Draft, unknown]>([
    [
      "form accept carries the validated content",
      "when",
      { kind: "form", action: "accept", values: { startsAt: "2026-09-10T08:30:00Z" } },
      { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } },
    ],
    [
      "form decline carries no content",
      "when",
      { kind: "form", action: "decline", values: { startsAt: "junk" } },
      { action: "decline" },
    ],
    ["form cancel carries no content", "when", { kind: "form", action: "cancel", values: {} }, { action: "cancel" }],
    [
      'URL "I finished" is accept without content',
      "sign_in",
      { kind: "url", action: "accept", opened: true },
      { action: "accept" },
    ],
    ["URL decline", "sign_in", { kind: "url", action: "decline", opened: false }, { action: "decline" }],
    [
      "sampling: role, content, model, stopReason",
      "name",
      { kind: "sampling", text: "Lisbon Loop", model: "me", stopReason: "endTurn" },
      { role: "assistant", content: { type: "text", text: "Lisbon Loop" }, model: "me", stopReason: "endTurn" },
    ],
    [
      "roots: blank rows dropped",
      "dirs",
      { kind: "roots", roots: [{ uri: "file:///srv/a", name: "A" }, { uri: "" }] },
      { roots: [{ uri: "file:///srv/a", name: "A" }] },
    ],
  ])("%s", (_label, key, draft, response) => {
    expect(responseOf(req(key), draft)).toEqual({ ok: true, response });
  });

  it.each<[string, string, Draft, string]>([
    [
      "an unanswered form",
      "when",
      { kind: "form", action: null, values: {} },
      "not answered yet: choose Accept, Decline or Cancel.",
    ],
    [
      "an invalid form is not accepted",
      "when",
      { kind: "form", action: "accept", values: { startsAt: "tomorrow" } },
      "the form has errors.",
    ],
    [
      "an empty sampling reply",
      "name",
      { kind: "sampling", text: " ", model: "me", stopReason: "" },
      "write the reply the model would give.",
    ],
    [
      "a root that is not file://",
      "dirs",
      { kind: "roots", roots: [{ uri: "https://example.com/x" }] },
      "root 1: https://example.com/x is not a file:// URI.",
    ],
    [
      "a root with path traversal",
      "dirs",
      { kind: "roots", roots: [{ uri: "file:///srv/../etc" }] },
      'root 1: file:///srv/../etc contains "..".',
    ],
  ])("%s is refused: %s", (_label, key, draft, problem) => {
    const r = responseOf(req(key), draft);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toBe(problem);
  });

  it("the form's field errors are per field", () => {
    const r = responseOf(req("when"), { kind: "form", action: "accept", values: { startsAt: "2026-09-10 08:30" } });
    expect(r).toEqual({
      ok: false,
      problem: "the form has errors.",
      fields: { startsAt: "Expected a date-time with a time zone, e.g. 2026-09-10T08:30:00Z." },
    });
  });

  it("a round is composable only when every request has a usable answer", () => {
    const drafts = initialDrafts(view);
    const first = responsesOf(view, drafts);
    expect(first.ok ? [] : Object.keys(first.problems)).toEqual(["when", "sign_in", "name"]);
    const done = responsesOf(view, {
      ...drafts,
      when: { kind: "form", action: "accept", values: { startsAt: "2026-09-10T08:30:00Z" } },
      sign_in: { kind: "url", action: "cancel", opened: false },
      name: { kind: "sampling", text: "x", model: "me", stopReason: "endTurn" },
    });
    expect(done.ok && Object.keys(done.responses)).toEqual(["when", "sign_in", "name", "dirs"]);
  });

  it("sampling and roots carry SEP-2577's migration text", () => {
    expect(DEPRECATED_KINDS.sampling.migration).toBe("integrate directly with LLM provider APIs instead of Sampling");
    expect(DEPRECATED_KINDS.roots.sep).toBe("SEP-2577");
  });
});

describe("an unknown request kind does not block the retry", () => {
  it("left blank, it is left out of inputResponses; written, it is sent as written", () => {
    const odd = readInputRequired(
      { resultType: "input_required", inputRequests: { p: { method: "ping" } } },
      { method: "tools/call", declared: {} },
    );
    expect(responsesOf(odd, initialDrafts(odd))).toEqual({ ok: true, responses: {} });
    expect(responsesOf(odd, { p: { kind: "unknown", json: '{"pong":true}' } })).toEqual({
      ok: true,
      responses: { p: { pong: true } },
    });
    expect(responsesOf(odd, { p: { kind: "unknown", json: "{" } }).ok).toBe(false);
  });
});
