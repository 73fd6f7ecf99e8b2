"use client";
/** How to ask for the catalogue (handshake, declared capabilities) and how to count it (encoding, layout, fields). */
import { HANDSHAKES, type Handshake } from "@/lib/tokens/catalogue";
import { ENCODINGS, ENCODING_LABELS, FIELD_SETS, FIELD_SET_LABELS, LAYOUTS, type BillOptions } from "@/lib/tokens/options";
import type { PanelAction, PanelState } from "@/lib/tokens/panel";
import { LAYOUT_LABELS } from "@/lib/tokens/serialize";
import { inputClass } from "../ui";

const HANDSHAKE_LABELS: Record<Handshake, string> = {
  auto: "auto — server/discover, else initialize + initialized",
  legacy: "legacy — initialize + notifications/initialized",
  modern: "modern — server/discover, _meta on every request",
  none: "none — tools/list first (instructions read afterwards)",
};

function Select<T extends string>({ label, value, options, labels, onChange, testId }: { label: string; value: T; options: readonly T[]; labels: Record<T, string>; onChange: (v: T) => void; testId: string }) {
  return (
    <label className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300">
      {label}
      <select data-testid={testId} className={inputClass} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o} value={o}>{labels[o]}</option>
        ))}
      </select>
    </label>
  );
}

export function CatalogueControls({ state, dispatch }: { state: PanelState; dispatch: (a: PanelAction) => void }) {
  const set = (patch: Partial<BillOptions>) => dispatch({ type: "options/set", patch });
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Select label="Handshake before tools/list" testId="catalog-handshake" value={state.handshake} options={HANDSHAKES} labels={HANDSHAKE_LABELS} onChange={(handshake) => dispatch({ type: "handshake/set", handshake })} />
      <label className="flex flex-col gap-0.5 text-xs text-slate-600 dark:text-slate-300">
        Client capabilities to declare (the chapter: {"{}"})
        <input data-testid="catalog-caps" className={`${inputClass} font-mono`} value={state.capsText} spellCheck={false} onChange={(e) => dispatch({ type: "caps/set", text: e.target.value })} />
      </label>
      <Select label="Encoding" testId="catalog-encoding" value={state.options.encoding} options={ENCODINGS} labels={ENCODING_LABELS} onChange={(encoding) => set({ encoding })} />
      <Select label="Serialization" testId="catalog-layout" value={state.options.layout} options={LAYOUTS} labels={LAYOUT_LABELS} onChange={(layout) => set({ layout })} />
      <Select label="Counted per tool" testId="catalog-fields" value={state.options.fieldSet} options={FIELD_SETS} labels={FIELD_SET_LABELS} onChange={(fieldSet) => set({ fieldSet })} />
    </div>
  );
}
