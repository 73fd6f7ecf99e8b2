"use client";
/** The "Share & export" tab: a link of chosen cards, session files, the Markdown transcript, copy as curl, targets from a config. */
import type { PanelProps } from "../playground/types";
import { PanelSection } from "../ui";
import { CurlSection } from "./CurlSection";
import { ImportConfigSection } from "./ImportConfigSection";
import { PickShareSection } from "./PickShareSection";
import { SessionFileSection } from "./SessionFileSection";

export default function SharePanel({ state, dispatch }: PanelProps) {
  return (
    <PanelSection
      label="Share and export"
      data-testid="share-panel"
      gap="gap-4"
      title="Share & export"
      subtitle="Links and files never hold secrets: credentials, env values and the playground token are left out, and you are told what."
    >
      <PickShareSection state={state} />
      <SessionFileSection state={state} dispatch={dispatch} />
      <CurlSection state={state} />
      <ImportConfigSection state={state} dispatch={dispatch} />
    </PanelSection>
  );
}
