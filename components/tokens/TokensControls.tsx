"use client";
import type { Translate } from "@/lib/i18n/translate";
import { useTranslations } from "next-intl";
/** How to ask for the catalogue (handshake, declared capabilities) and how to count it (encoding, layout, fields). */
import { HANDSHAKES } from "@/lib/tokens/catalogue";
import { ENCODINGS, FIELD_SETS, LAYOUTS, type BillOptions } from "@/lib/tokens/options";
import type { PanelAction, PanelState } from "@/lib/tokens/panel";
import { inputClass } from "../ui";

type Knob = "handshake" | "encoding" | "layout" | "fields";

/**
 * One knob's menu in the reader's language: its name is tokens.controls.<knob>, its choices catalogue.<knob>.<choice>.label
 * (the English ones are lib/tokens/options.ts's words, which the CLI prints; tests/unit/i18n/form-lang.test.ts keeps
 * them equal).
 */
function Select<T extends string>({
  knob,
  value,
  options,
  onChange,
}: {
  knob: Knob;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
}) {
  const t: Translate = useTranslations();
  return (
    <label className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300">
      {t(`tokens.controls.${knob}`)}
      <select
        data-testid={`catalog-${knob}`}
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value as T)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`catalogue.${knob}.${o}.label`)}
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
          knob="handshake"
          value={state.handshake}
          options={HANDSHAKES}
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
        <Select knob="encoding" value={encoding} options={ENCODINGS} onChange={(v) => set({ encoding: v })} />
        <Select knob="layout" value={layout} options={LAYOUTS} onChange={(v) => set({ layout: v })} />
        <Select knob="fields" value={fieldSet} options={FIELD_SETS} onChange={(v) => set({ fieldSet: v })} />
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
