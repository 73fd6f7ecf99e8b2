"use client";
/** The S checks (lib/skills/checks.ts) judged from what the Skills tab gathered: the same rows `cli check` adds. */
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { say } from "@/lib/i18n/translate";
import { runSkillsChecks } from "@/lib/skills/checks";
import type { SkillsFacts } from "@/lib/skills/gather";
import { testAttributes } from "../card";

export function SkillsChecks({ facts }: { facts: SkillsFacts }) {
  const t = useTranslations();
  const checks = useMemo(() => runSkillsChecks(facts), [facts]);
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold">{t("skills.panel.checks")}</h3>
      <ul className="flex flex-col gap-1 text-xs">
        {checks.map((c) => (
          <li key={c.id} {...testAttributes("skills-check", { checkId: c.id, status: c.status })}>
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
    </section>
  );
}
