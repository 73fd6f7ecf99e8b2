"use client";
import { useTranslations } from "next-intl";
import { LanguageChoice } from "../i18n/LanguageChoice";
import { PresenterToggle } from "../presenter/PresenterToggle";
import { ResetDemoServers } from "../presenter/ResetDemoServers";
import { ThemeChoice } from "../theme/ThemeChoice";
import type { PanelProps } from "./types";

export function Header({ commands }: Pick<PanelProps, "commands">) {
  const t = useTranslations();
  return (
    <header className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <h1 className="text-lg font-bold text-slate-900 dark:text-slate-50">MCP Playground</h1>
      {/* Presenter mode collapses the header to its title and switches (app/globals.css). */}
      <p className="text-sm text-slate-600 dark:text-slate-300" data-presenter-hide>
        {t("header.tagline")}
      </p>
      <div className="ml-auto flex flex-wrap items-center gap-2">
        <ResetDemoServers commands={commands} />
        <PresenterToggle />
        <ThemeChoice />
        <LanguageChoice />
      </div>
    </header>
  );
}
