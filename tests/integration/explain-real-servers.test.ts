/**
 * The explainer on real traffic: every frame the playground sends to the embedded calendar (2026-07-28, SDK v2)
 * and to server-everything (the legacy reference server), and every frame they answer, is explained without
 * false errors; removed features and the legacy probe answer are labelled as the issue asks; the recorded
 * session is dated.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { dateTranscript, explainFrame, type Annotation, type ExplainContext } from "@/lib/explain";
import { buildEnvelope } from "@/lib/protocol/meta";
import { TEMPLATES } from "@/lib/protocol/templates";
import { endAllAndAssertNoneAlive, request, sendFrame } from "./helpers";
import { replyFrame } from "@/lib/protocol/exchange";

const calendar: Target = { kind: "demo", server: "calendar", transport: "stdio" };
const everything: Target = { kind: "demo", server: "everything", transport: "stdio" };
afterAll(endAllAndAssertNoneAlive);

const reply = (ex: Exchange) => {
  expect(ex.outcome.kind, JSON.stringify(ex.outcome)).toBe("response");
  return replyFrame(ex);
};
const errors = (a: Annotation[]) => a.filter((x) => x.level === "error");
const at = (a: Annotation[], path: string) => a.filter((x) => x.path === path);
const transcript: string[] = [];

async function exchange(target: Target, frame: string, ctx: ExplainContext) {
  const ex = await sendFrame(target, frame, { timeoutMs: 15_000 });
  const method = (JSON.parse(frame) as { method: string }).method;
  const answer = reply(ex);
  transcript.push(frame.replace(/\s*\n\s*/g, ""), JSON.stringify(answer));
  return {
    sent: explainFrame(frame, { ...ctx, direction: "sent", transport: "stdio" }),
    received: explainFrame(answer, { ...ctx, direction: "received", transport: "stdio", requestMethod: method }),
    answer,
  };
}

describe("the modern calendar: every template's request and the server's real answer explain without errors", () => {
  const templates = TEMPLATES.filter(
    (t) => t.era === "modern" && t.kind === "request" && t.id !== "subscriptions/listen",
  );
  it.each(templates.map((t, i) => [t.id, t, i + 1] as const))("%s", async (_id, template, id) => {
    // Templates are pretty-printed for the editor; stdio framing needs one line.
    const { sent, received } = await exchange(calendar, JSON.stringify(JSON.parse(template.build({ id }))), {
      serverEra: "modern",
    });
    expect(errors(sent)).toEqual([]);
    // An error reply is the server's legitimate answer (the calendar has no completions: -32601); only its code is an error.
    expect(errors(received).filter((a) => a.path !== "error.code")).toEqual([]);
  });

  it("a create_event without a date: the real input_required is explained (elicitation, requestState, retry with a new id)", async () => {
    const frame = JSON.stringify(
      request(50, "tools/call", {
        _meta: buildEnvelope({ clientCapabilities: { elicitation: {} } }),
        name: "create_event",
        arguments: { title: "Dentist" },
      }),
    );
    const { received } = await exchange(calendar, frame, { serverEra: "modern" });
    expect(errors(received)).toEqual([]);
    expect(at(received, "result.resultType")[0].text).toContain("new id");
    expect(at(received, "result.inputRequests.when")[0].level).toBe("info");
    expect(at(received, "result.requestState")[0].text).toContain("echo it exactly");
  });

  it("the same call without the elicitation capability: the real -32021 is explained with the capability to declare", async () => {
    const frame = JSON.stringify(
      request(51, "tools/call", { _meta: buildEnvelope(), name: "create_event", arguments: { title: "Dentist" } }),
    );
    const { received } = await exchange(calendar, frame, { serverEra: "modern" });
    expect(at(received, "error.code")[0].text).toContain("MissingRequiredClientCapability");
    expect(at(received, "error.data.requiredCapabilities")[0].text).toContain("elicitation");
  });

  it("logging/setLevel to the modern calendar: the request is 'removed in 2026-07-28', the -32601 is the expected answer", async () => {
    const frame = JSON.stringify(request(52, "logging/setLevel", { _meta: buildEnvelope(), level: "debug" }));
    const { sent, received } = await exchange(calendar, frame, { serverEra: "modern" });
    expect(at(sent, "method")[0]).toMatchObject({ level: "removed", badge: "removed in 2026-07-28" });
    expect(received.find((a) => a.path === "error.code")?.text).toContain("no longer exists in 2026-07-28");
  });

  it("the recorded calendar session dates to 2026-07-28 and names what it used", () => {
    const d = dateTranscript(transcript.join("\n"));
    expect(d.revisions).toEqual(["2026-07-28"]);
    expect(d.deprecatedOrRemoved.map((f) => f.badge)).toContain("removed in 2026-07-28");
  });
});

describe("server-everything (legacy): the probe answer and the handshake", () => {
  const legacy: string[] = [];
  it("-32601 to server/discover is explained as 'legacy server, not broken server'", async () => {
    const frame = JSON.stringify(request(1, "server/discover", { _meta: buildEnvelope() }));
    const { received } = await exchange(everything, frame, {});
    const code = at(received, "error.code")[0];
    expect(code.level).toBe("info");
    expect(code.text).toContain("legacy server");
    expect(code.text).toContain("not a broken one");
  });

  it("initialize and tools/list on the legacy server: no errors, removed features labelled but right for this server", async () => {
    const init = JSON.stringify(
      request(2, "initialize", {
        protocolVersion: "2026-07-28",
        capabilities: {},
        clientInfo: { name: "mcp-playground", version: "0.1.0" },
      }),
    );
    const a = await exchange(everything, init, { serverEra: "legacy" });
    legacy.push(init, JSON.stringify(a.answer));
    expect(errors(a.sent)).toEqual([]);
    expect(errors(a.received)).toEqual([]);
    expect(at(a.sent, "method")[0]).toMatchObject({ level: "info", badge: "removed in 2026-07-28" });
    expect(at(a.received, "result.capabilities.tasks")[0]).toMatchObject({
      level: "info",
      badge: "removed in 2026-07-28",
    });
    expect(at(a.received, "result.capabilities.logging")[0]).toMatchObject({
      level: "deprecated",
      badge: "deprecated since 2026-07-28 (SEP-2577)",
    });

    const list = JSON.stringify(request(3, "tools/list"));
    const b = await exchange(everything, list, { serverEra: "legacy" });
    legacy.push(list, JSON.stringify(b.answer));
    expect(errors(b.received)).toEqual([]);
    expect(at(b.received, "result.resultType")[0].text).toContain('treat the result as "complete"');
  });

  it("the legacy session alone dates to the version the server answered (2025-11-25)", () => {
    const d = dateTranscript(legacy.join("\n"));
    expect(d.revisions).toEqual(["2025-11-25"]);
    expect(d.namedVersions).toEqual(["2025-11-25", "2026-07-28"]);
  });
});
