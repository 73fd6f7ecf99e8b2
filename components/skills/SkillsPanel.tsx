"use client";
/**
 * The Skills tab (SEP-2640): on a click, the target's skills as a host would see them — listed (and the unlisted ones
 * its instructions name), each with its frontmatter and every file read and marked verified or not, and why.
 */
import { useTranslations } from "next-intl";
import { SKILLS_EXTENSION_ID } from "@/lib/skills/constants";
import type { PanelProps } from "../playground/types";
import { Button } from "../ui";
import { TabSection } from "../playground/TabSection";
import { SkillCard } from "./SkillCard";
import { SkillsChecks } from "./SkillsChecks";
import { useSkills } from "./useSkills";

export function SkillsPanel({ state, commands }: PanelProps) {
  const t = useTranslations();
  const skills = useSkills({ state, commands });
  const { view, facts, busy } = skills;
  const files = facts?.skills.flatMap((s) => s.files) ?? [];
  return (
    <TabSection
      tab="skills"
      data-testid="skills-panel"
      data-busy={busy ? "list" : undefined}
      actions={
        <Button
          tone="primary"
          data-testid="skills-list"
          disabled={busy || view.kind !== "ready"}
          onClick={() => void skills.list()}
        >
          {busy ? t("skills.panel.listing") : t("skills.panel.list")}
        </Button>
      }
    >
      {view.kind !== "ready" ? <p className="text-xs text-red-700 dark:text-red-300">{view.problem}</p> : null}
      {skills.error ? (
        <p role="alert" data-testid="skills-error" className="text-xs text-red-700 dark:text-red-300">
          {t("skills.panel.failed", { error: skills.error })}
        </p>
      ) : null}
      {facts && !facts.declares ? (
        <p data-testid="skills-not-declared" className="text-xs">
          {t("skills.panel.notDeclared", { ext: SKILLS_EXTENSION_ID })}
        </p>
      ) : null}
      {facts?.declares ? (
        <div className="flex flex-col gap-2">
          <p data-testid="skills-summary" className="text-xs text-slate-600 dark:text-slate-400">
            {t("skills.panel.summary", {
              n: facts.skills.length,
              verified: files.filter((f) => f.verified).length,
              files: files.length,
            })}
            {facts.directoryRead ? ` · ${t("skills.panel.directoryRead")}` : ""}
          </p>
          {facts.skills.length === 0 ? <p className="text-xs">{t("skills.panel.none")}</p> : null}
          <ul className="flex flex-col gap-2">
            {facts.skills.map((s) => (
              <SkillCard key={s.uri} skill={s} bill={skills.bill} />
            ))}
          </ul>
          <SkillsChecks facts={facts} />
        </div>
      ) : null}
    </TabSection>
  );
}
