"use client";
/** The Share tab: a link of chosen cards, session files, the Markdown transcript, copy as curl, targets from a config. */
import { useTranslations } from "next-intl";
import type { PanelProps } from "../playground/types";
import { PanelSection } from "../ui";
import { CurlSection } from "./CurlSection";
import { ImportConfigSection } from "./ImportConfigSection";
import { PickShareSection } from "./PickShareSection";
import { SessionFileSection } from "./SessionFileSection";

export default function SharePanel({ state, dispatch }: PanelProps) {
  const t = useTranslations();
  return (
    <PanelSection
      label={t("shareMore.panel.label")}
      data-testid="share-panel"
      gap="gap-4"
      title={t("tabs.share")}
      subtitle={t("shareMore.panel.subtitle")}
    >
      <PickShareSection state={state} />
      <SessionFileSection state={state} dispatch={dispatch} />
      <CurlSection state={state} />
      <ImportConfigSection state={state} dispatch={dispatch} />
    </PanelSection>
  );
}
