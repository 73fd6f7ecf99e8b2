"use client";
/**
 * What the app's policies blocked: each request its CSP refused (with the key that would allow it), and each try to
 * take its frame to another document (after which the sandbox relays nothing from the frame).
 */
import { useTranslations } from "next-intl";
import type { CspViolation } from "@/lib/apps/csp";

export function AppViolations({ violations }: { violations: CspViolation[] }) {
  const t = useTranslations();
  if (violations.length === 0) return null;
  return (
    <section aria-label={t("apps.run.violations")} className="text-xs">
      <h3 className="font-semibold text-red-800 dark:text-red-300">{t("apps.run.blocked")}</h3>
      <ul data-testid="apps-violations" className="ml-4 list-disc text-slate-800 dark:text-slate-200">
        {violations.map((v, i) =>
          v.directive === "navigation" ? (
            <li key={i} data-kind="navigation">
              {v.domain ? t("apps.run.navigated", { url: v.domain }) : t("apps.run.navigatedAway")}
            </li>
          ) : (
            <li key={i} data-kind="csp">
              {v.domain} ({v.directive})
              {v.code
                ? t("apps.run.codeBlocked", { code: v.code })
                : v.key
                  ? t("apps.run.declareIt", { key: v.key })
                  : t("apps.run.noKey")}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
