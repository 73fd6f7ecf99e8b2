"use client";
/** The Apps tab: a server's MCP Apps rendered as a chosen host would, every message between host and app, and the doctor. */
import { useState } from "react";
import { HOSTS, sourceOf } from "@/lib/apps/hosts";
import type { PanelProps } from "../playground/types";
import { Button, PanelSection, inputClass } from "../ui";
import { AppRun } from "./AppRun";
import { HostVerdicts } from "./HostVerdicts";
import { useApps } from "./useApps";

export function AppsPanel({ state, commands }: PanelProps) {
  const apps = useApps({ state, commands });
  const { view, persona, listing, busy } = apps;
  const [chosen, setChosen] = useState<string | null>(null);
  const current =
    listing && view.kind === "ready" && listing.targetKey === view.key && listing.hostId === persona.id
      ? listing
      : null;
  const selected = current?.apps.find((a) => a.tool === chosen) ?? current?.apps[0];

  return (
    <PanelSection
      label="MCP Apps"
      title="Apps — a server's ui:// apps, rendered and watched"
      subtitle="Tools whose _meta.ui.resourceUri names a ui:// resource, run in a sandbox on its own origin with the extension's host bridge; every exchange with the server lands on the timeline."
      data-testid="apps-panel"
      data-busy={busy ?? undefined}
      actions={
        <>
          <label className="flex items-center gap-1 text-xs text-slate-700 dark:text-slate-300">
            Host
            <select
              data-testid="apps-host-select"
              className={inputClass}
              value={apps.hostId}
              onChange={(e) => apps.setHostId(e.target.value)}
            >
              {HOSTS.map((h) => (
                <option key={h.id} value={h.id}>
                  {h.label}
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
            {busy === "list" ? "Listing…" : "List app tools"}
          </Button>
          <Button
            data-testid="apps-doctor-run"
            disabled={busy !== null || view.kind !== "ready"}
            onClick={() => void apps.diagnose()}
          >
            {busy === "doctor" ? "Diagnosing…" : "Apps doctor"}
          </Button>
        </>
      }
    >
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="apps-host-facts">
        As {persona.label}: declares the extension — {sourceOf(persona.declaresExtension)}; caches tools/list —{" "}
        {sourceOf(persona.cachesToolsList)}; display modes — {sourceOf(persona.displayModes)}.
      </p>
      {view.kind !== "ready" ? <p className="text-xs text-red-700 dark:text-red-300">{view.problem}</p> : null}
      {apps.error ? (
        <p role="alert" data-testid="apps-error" className="text-xs text-red-700 dark:text-red-300">
          {apps.error}
        </p>
      ) : null}
      {current ? (
        <div className="flex flex-col gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {current.conn.era === "legacy"
              ? `Legacy server (${current.conn.version ?? "?"}), `
              : `Modern server (${current.conn.version}), `}
            {current.conn.declaresExtension
              ? "declares the Apps extension."
              : "does not declare the Apps extension in its capabilities."}{" "}
            {current.cached ? (
              <span data-testid="apps-cached">
                This list is {persona.label}&apos;s cached tools/list (it caches per connector).{" "}
                <button type="button" className="underline" onClick={apps.forget}>
                  Re-add the connector
                </button>
              </span>
            ) : null}
          </p>
          {current.apps.length === 0 ? (
            <p data-testid="apps-none" className="text-xs text-amber-800 dark:text-amber-300">
              No tool in tools/list names a ui:// resource for this host. Run the Apps doctor to see why.
            </p>
          ) : (
            <fieldset className="flex flex-col gap-1">
              <legend className="text-xs font-semibold text-slate-800 dark:text-slate-200">App tools</legend>
              {current.apps.map((a) => (
                <label
                  key={a.tool}
                  data-testid="apps-tool"
                  data-tool={a.tool}
                  className="flex flex-wrap items-baseline gap-2 text-xs text-slate-800 dark:text-slate-200"
                >
                  <input
                    type="radio"
                    name="apps-tool"
                    checked={selected?.tool === a.tool}
                    onChange={() => setChosen(a.tool)}
                  />
                  <code>{a.tool}</code>
                  <span className="text-slate-600 dark:text-slate-400">
                    → {a.resourceUri} · {a.mimeType ?? "not in resources/list"} · visible to{" "}
                    {a.visibility.join(" and ") || "nobody"}
                    {a.uriKey === "ui/resourceUri" ? " · deprecated flat key" : ""}
                  </span>
                </label>
              ))}
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
            />
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Choose a host and press List app tools: the playground connects as that host would and lists the tools that
          carry an app.
        </p>
      )}
      {apps.verdicts ? <HostVerdicts verdicts={apps.verdicts} checks={apps.checks ?? []} /> : null}
    </PanelSection>
  );
}
