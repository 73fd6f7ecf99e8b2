"use client";
import { useTranslations } from "next-intl";
import { ALL_VERSIONS } from "@/lib/protocol/versions";
import { activeEmulation, emulationText } from "@/lib/protocol/emulation";
import { envelopeInputFrom, type EnvelopeSettings } from "@/lib/session";
import { EmulationFields } from "./EmulationFields";
import type { PanelProps } from "../playground/types";
import { CodeField, inputClass } from "../ui";

const CAPS: { key: keyof EnvelopeSettings["caps"]; label: string }[] = [
  { key: "elicitationForm", label: "elicitation.form" },
  { key: "elicitationUrl", label: "elicitation.url" },
  { key: "sampling", label: "sampling" },
  { key: "roots", label: "roots" },
];

/** The capabilities panel: what "Add _meta envelope", the templates and the era probe declare. */
export function EnvelopePanel({ state, dispatch }: Omit<PanelProps, "commands">) {
  const t = useTranslations();
  const s = state.envelope;
  const set = (patch: Partial<EnvelopeSettings>) => dispatch({ type: "envelope/set", patch });
  const input = envelopeInputFrom(s);
  return (
    <details className="rounded border border-slate-200 p-2 text-xs dark:border-slate-700" data-testid="envelope-panel">
      <summary className="cursor-pointer font-medium text-slate-700 dark:text-slate-200">
        {t("envelope.summary")}
      </summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        <label className="flex items-center gap-2">
          protocolVersion
          <input
            list="known-versions"
            className={`${inputClass} w-32`}
            value={s.protocolVersion}
            onChange={(e) => set({ protocolVersion: e.target.value })}
          />
          <datalist id="known-versions">
            {ALL_VERSIONS.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </label>
        <fieldset className="flex flex-wrap items-center gap-3" disabled={s.rawCapabilities.trim() !== ""}>
          <legend className="sr-only">clientCapabilities</legend>
          {CAPS.map((c) => (
            <label key={c.key} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={s.caps[c.key]}
                onChange={(e) => set({ caps: { ...s.caps, [c.key]: e.target.checked } })}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        <CodeField
          className="sm:col-span-2"
          label={t("envelope.rawCaps")}
          placeholder='{"elicitation":{"form":{}}}'
          value={s.rawCapabilities}
          onChange={(rawCapabilities) => set({ rawCapabilities })}
        />
        <ClientInfoFields settings={s} set={set} />
        <p className="font-mono text-slate-600 sm:col-span-2 dark:text-slate-300" data-testid="declared-capabilities">
          {input.ok ? t("envelope.declares", { caps: JSON.stringify(input.value.clientCapabilities) }) : input.error}
        </p>
        <EmulationSection settings={s} set={set} />
      </div>
    </details>
  );
}

type Settings = { settings: EnvelopeSettings; set: (patch: Partial<EnvelopeSettings>) => void };

/** Whether clientInfo is declared, and its name and version. */
function ClientInfoFields({ settings: s, set }: Settings) {
  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={s.includeClientInfo}
          onChange={(e) => set({ includeClientInfo: e.target.checked })}
        />
        clientInfo
      </label>
      {(
        [
          ["name", "w-36"],
          ["version", "w-20"],
        ] as const
      ).map(([field, width]) => (
        <input
          key={field}
          aria-label={`clientInfo ${field}`}
          className={`${inputClass} ${width}`}
          value={s.clientInfo[field]}
          disabled={!s.includeClientInfo}
          onChange={(e) => set({ clientInfo: { ...s.clientInfo, [field]: e.target.value } })}
        />
      ))}
    </div>
  );
}

/** Client emulation: the switches every send uses, and what is emulated now. */
function EmulationSection({ settings: s, set }: Settings) {
  const t = useTranslations();
  const emulating = activeEmulation(s.emulate);
  return (
    <fieldset
      data-testid="envelope-emulation"
      className="flex flex-col gap-1 rounded border border-slate-200 p-2 sm:col-span-2 dark:border-slate-700"
    >
      <legend className="px-1 font-medium text-slate-700 dark:text-slate-200">{t("envelope.emulationLegend")}</legend>
      <EmulationFields
        value={s.emulate ?? {}}
        onChange={(emulate) => set({ emulate })}
        testIdPrefix="envelope-emulate"
        explain
      />
      <p
        data-testid="envelope-emulation-summary"
        className={emulating ? "font-medium text-amber-800 dark:text-amber-300" : "text-slate-500 dark:text-slate-400"}
      >
        {emulating ? t("envelope.emulating", { what: emulationText(emulating, t) }) : t("envelope.emulationOff")}
      </p>
    </fieldset>
  );
}
