"use client";
/** The Apps tab: a server's MCP Apps rendered as a chosen host would, every message between host and app, and the doctor. */
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import type { AppTool } from "@/lib/apps/catalog";
import type { ContextChoice } from "@/lib/apps/host-context";
import type { McpUiDisplayMode } from "@/lib/apps/ui-types";
import { HOSTS, hostFacts, hostLabel } from "@/lib/apps/hosts";
import type { PanelProps } from "../playground/types";
import { Button, inputClass } from "../ui";
import { TabSection } from "../playground/TabSection";
import { AppContextControls } from "./AppContextControls";
import { AppRun } from "./AppRun";
import { HostVerdicts } from "./HostVerdicts";
import { useApps, type Listing } from "./useApps";

export function AppsPanel({ state, commands }: PanelProps) {
  const t = useTranslations();
  const apps = useApps({ state, commands });
  const { view, persona, listing, busy } = apps;
  const [chosen, setChosen] = useState<string | null>(null);
  const [choice, setChoice] = useState<ContextChoice>({});
  const current =
    listing && view.kind === "ready" && listing.targetKey === view.key && listing.hostId === persona.id
      ? listing
      : null;
  const selected = current?.apps.find((a) => a.tool === chosen) ?? current?.apps[0];

  return (
    <TabSection
      tab="apps"
      data-testid="apps-panel"
      data-busy={busy ?? undefined}
      actions={<AppsActions apps={apps} displayMode={choice.displayMode} />}
    >
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="apps-host-facts">
        {hostFacts(persona, t)}
      </p>
      <AppContextControls choice={choice} onChange={setChoice} />
      {view.kind !== "ready" ? <p className="text-xs text-red-700 dark:text-red-300">{view.problem}</p> : null}
      {apps.error ? (
        <p role="alert" data-testid="apps-error" className="text-xs text-red-700 dark:text-red-300">
          {apps.error}
        </p>
      ) : null}
      {current ? (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <ConnectionLine listing={current} hostName={hostLabel(persona, t)} forget={apps.forget} />
          </p>
          {current.apps.length === 0 ? (
            <p data-testid="apps-none" className="text-xs text-amber-800 dark:text-amber-300">
              {t("apps.panel.none")}
            </p>
          ) : (
            <fieldset className="flex flex-col gap-1">
              <legend className="text-xs font-semibold text-slate-800 dark:text-slate-200">
                {t("apps.panel.appTools")}
              </legend>
              <AppToolChoices apps={current.apps} selected={selected?.tool} choose={setChosen} />
            </fieldset>
          )}
          {current.resourcesError ? (
            <p className="text-xs text-amber-800 dark:text-amber-300">{current.resourcesError}</p>
          ) : null}
          {selected ? (
            <AppRun
              key={`${current.targetKey}|${persona.id}|${selected.tool}`}
              app={selected}
              listing={current}
              persona={persona}
              sandboxOrigin={apps.sandboxOrigin}
              choice={choice}
            />
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t("apps.panel.choose")}</p>
      )}
      {apps.verdicts ? <HostVerdicts verdicts={apps.verdicts} checks={apps.checks ?? []} /> : null}
    </TabSection>
  );
}

/** The host to emulate, List and Doctor (the doctor judges the display mode the user chose). */
function AppsActions({ apps, displayMode }: { apps: ReturnType<typeof useApps>; displayMode?: McpUiDisplayMode }) {
  const t = useTranslations();
  const { view, busy } = apps;
  return (
    <>
      <label className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
        {t("apps.panel.host")}
        <select
          data-testid="apps-host-select"
          className={inputClass}
          value={apps.hostId}
          onChange={(e) => apps.setHostId(e.target.value)}
        >
          {HOSTS.map((h) => (
            <option key={h.id} value={h.id}>
              {hostLabel(h, t)}
            </option>
          ))}
        </select>
      </label>
      <Button
        tone="primary"
        data-testid="apps-list"
        disabled={busy !== null || view.kind !== "ready"}
        onClick={() => void apps.list()}
      >
        {busy === "list" ? t("apps.panel.listing") : t("apps.panel.list")}
      </Button>
      <Button
        data-testid="apps-doctor-run"
        disabled={busy !== null || view.kind !== "ready"}
        onClick={() => void apps.diagnose({ displayMode })}
      >
        {busy === "doctor" ? t("apps.panel.diagnosing") : t("apps.panel.doctor")}
      </Button>
    </>
  );
}

/** Which protocol era the server speaks, whether it declares the extension, and whether the listing is cached. */
function ConnectionLine({
  listing: current,
  hostName,
  forget,
}: {
  listing: Listing;
  hostName: string;
  forget: () => void;
}) {
  const t = useTranslations();
  return (
    <>
      {current.conn.era === "legacy"
        ? t("apps.panel.legacy", { version: current.conn.version ?? "?" })
        : t("apps.panel.modern", { version: current.conn.version ?? "?" })}
      {current.conn.declaresExtension ? t("apps.panel.declares") : t("apps.panel.notDeclares")}{" "}
      {current.cached ? (
        <span data-testid="apps-cached">
          {t("apps.panel.cached", { host: hostName })}{" "}
          <button type="button" className="underline" onClick={forget}>
            {t("apps.panel.readd")}
          </button>
        </span>
      ) : null}
    </>
  );
}

/** One radio per app tool: its resource, MIME type, who may call it, and a deprecated key. */
function AppToolChoices({
  apps,
  selected,
  choose,
}: {
  apps: AppTool[];
  selected?: string;
  choose: (tool: string) => void;
}) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <>
      {apps.map((a) => (
        <label
          key={a.tool}
          data-testid="apps-tool"
          data-tool={a.tool}
          className="flex flex-wrap items-baseline gap-2 text-xs text-slate-800 dark:text-slate-200"
        >
          <input type="radio" name="apps-tool" checked={selected === a.tool} onChange={() => choose(a.tool)} />
          <code>{a.tool}</code>
          <span className="text-slate-600 dark:text-slate-400">
            → {a.resourceUri} · {a.mimeType ?? t("apps.panel.notInResources")} ·{" "}
            {t("apps.panel.visibleTo", {
              who: a.visibility.length
                ? new Intl.ListFormat(locale, { type: "conjunction" }).format(a.visibility)
                : t("apps.panel.nobody"),
            })}
            {a.uriKey === "ui/resourceUri" ? t("apps.panel.deprecatedKey") : ""}
          </span>
        </label>
      ))}
    </>
  );
}
