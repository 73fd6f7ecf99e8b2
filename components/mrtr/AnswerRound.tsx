"use client";
import { useTranslations } from "next-intl";
/**
 * The open round: each input request rendered by its kind, answered by the user, then "Compose retry" puts the
 * retry frame (new id, same params, inputResponses, requestState verbatim) into the editor for review.
 */
import { useState, type ReactNode } from "react";
import { formatFrame } from "@/lib/protocol/meta";
import {
  initialDrafts,
  responseOf,
  responsesOf,
  retryForConversation,
  type Conversation,
  type Draft,
  type InputRequiredView,
  type Round,
} from "@/lib/protocol/mrtr";
import { Button } from "../ui";
import { Card, LabeledValue } from "../card";
import type { ConversationActions } from "./actions";
import { FormRequest } from "./FormRequest";
import { RootsRequest, SamplingRequest, UnknownRequest } from "./DeprecatedRequests";
import { UrlRequest } from "./UrlRequest";

const code = (chunks: ReactNode) => <code>{chunks}</code>;

export function AnswerRound({
  conversation,
  round,
  view,
  actions,
}: {
  conversation: Conversation;
  round: Round;
  view: InputRequiredView;
  actions: ConversationActions;
}) {
  const t = useTranslations();
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() => initialDrafts(view));
  const [composed, setComposed] = useState<string | null>(null);
  const all = responsesOf(view, drafts, t);
  const set = (key: string) => (draft: Draft) => {
    setDrafts((d) => ({ ...d, [key]: draft }));
    setComposed(null);
  };

  const compose = () => {
    if (!all.ok) return;
    const retry = retryForConversation(conversation.rounds, all.responses, actions.nextId);
    actions.putInEditor(formatFrame(retry));
    setComposed(JSON.stringify(retry.id));
  };

  return (
    <Card testId="mrtr-answer" data={{ round: round.index }} tone="asking">
      <p className="text-xs text-slate-700 dark:text-slate-200">
        {view.hasInputRequests
          ? t.rich("mrtr.roundAsks", { round: round.index, count: view.requests.length, code })
          : t.rich("mrtr.roundStateOnly", { round: round.index, code })}
      </p>
      {view.requestState !== undefined ? (
        <LabeledValue
          label={t("mrtr.requestStateIs")}
          testId="mrtr-request-state"
          look="chip"
          className="text-xs text-slate-600 dark:text-slate-300"
        >
          {view.requestState}
        </LabeledValue>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-300">{t("mrtr.noRequestState")}</p>
      )}
      {view.requests.map((request) => (
        <RequestCard key={request.key} request={request} draft={drafts[request.key]} onChange={set(request.key)} />
      ))}
      <div className="flex flex-wrap items-center gap-2">
        <Button tone="primary" data-testid="mrtr-compose-retry" disabled={!all.ok} onClick={compose}>
          {t("mrtr.composeRetry")}
        </Button>
        {!all.ok ? (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t("mrtr.answerFirst", { keys: Object.keys(all.problems).join(", ") })}
          </span>
        ) : null}
        {composed ? (
          <span data-testid="mrtr-composed" className="text-xs text-emerald-700 dark:text-emerald-300">
            {t("mrtr.composed", { id: composed })}
          </span>
        ) : null}
      </div>
    </Card>
  );
}

/** One thing the server asks for, with the answer being drafted (form, URL, sampling, roots or unknown). */
function RequestCard({
  request,
  draft,
  onChange,
}: {
  request: InputRequiredView["requests"][number];
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const t = useTranslations();
  const result = responseOf(request, draft, t);
  const common = { k: request.key, problem: result.ok ? null : result.problem };
  return (
    <Card testId="mrtr-request" data={{ key: request.key, kind: request.kind, answered: result.ok }} tone="raised">
      {request.kind === "elicitation-form" && draft.kind === "form" ? (
        <FormRequest
          {...common}
          request={request}
          draft={draft}
          fields={result.ok ? undefined : result.fields}
          onChange={onChange}
        />
      ) : request.kind === "elicitation-url" && draft.kind === "url" ? (
        <UrlRequest {...common} request={request} draft={draft} onChange={onChange} />
      ) : request.kind === "sampling" && draft.kind === "sampling" ? (
        <SamplingRequest {...common} request={request} draft={draft} onChange={onChange} />
      ) : request.kind === "roots" && draft.kind === "roots" ? (
        <RootsRequest {...common} draft={draft} onChange={onChange} />
      ) : draft.kind === "unknown" ? (
        <UnknownRequest {...common} request={request} draft={draft} onChange={onChange} />
      ) : null}
    </Card>
  );
}
