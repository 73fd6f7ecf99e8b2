"use client";
import { useTranslations } from "next-intl";
/** How to ask for the catalogue (handshake, declared capabilities) and how to count it (encoding, layout, fields). */
import { HANDSHAKES, type Handshake } from "@/lib/tokens/catalogue";
import {
  ENCODINGS,
  ENCODING_DESCRIPTIONS,
  ENCODING_LABELS,
  FIELD_SETS,
  FIELD_SET_DESCRIPTIONS,
  FIELD_SET_LABELS,
  LAYOUTS,
  LAYOUT_DESCRIPTIONS,
  LAYOUT_LABELS,
  type BillOptions,
} from "@/lib/tokens/options";
import type { PanelAction, PanelState } from "@/lib/tokens/panel";
import { inputClass } from "../ui";

const HANDSHAKE_LABELS: Record<Handshake, string> = {
  auto: "auto: probe the era",
  legacy: "legacy: initialize + initialized",
  modern: "modern: server/discover",
  none: "none: tools/list first",
};

const HANDSHAKE_DESCRIPTIONS: Record<Handshake, string> = {
  auto: "server/discover first; a legacy server gets initialize + notifications/initialized",
  legacy: "initialize + notifications/initialized, then tools/list",
  modern: "server/discover, then tools/list with the _meta envelope on every request",
  none: "tools/list before any handshake (the instructions are read afterwards)",
};

const COMPACT_FIELD_SET_LABELS = Object.fromEntries(
  FIELD_SETS.map((f) => [f, FIELD_SET_LABELS[f].replace(/ \+ /g, "+")]),
) as typeof FIELD_SET_LABELS;

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
  return (
    <div className="flex flex-col gap-1">
      <div className="grid gap-2 sm:grid-cols-3">
        <Select
          label={t("tokens.controls.handshake")}
          testId="catalog-handshake"
          value={state.handshake}
          options={HANDSHAKES}
          labels={HANDSHAKE_LABELS}
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
          labels={ENCODING_LABELS}
          onChange={(v) => set({ encoding: v })}
        />
        <Select
          label={t("tokens.controls.layout")}
          testId="catalog-layout"
          value={layout}
          options={LAYOUTS}
          labels={LAYOUT_LABELS}
          onChange={(v) => set({ layout: v })}
        />
        <Select
          label={t("tokens.controls.fields")}
          testId="catalog-fields"
          value={fieldSet}
          options={FIELD_SETS}
          labels={COMPACT_FIELD_SET_LABELS}
          onChange={(v) => set({ fieldSet: v })}
        />
      </div>
      <p data-testid="catalog-counting" className="text-xs text-slate-600 dark:text-slate-400">
        Asks with {HANDSHAKE_DESCRIPTIONS[state.handshake]}. Counts {FIELD_SET_DESCRIPTIONS[fieldSet]}, written as{" "}
        {LAYOUT_DESCRIPTIONS[layout]}, with {ENCODING_DESCRIPTIONS[encoding]}.
      </p>
    </div>
  );
}
