"use client";
/**
 * One skill: its name and URI, whether the listing carried it, its frontmatter and each file's verdict. Everything the
 * server wrote (names, descriptions, frontmatter, reasons quoting it) is untrusted text: rendered as text, labelled so.
 */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { say } from "@/lib/i18n/translate";
import type { SkillReport } from "@/lib/skills/gather";
import { Button } from "../ui";

type Billed = { tokens: number; encoding: string } | { error: string };

function FileRow({ file }: { file: SkillReport["files"][number] }) {
  const t = useTranslations();
  return (
    <li
      data-testid="skills-file"
      data-verified={file.verified ? "true" : "false"}
      className="flex flex-wrap items-baseline gap-2 text-xs"
    >
      <span className={file.verified ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-300"}>
        {file.verified ? `✓ ${t("skills.panel.verified")}` : `✗ ${t("skills.panel.notVerified")}`}
      </span>
      <code className="break-all">{file.uri}</code>
      {file.size !== undefined ? (
        <span className="text-slate-600 dark:text-slate-400">{t("skills.panel.bytes", { n: file.size })}</span>
      ) : null}
      {file.whyMsg ? <span data-testid="skills-file-why">{say(file.whyMsg, t)}</span> : null}
    </li>
  );
}

export function SkillCard({ skill, bill }: { skill: SkillReport; bill: (text: string) => Promise<Billed> }) {
  const t = useTranslations();
  const locale = useLocale();
  const [billed, setBilled] = useState<Billed | null>(null);
  const name = skill.entry.ok ? skill.entry.entry.frontmatter.name : skill.uri;
  const dynamic = skill.entry.ok && skill.entry.entry.resources === "dynamic";
  return (
    <li data-testid="skills-item" data-uri={skill.uri} className="flex flex-col gap-1 rounded border p-2">
      <div className="flex flex-wrap items-baseline gap-2 text-xs">
        <strong data-testid="skills-item-name">{name}</strong>
        <code className="break-all text-slate-600 dark:text-slate-400">{skill.uri}</code>
        <span data-testid="skills-item-listed">
          {skill.listed ? t("skills.panel.listed") : t("skills.panel.unlisted")}
        </span>
      </div>
      <p className="text-xs text-amber-800 dark:text-amber-300">{t("skills.panel.untrusted")}</p>
      {skill.entry.ok ? (
        <details open>
          <summary className="text-xs">{t("skills.panel.frontmatter")}</summary>
          <pre data-testid="skills-frontmatter" className="whitespace-pre-wrap break-all text-xs">
            {JSON.stringify(skill.entry.entry.frontmatter, null, 2)}
          </pre>
        </details>
      ) : (
        <div role="alert" className="text-xs text-red-700 dark:text-red-300">
          {t("skills.panel.problems")}: {skill.entry.problems.join("; ")}
        </div>
      )}
      {dynamic ? <p className="text-xs">{t("skills.panel.dynamic")}</p> : null}
      <p className="text-xs font-semibold">{t("skills.panel.files")}</p>
      <ul className="flex flex-col gap-0.5">
        {skill.files.map((f) => (
          <FileRow key={f.uri} file={f} />
        ))}
      </ul>
      {skill.skillMd !== undefined ? (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Button data-testid="skills-bill" onClick={() => void bill(skill.skillMd!).then(setBilled)}>
            {t("skills.panel.bill")}
          </Button>
          {billed ? (
            <span data-testid="skills-bill-result">
              {"error" in billed
                ? billed.error
                : t("skills.panel.billNote", {
                    tokens: new Intl.NumberFormat(locale).format(billed.tokens),
                    encoding: billed.encoding,
                    bytes: new TextEncoder().encode(skill.skillMd).length,
                  })}
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
