/** The audience lesson's verdicts in words: one line per server the token met, and why the rule exists. */
import { useTranslations } from "next-intl";
import { AUDIENCE_WORDS, type AudienceVerdict } from "@/lib/auth/audience-verdict";
import type { AuthRun } from "@/lib/auth/types";

const TONE: Record<AudienceVerdict, string> = {
  accepted: "text-green-700 dark:text-green-300",
  "refused-wrong-audience": "text-green-700 dark:text-green-300",
  "accepted-wrongly": "text-red-700 dark:text-red-300",
  "refused-own-token": "text-red-700 dark:text-red-300",
};

export function AudienceVerdicts({ run }: { run: AuthRun }) {
  const t = useTranslations();
  const met = run.steps.flatMap((s) => {
    const verdict = s.facts?.verdict as AudienceVerdict | undefined;
    return verdict && verdict in AUDIENCE_WORDS
      ? [{ server: s.name.replace(/^audience: /, ""), verdict, status: s.response?.status }]
      : [];
  });
  if (met.length === 0) return null;
  const aud = run.steps.find((s) => s.facts?.verdict)?.facts?.aud;
  return (
    <section
      aria-label={t("auth.audience.label")}
      data-testid="audience-verdicts"
      className="rounded border border-violet-300 p-2 text-xs dark:border-violet-700"
    >
      <h3 className="font-semibold">
        {t("auth.audience.heading", { aud: typeof aud === "string" ? aud : JSON.stringify(aud), count: met.length })}
      </h3>
      <ul className="mt-1 flex flex-col gap-1">
        {met.map((m) => (
          <li key={m.server} data-testid="audience-verdict" data-verdict={m.verdict}>
            {m.server}: <strong className={TONE[m.verdict]}>{t(`auth.audience.${m.verdict}.words`)}</strong> (
            {m.status ?? t("auth.diagram.noAnswer")}) — {t(`auth.audience.${m.verdict}.why`)}
          </li>
        ))}
      </ul>
    </section>
  );
}
