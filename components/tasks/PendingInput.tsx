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
    <div data-testid="task-input" className="flex flex-col gap-2 rounded bg-amber-50 p-2 dark:bg-amber-950/40">
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
          <div
            key={request.key}
            data-testid="task-input-request"
            data-key={request.key}
            className="rounded border border-slate-200 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
          >
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
          </div>
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
    </div>
  );
}
