"use client";
/** A tab's section opening with its heading from the catalogues: its accessible name, title and subtitle. */
import { useTranslations } from "next-intl";
import type { ComponentProps } from "react";
import { PanelSection } from "../ui";

/** Each tab's label, title and subtitle keys (written in full, as the catalogue check reads them). */
const HEADINGS = {
  apps: ["apps.panel.label", "apps.panel.title", "apps.panel.subtitle"],
  auth: ["auth.panel.label", "auth.panel.title", "auth.panel.subtitle"],
  diff: ["diff.label", "diff.title", "diff.subtitle"],
  lab: ["lab.sectionLabel", "lab.title", "lab.subtitle"],
  skills: ["tabs.skills", "tabs.skills", "skills.panel.intro"],
} as const;

export function TabSection({
  tab,
  ...section
}: { tab: keyof typeof HEADINGS } & Omit<ComponentProps<typeof PanelSection>, "label" | "title" | "subtitle">) {
  const t = useTranslations();
  const [label, title, subtitle] = HEADINGS[tab];
  return <PanelSection label={t(label)} title={t(title)} subtitle={t(subtitle)} {...section} />;
}
