"use client";
/**
 * Input a task asks for mid-flight (status input_required): rendered with the MRTR form components, answered with
 * tasks/update. Not a retry: the original tools/call is never sent again. Each key is shown once however many
 * polls repeat it (keys are unique over the task's life).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { initialDraft, responseOf, responsesOf, type Draft, type InputRequestView } from "@/lib/protocol/mrtr";
import type { Json } from "@/lib/tasks";
import { FormRequest } from "../mrtr/FormRequest";
import { Button } from "../ui";
import { Card } from "../card";

export function PendingInput({
  pending,
  askedInPolls,
  onAnswer,
}: {
  pending: InputRequestView[];
  askedInPolls: number;
  onAnswer(responses: Json): void;
}) {
  const t = useTranslations();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [sent, setSent] = useState(false);
  const draftOf = (r: InputRequestView) => drafts[r.key] ?? initialDraft(r);
  const all = responsesOf(
    { requests: pending, hasInputRequests: true, verdicts: [] },
    Object.fromEntries(pending.map((r) => [r.key, draftOf(r)])),
    t,
  );
  return (
    <Card testId="task-input" tone="asking">
      <p className="text-xs text-slate-700 dark:text-slate-200">
        {t.rich("tasks.input.intro", {
          polls: askedInPolls,
          code: (c) => <code>{c}</code>,
          strong: (c) => <strong>{c}</strong>,
        })}
      </p>
      {pending.map((request) => {
        const draft = draftOf(request);
        const result = responseOf(request, draft, t);
        return (
          <Card key={request.key} testId="task-input-request" data={{ key: request.key }} tone="raised">
            {request.kind === "elicitation-form" && draft.kind === "form" ? (
              <FormRequest
                k={request.key}
                request={request}
                draft={draft}
                fields={result.ok ? undefined : result.fields}
                problem={result.ok ? null : result.problem}
                onChange={(d) => setDrafts((all) => ({ ...all, [request.key]: d }))}
              />
            ) : (
              <p className="text-xs text-slate-600">
                {t.rich("tasks.input.other", { key: request.key, kind: request.kind, code: (c) => <code>{c}</code> })}
              </p>
            )}
          </Card>
        );
      })}
      <div className="flex items-center gap-2">
        <Button
          tone="primary"
          data-testid="task-send-update"
          disabled={!all.ok || sent}
          onClick={() => {
            if (!all.ok) return;
            setSent(true);
            onAnswer(all.responses);
          }}
        >
          {t("tasks.input.send")}
        </Button>
        {sent ? <span className="text-xs text-slate-600">{t("tasks.input.sent")}</span> : null}
      </div>
    </Card>
  );
}
