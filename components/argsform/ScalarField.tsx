"use client";
/** A string, number, integer, boolean or enum argument: one input (or select) that rewrites the frame as it changes. */
import { useTranslations } from "next-intl";
import { useId, useState, type ReactNode } from "react";
import { getAt, parseNumber } from "@/lib/session/args-form";
import { inputClass } from "../ui";
import { errorClass, Label, type FieldProps } from "./field-parts";

const NOT_SET = "\u0000unset";

export function ScalarField({ name, spec, required, path, args, set }: FieldProps) {
  const t = useTranslations();
  const id = useId();
  const helpId = `${id}-help`;
  const value = getAt(args, path);
  // A number being typed ("1.", "-") is kept as text until it parses; the frame gets the number.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const described = spec.description ? helpId : undefined;
  let input: ReactNode;
  if (spec.kind === "enum" || (spec.kind === "boolean" && !required)) {
    input = (
      <EnumSelect
        id={id}
        described={described}
        value={value}
        options={spec.kind === "enum" ? spec.options! : [true, false]}
        required={required}
        onSet={(v) => set(path, v)}
      />
    );
  } else if (spec.kind === "boolean") {
    input = (
      <input
        id={id}
        type="checkbox"
        aria-describedby={described}
        checked={value === true}
        onChange={(e) => set(path, e.target.checked)}
      />
    );
  } else if (spec.kind === "number" || spec.kind === "integer") {
    const kind = spec.kind;
    input = (
      <input
        id={id}
        type="text"
        inputMode={kind === "integer" ? "numeric" : "decimal"}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} w-full font-mono`}
        value={draft ?? (value === undefined ? "" : String(value))}
        onChange={(e) => {
          setDraft(e.target.value);
          const parsed = parseNumber(kind, e.target.value, t);
          setError(parsed.ok ? null : parsed.error);
          if (parsed.ok) set(path, parsed.value);
        }}
        onBlur={() => {
          setDraft(null);
          setError(null);
        }}
      />
    );
  } else {
    input = (
      <input
        id={id}
        type="text"
        aria-describedby={described}
        placeholder={spec.format === "date-time" ? "2026-09-10T08:30:00Z" : undefined}
        className={`${inputClass} w-full font-mono`}
        value={typeof value === "string" ? value : ""}
        // An optional field emptied is taken out of the arguments; a required one stays as "".
        onChange={(e) => set(path, e.target.value === "" && !required ? undefined : e.target.value)}
      />
    );
  }
  return (
    <div className="min-w-0" data-field={path.join(".")}>
      <Label id={id} name={name} spec={spec} required={required} helpId={helpId} />
      {input}
      {error ? <p className={errorClass}>{t("args.keepsLast", { error })}</p> : null}
    </div>
  );
}

/** An enum's (or an optional boolean's) choices, with "not set" while the argument is optional or unset. */
function EnumSelect({
  id,
  described,
  value,
  options,
  required,
  onSet,
}: {
  id: string;
  described: string | undefined;
  value: unknown;
  options: unknown[];
  required: boolean;
  onSet: (value: unknown) => void;
}) {
  const t = useTranslations();
  return (
    <select
      id={id}
      aria-describedby={described}
      className={`${inputClass} w-full`}
      value={value === undefined ? NOT_SET : JSON.stringify(value)}
      onChange={(e) => onSet(e.target.value === NOT_SET ? undefined : JSON.parse(e.target.value))}
    >
      {!required || value === undefined ? <option value={NOT_SET}>{t("args.notSet")}</option> : null}
      {options.map((o) => (
        <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
          {typeof o === "string" ? o : JSON.stringify(o)}
        </option>
      ))}
    </select>
  );
}
