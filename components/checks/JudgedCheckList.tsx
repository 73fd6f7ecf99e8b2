"use client";
/** An extension's checks judged on the page (the Apps doctor's AP rows, the Skills tab's S rows): the rows `cli check` adds. */
import { useTranslations } from "next-intl";
import type { JudgedCheck } from "@/lib/checks/extension-rows";
import { say } from "@/lib/i18n/translate";
import { testAttributes } from "../card";

export function JudgedCheckList({
  checks,
  testId,
  rowClassName,
}: {
  checks: readonly JudgedCheck[];
  testId: string;
  rowClassName?: string;
}) {
  const t = useTranslations();
  return (
    <ul className="flex flex-col gap-1 text-xs">
      {checks.map((c) => (
        <li key={c.id} {...testAttributes(testId, { checkId: c.id, status: c.status })} className={rowClassName}>
          <strong>
            {c.id} {c.status.toUpperCase()}
          </strong>{" "}
          ({c.level}) {say(c.titleMsg, t)} — {say(c.detailMsg, t)}{" "}
          <a
            href={c.spec}
            target="_blank"
            rel="noopener noreferrer"
            className="text-blue-700 underline dark:text-blue-300"
          >
            {t("apps.doctor.spec")}
          </a>
        </li>
      ))}
    </ul>
  );
}
