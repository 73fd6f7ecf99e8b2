"use client";
import type { KeyValue } from "@/lib/session";
import { Button, inputClass } from "../ui";

/** Editable name/value rows (environment variables, HTTP headers). */
export function KeyValueRows({
  label,
  rows,
  onChange,
  keyPlaceholder,
  valuePlaceholder,
}: {
  label: string;
  rows: KeyValue[];
  onChange: (rows: KeyValue[]) => void;
  keyPlaceholder: string;
  valuePlaceholder: string;
}) {
  const update = (i: number, patch: Partial<KeyValue>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="flex flex-col gap-1 text-xs">
      <legend className="mb-1 text-slate-600 dark:text-slate-300">{label}</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-1">
          {(
            [
              ["key", "name", "w-40", keyPlaceholder],
              ["value", "value", "flex-1", valuePlaceholder],
            ] as const
          ).map(([field, word, width, placeholder]) => (
            <input
              key={field}
              aria-label={`${label} ${word} ${i + 1}`}
              className={`${inputClass} ${width} font-mono`}
              placeholder={placeholder}
              value={row[field]}
              onChange={(e) => update(i, { [field]: e.target.value })}
            />
          ))}
          <Button onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`remove ${label} row ${i + 1}`}>
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button onClick={() => onChange([...rows, { key: "", value: "" }])}>+ add</Button>
      </div>
    </fieldset>
  );
}
