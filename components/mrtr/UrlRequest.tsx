"use client";
import { useTranslations } from "next-intl";
/**
 * elicitation/create, URL mode: the full URL, untruncated, with its host highlighted. It is never fetched or
 * framed; it opens only on the user's click, in a new tab without opener or referrer. Then "I finished",
 * Decline or Cancel ("accept" means the user went there, not that the server is done: the retry tells).
 */
import { isOpenable, type Draft, type InputRequestView } from "@/lib/protocol/mrtr";
import { ElicitActions, Problem } from "./ElicitActions";
import { RequestFrame } from "./RequestFrame";

type UrlDraft = Extract<Draft, { kind: "url" }>;
type UrlView = Extract<InputRequestView, { kind: "elicitation-url" }>;

export function UrlRequest({
  k,
  request,
  draft,
  problem,
  onChange,
}: {
  k: string;
  request: UrlView;
  draft: UrlDraft;
  problem: string | null;
  onChange(d: Draft): void;
}) {
  const t = useTranslations();
  const { url } = request;
  const host = url.hostname ?? "";
  const at = host ? url.href.indexOf(host) : -1;
  return (
    <RequestFrame k={k} asks={t("mrtr.urlAsks")} message={request.message}>
      <p data-testid="mrtr-url" className="break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800">
        {at >= 0 ? (
          <>
            {url.href.slice(0, at)}
            <strong className="text-blue-800 dark:text-blue-300">{host}</strong>
            {url.href.slice(at + host.length)}
          </>
        ) : (
          url.href
        )}
      </p>
      {url.warnings.map((w) => (
        <p key={w} className="text-xs text-red-700 dark:text-red-300">
          ⚠ {w}
        </p>
      ))}
      {isOpenable(url) ? (
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`mrtr-open-url-${k}`}
          onClick={() => onChange({ ...draft, opened: true })}
          className="w-fit rounded border border-blue-300 px-2.5 py-1 text-xs font-medium text-blue-800 hover:bg-blue-50 dark:border-blue-700 dark:text-blue-200"
        >
          {t("mrtr.openHost", { host })}
        </a>
      ) : null}
      <p className="text-[11px] text-slate-600 dark:text-slate-400">
        {t("mrtr.neverLoads")} {draft.opened ? t("mrtr.opened") : t("mrtr.notOpened")}
      </p>
      <ElicitActions
        k={k}
        chosen={draft.action}
        acceptLabel={t("mrtr.finished")}
        onChoose={(action) => onChange({ ...draft, action })}
      />
      <Problem text={draft.action ? problem : null} />
    </RequestFrame>
  );
}
