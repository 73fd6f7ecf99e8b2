"use client";
import { useTranslations } from "next-intl";
import { EMULATION_SWITCHES, emulationWords, type Emulation } from "@/lib/protocol/emulation";
import { inputClass } from "../ui";

/**
 * The client-emulation switches (lib/protocol/emulation.ts), each with what it does in words: in the envelope
 * settings (every ordinary send) and in the Checks tab (the suite). `testIdPrefix` keeps both sets addressable.
 */
export function EmulationFields({
  value,
  onChange,
  testIdPrefix,
  explain,
}: {
  value: Emulation;
  onChange: (next: Emulation) => void;
  testIdPrefix: string;
  explain: boolean;
}) {
  const t = useTranslations();
  const pinDoes = emulationWords("pin", "does", t);
  return (
    <>
      {EMULATION_SWITCHES.map((s) => (
        <label key={s.key} className="flex items-start gap-1" title={emulationWords(s.key, "does", t)}>
          <input
            type="checkbox"
            className="mt-0.5"
            data-testid={`${testIdPrefix}-${s.key}`}
            checked={value[s.key] === true}
            onChange={(e) => onChange({ ...value, [s.key]: e.target.checked })}
          />
          <span>
            {emulationWords(s.key, "label", t)}
            {explain ? (
              <span className="text-slate-500 dark:text-slate-400"> — {emulationWords(s.key, "does", t)}</span>
            ) : null}
          </span>
        </label>
      ))}
      <label className="flex flex-wrap items-center gap-1" title={pinDoes}>
        {emulationWords("pin", "label", t)}
        <input
          data-testid={`${testIdPrefix}-pin-version`}
          className={`${inputClass} w-28`}
          placeholder={t("checksMore.emulation.notPinned")}
          value={value.pinVersion ?? ""}
          onChange={(e) => onChange({ ...value, pinVersion: e.target.value.trim() || undefined })}
        />
        {explain ? <span className="text-slate-500 dark:text-slate-400">— {pinDoes}</span> : null}
      </label>
    </>
  );
}
