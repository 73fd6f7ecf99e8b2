/**
 * Judges a retry against the client rules (digest §6.5). The playground sends a hand-edited retry as written;
 * these verdicts mark each departure: requestState not echoed exactly, invented, or carried to another request;
 * the id reused; responses missing or extra; a response that does not fit its request; a changed call.
 */
import { verdict, type RuleVerdict } from "./catalog";
import { readInputRequired, type InputRequiredView } from "./parse";
import { checkResponse } from "./responses";
import {
  asObject,
  canonicalJson,
  declaredCapabilities,
  has,
  idOf,
  methodOf,
  paramsOf,
  requestStateOf,
  requestTarget,
  salientParams,
  sameId,
} from "./shapes";

export interface RetryContext {
  /** The request that began the conversation. */
  original: unknown;
  /** The round being answered: its request and the InputRequiredResult it got. */
  previous: { request: unknown; result: unknown };
  /** Ids of every request sent so far in this conversation. */
  priorIds: unknown[];
  /** The previous result already read (saves reading it again). */
  previousView?: InputRequiredView;
}

function preview(value: unknown, max = 60): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function checkState(prevResult: Record<string, unknown>, retry: unknown): RuleVerdict {
  const given = typeof prevResult.requestState === "string" ? prevResult.requestState : undefined;
  const sent = requestStateOf(retry);
  if (given === undefined) {
    return sent.present
      ? verdict(
          "client.no-invented-state",
          false,
          `the server gave no requestState, but the retry carries ${preview(sent.value)}.`,
        )
      : verdict("client.no-invented-state", true, "no requestState was given and none is sent.");
  }
  if (!sent.present)
    return verdict(
      "client.echo-state",
      false,
      `the retry leaves out requestState (the server gave ${preview(given)}).`,
    );
  if (sent.value === given) return verdict("client.echo-state", true, "requestState is echoed byte for byte.");
  const text = typeof sent.value === "string" ? sent.value : (JSON.stringify(sent.value) ?? "");
  let at = 0;
  while (at < text.length && at < given.length && text[at] === given[at]) at += 1;
  return verdict(
    "client.echo-state",
    false,
    `requestState differs from what the server gave, first at character ${at + 1}: sent ${preview(sent.value)}, given ${preview(given)}.`,
  );
}

function checkSameRequest(original: unknown, retry: unknown): RuleVerdict[] {
  const sameMethod = methodOf(original) === methodOf(retry);
  const sameTarget = requestTarget(original) === requestTarget(retry);
  const carriesContinuation = requestStateOf(retry).present || has(paramsOf(retry) ?? {}, "inputResponses");
  if (!sameMethod || !sameTarget) {
    const what = `${methodOf(retry)} ${requestTarget(retry) ?? ""}`.trim();
    const was = `${methodOf(original)} ${requestTarget(original) ?? ""}`.trim();
    return [
      verdict(
        carriesContinuation ? "client.state-not-reused" : "client.same-request",
        false,
        `the continuation of ${was} is sent on a different request (${what}).`,
      ),
    ];
  }
  const same = canonicalJson(salientParams(original)) === canonicalJson(salientParams(retry));
  return [
    verdict(
      "client.same-request",
      same,
      same
        ? "method and params repeat the original."
        : `params differ from the original: ${preview(salientParams(retry), 120)} instead of ${preview(salientParams(original), 120)}.`,
    ),
  ];
}

/** Every client-rule verdict for `retry` (passing ones included, so a report can show what was checked). */
export function checkRetry(ctx: RetryContext, retry: unknown): RuleVerdict[] {
  const verdicts: RuleVerdict[] = [];
  const id = idOf(retry);
  const reused = ctx.priorIds.find((p) => sameId(p, id));
  verdicts.push(
    verdict(
      "client.new-id",
      reused === undefined && id !== undefined,
      reused !== undefined
        ? `id ${preview(id)} was already used in this conversation.`
        : id === undefined
          ? "the retry has no id."
          : `id ${preview(id)} is new.`,
    ),
  );
  const prevResult = asObject(ctx.previous.result) ?? {};
  verdicts.push(checkState(prevResult, retry));
  verdicts.push(...checkSameRequest(ctx.original, retry));

  const view =
    ctx.previousView ??
    readInputRequired(prevResult, {
      method: methodOf(ctx.previous.request),
      declared: declaredCapabilities(ctx.previous.request),
    });
  const responses = asObject(paramsOf(retry)?.inputResponses);
  const asked = view.requests.map((r) => r.key);
  if (view.hasInputRequests) {
    const missing = asked.filter((k) => !responses || !has(responses, k));
    verdicts.push(
      verdict(
        "client.construct-inputs",
        missing.length === 0,
        missing.length === 0
          ? `inputResponses answers ${asked.map((k) => `"${k}"`).join(", ")}.`
          : responses
            ? `inputResponses lacks ${missing.map((k) => `"${k}"`).join(", ")}.`
            : "the retry has no inputResponses.",
      ),
    );
  }
  const extra = Object.keys(responses ?? {}).filter((k) => !asked.includes(k));
  if (extra.length)
    verdicts.push(
      verdict(
        "client.extra-responses",
        false,
        `inputResponses has keys the server did not ask for: ${extra.map((k) => `"${k}"`).join(", ")}.`,
      ),
    );
  for (const request of view.requests) {
    if (responses && has(responses, request.key)) verdicts.push(...checkResponse(request, responses[request.key]));
  }
  return verdicts;
}

/** Rule check for a request that is not a retry but carries another conversation's requestState. */
export function foreignStateVerdict(request: unknown, ownerLabel: string): RuleVerdict {
  return verdict(
    "client.state-not-reused",
    false,
    `this ${methodOf(request)} carries the requestState of ${ownerLabel}.`,
  );
}

/** Rule check for a first request that carries requestState although no server gave one in this session. */
export function unknownStateVerdict(request: unknown): RuleVerdict {
  return verdict(
    "client.no-invented-state",
    false,
    `carries requestState ${preview(requestStateOf(request).value)} that no reply in this session gave.`,
  );
}
