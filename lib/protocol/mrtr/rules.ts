/**
 * Judges a retry against the client rules (digest §6.5). The playground sends a hand-edited retry as written;
 * these verdicts mark each departure: requestState not echoed exactly, invented, or carried to another request;
 * the id reused; responses missing or extra; a response that does not fit its request; a changed call.
 */
import { msg } from "../../i18n/translate";
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
      ? verdict("client.no-invented-state", false, msg("mrtr.v.inventedState", { value: preview(sent.value) }))
      : verdict("client.no-invented-state", true, msg("mrtr.v.noStateNoneSent"));
  }
  if (!sent.present) return verdict("client.echo-state", false, msg("mrtr.v.stateLeftOut", { given: preview(given) }));
  if (sent.value === given) return verdict("client.echo-state", true, msg("mrtr.v.stateEchoed"));
  const text = typeof sent.value === "string" ? sent.value : (JSON.stringify(sent.value) ?? "");
  let at = 0;
  while (at < text.length && at < given.length && text[at] === given[at]) at += 1;
  return verdict(
    "client.echo-state",
    false,
    msg("mrtr.v.stateDiffers", { at: at + 1, sent: preview(sent.value), given: preview(given) }),
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
        msg("mrtr.v.otherRequest", { was, what }),
      ),
    ];
  }
  const same = canonicalJson(salientParams(original)) === canonicalJson(salientParams(retry));
  return [
    verdict(
      "client.same-request",
      same,
      same
        ? msg("mrtr.v.sameParams")
        : msg("mrtr.v.paramsDiffer", {
            now: preview(salientParams(retry), 120),
            was: preview(salientParams(original), 120),
          }),
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
        ? msg("mrtr.v.idReused", { id: preview(id) })
        : id === undefined
          ? msg("mrtr.v.noId")
          : msg("mrtr.v.idNew", { id: preview(id) }),
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
          ? msg("mrtr.v.answers", { keys: asked.map((k) => `"${k}"`).join(", ") })
          : responses
            ? msg("mrtr.v.lacks", { keys: missing.map((k) => `"${k}"`).join(", ") })
            : msg("mrtr.v.noResponses"),
      ),
    );
  }
  const extra = Object.keys(responses ?? {}).filter((k) => !asked.includes(k));
  if (extra.length)
    verdicts.push(
      verdict("client.extra-responses", false, msg("mrtr.v.extra", { keys: extra.map((k) => `"${k}"`).join(", ") })),
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
    msg("mrtr.v.foreignState", { method: String(methodOf(request)), owner: ownerLabel }),
  );
}

/** Rule check for a first request that carries requestState although no server gave one in this session. */
export function unknownStateVerdict(request: unknown): RuleVerdict {
  return verdict(
    "client.no-invented-state",
    false,
    msg("mrtr.v.unknownState", { value: preview(requestStateOf(request).value) }),
  );
}
