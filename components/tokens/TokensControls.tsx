"use client";
import type { Translate } from "@/lib/i18n/translate";
import { useTranslations } from "next-intl";
/** How to ask for the catalogue (handshake, declared capabilities) and how to count it (encoding, layout, fields). */
import { HANDSHAKES } from "@/lib/tokens/catalogue";
import { ENCODINGS, FIELD_SETS, LAYOUTS, type BillOptions } from "@/lib/tokens/options";
import type { PanelAction, PanelState } from "@/lib/tokens/panel";
import { inputClass } from "../ui";

// The option menus in the reader's language: catalogue.<knob>.<choice>.label / .about (the English ones are
// lib/tokens/options.ts's words, which the CLI prints; tests/unit/i18n/form-lang.test.ts keeps them equal).
const labelsIn = <T extends string>(t: Translate, knob: string, options: readonly T[]) =>
  Object.fromEntries(options.map((o) => [o, t(`catalogue.${knob}.${o}.label`)])) as Record<T, string>;

function Select<T extends string>({
  label,
  value,
  options,
  labels,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (v: T) => void;
  testId: string;
}) {
  return (
    <label className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300">
      {label}
      <select data-testid={testId} className={inputClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TokensControls({ state, dispatch }: { state: PanelState; dispatch: (a: PanelAction) => void }) {
  const t = useTranslations();
  const set = (patch: Partial<BillOptions>) => dispatch({ type: "options/set", patch });
  const { encoding, layout, fieldSet } = state.options;
  const about = (knob: string, choice: string) => t(`catalogue.${knob}.${choice}.about`);
  return (
    <div className="flex flex-col gap-1">
      <div className="grid gap-2 sm:grid-cols-3">
        <Select
          label={t("tokens.controls.handshake")}
          testId="catalog-handshake"
          value={state.handshake}
          options={HANDSHAKES}
          labels={labelsIn(t, "handshake", HANDSHAKES)}
          onChange={(handshake) => dispatch({ type: "handshake/set", handshake })}
        />
        <label className="flex flex-col gap-0.5 text-xs text-slate-600 sm:col-span-2 dark:text-slate-300">
          {t("tokens.controls.caps")}
          <input
            data-testid="catalog-caps"
            className={`${inputClass} font-mono`}
            value={state.capsText}
            spellCheck={false}
            onChange={(e) => dispatch({ type: "caps/set", text: e.target.value })}
          />
        </label>
        <Select
          label={t("tokens.controls.encoding")}
          testId="catalog-encoding"
          value={encoding}
          options={ENCODINGS}
          labels={labelsIn(t, "encoding", ENCODINGS)}
          onChange={(v) => set({ encoding: v })}
        />
        <Select
          label={t("tokens.controls.layout")}
          testId="catalog-layout"
          value={layout}
          options={LAYOUTS}
          labels={labelsIn(t, "layout", LAYOUTS)}
          onChange={(v) => set({ layout: v })}
        />
        <Select
          label={t("tokens.controls.fields")}
          testId="catalog-fields"
          value={fieldSet}
          options={FIELD_SETS}
          labels={labelsIn(t, "fields", FIELD_SETS)}
          onChange={(v) => set({ fieldSet: v })}
        />
      </div>
      <p data-testid="catalog-counting" className="text-xs text-slate-600 dark:text-slate-400">
        {t("catalogue.counting", {
          handshake: about("handshake", state.handshake),
          fields: about("fields", fieldSet),
          layout: about("layout", layout),
          encoding: about("encoding", encoding),
        })}
      </p>
    </div>
  );
}
