/**
 * The steps of a conversation's sequence diagram: client, server and (when a human answered) user lanes, one
 * arrow per message, round numbers and timings. Pure data; components/mrtr draws it.
 */
import { englishT, say, type Translate } from "../../i18n/translate";
import { departures } from "./catalog";
import type { Conversation, Round } from "./conversation";
import type { InputRequestView } from "./parse";
import { asObject, paramsOf } from "./shapes";

/** "auth": the authorization server, drawn by the Auth view's lane (lib/auth/diagram.ts). */
export type Lane = "user" | "client" | "server" | "auth";
export type StepTone = "request" | "retry" | "input_required" | "complete" | "error" | "failure" | "ask" | "answer";

export interface DiagramStep {
  round: number;
  from: Lane;
  to: Lane;
  tone: StepTone;
  label: string;
  /** Round trip time for server replies; the user's time for answers. */
  ms?: number;
  /** Client-rule departures marked on a request arrow. */
  departures: string[];
}

export interface Diagram {
  lanes: Lane[];
  steps: DiagramStep[];
  /** One line for the final result (or why there is none). */
  final: string;
  /** What a group of arrows is called (default "round"); `titles` names each group by its number. */
  unit?: "round" | "step";
  titles?: Record<number, string>;
}

function idText(id: unknown): string {
  return JSON.stringify(id) ?? "none";
}

function requestLabel(c: Conversation, r: Round, t: Translate): string {
  const call = `${c.method}${c.target ? ` ${c.target}` : ""} · id ${idText(r.id)}`;
  if (r.index === 1) return call;
  const params = paramsOf(r.request) ?? {};
  const keys = Object.keys(asObject(params.inputResponses) ?? {});
  const parts = [
    keys.length ? `inputResponses {${keys.join(", ")}}` : "",
    "requestState" in params ? "requestState" : "",
  ].filter(Boolean);
  return t("mrtr.d.retry", { call: `${call}${parts.length ? ` + ${parts.join(" + ")}` : ""}` });
}

export function firstText(result: unknown): string | undefined {
  const res = asObject(result);
  const blocks = Array.isArray(res?.content)
    ? res.content
    : Array.isArray(res?.contents)
      ? res.contents
      : Array.isArray(res?.messages)
        ? res.messages.map((m) => asObject(m)?.content)
        : [];
  for (const b of blocks) {
    const text = asObject(b)?.text;
    if (typeof text === "string") return text;
  }
  return undefined;
}

function replyLabel(r: Round, t: Translate): string {
  switch (r.kind) {
    case "input_required": {
      const asks = r.view?.requests.map((q) => `${q.key} (${t(`mrtr.d.kind.${q.kind}`)})`) ?? [];
      const state = r.view?.requestState !== undefined ? "requestState" : "";
      return `input_required: ${[asks.join(", "), state].filter(Boolean).join(" + ") || t("mrtr.d.nothing")}`;
    }
    case "complete":
      return `complete: ${firstText(r.result) ?? "result"}`;
    case "error":
      return `error ${r.error?.code ?? "?"}: ${r.error?.message ?? ""}`;
    default:
      return t("mrtr.d.noReply", { failure: String(r.failure) });
  }
}

function answerLabel(request: InputRequestView, next: Round | undefined, t: Translate): string {
  const responses = asObject(paramsOf(next?.request)?.inputResponses);
  const answer = asObject(responses?.[request.key]);
  if (!answer) return t("mrtr.d.noAnswer", { key: request.key });
  if (typeof answer.action === "string") return `${request.key} → ${answer.action}`;
  return t("mrtr.d.answered", { key: request.key });
}

export function diagramOf(c: Conversation, t: Translate = englishT): Diagram {
  const steps: DiagramStep[] = [];
  let userLane = false;
  c.rounds.forEach((r, i) => {
    const marks = departures(r.clientVerdicts).map((v) => (v.detailMsg ? say(v.detailMsg, t) : v.detail));
    steps.push({
      round: r.index,
      from: "client",
      to: "server",
      tone: r.index === 1 ? "request" : "retry",
      label: requestLabel(c, r, t),
      departures: marks,
    });
    steps.push({
      round: r.index,
      from: "server",
      to: "client",
      tone: r.kind,
      label: replyLabel(r, t),
      ms: r.durationMs,
      departures: [],
    });
    const next = c.rounds[i + 1];
    for (const q of r.view?.requests ?? []) {
      userLane = true;
      const message = "message" in q && q.message ? `: ${q.message}` : "";
      steps.push({
        round: r.index,
        from: "client",
        to: "user",
        tone: "ask",
        label: `${q.key} (${t(`mrtr.d.kind.${q.kind}`)})${message}`,
        departures: [],
      });
      if (next)
        steps.push({
          round: r.index,
          from: "user",
          to: "client",
          tone: "answer",
          label: answerLabel(q, next, t),
          ms: next.waitedMs,
          departures: [],
        });
    }
  });
  const end = c.rounds[c.rounds.length - 1];
  const final =
    end.kind === "complete" ? (firstText(end.result) ?? "complete") : c.statusMsg ? say(c.statusMsg, t) : c.statusText;
  return { lanes: userLane ? ["user", "client", "server"] : ["client", "server"], steps, final };
}

/** A diagram step's time in the reader's units and decimals: "14 ms", "1.6 s" (Russian "14 мс", "1,6 с"). */
export function diagramTiming(ms: number, t: Translate = englishT): string {
  return ms >= 1000 ? t("cache.unit.s", { n: Math.round(ms / 100) / 10 }) : t("cache.unit.ms", { n: Math.round(ms) });
}
