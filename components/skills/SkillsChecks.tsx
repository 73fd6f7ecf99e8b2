"use client";
/** The S checks (lib/skills/checks.ts) judged from what the Skills tab gathered: the same rows `cli check` adds. */
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { runSkillsChecks } from "@/lib/skills/checks";
import type { SkillsFacts } from "@/lib/skills/gather";
import { JudgedCheckList } from "../checks/JudgedCheckList";

export function SkillsChecks({ facts }: { facts: SkillsFacts }) {
  const t = useTranslations();
  const checks = useMemo(() => runSkillsChecks(facts), [facts]);
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-xs font-semibold">{t("skills.panel.checks")}</h3>
      <JudgedCheckList checks={checks} testId="skills-check" />
    </section>
  );
}
