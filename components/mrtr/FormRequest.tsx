"use client";
import { useTranslations } from "next-intl";
/** elicitation/create, form mode: a form generated from the restricted requestedSchema, validated before use. */
import type { Draft, FormField, FormValue, InputRequestView } from "@/lib/protocol/mrtr";
import { inputClass } from "../ui";
import { ElicitActions, Problem } from "./ElicitActions";
import { RequestFrame } from "./RequestFrame";

type FormDraft = Extract<Draft, { kind: "form" }>;
type FormView = Extract<InputRequestView, { kind: "elicitation-form" }>;

const PLACEHOLDER: Record<string, string> = {
  email: "ada@example.com",
  uri: "https://example.com/page",
  "date-time": "2026-09-10T08:30:00Z",
};

/** Several choices as checkboxes: the value is the list of chosen option values. */
function MultiSelect({
  options,
  value,
  id,
  onChange,
}: {
  options: { value: string; label: string }[];
  value: FormValue | undefined;
  id: string;
  onChange(v: FormValue): void;
}) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <span className="flex flex-wrap gap-3" data-testid={id}>
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            data-testid={`${id}-${o.value}`}
            checked={chosen.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
          />
          {o.label}
        </label>
      ))}
    </span>
  );
}

function FieldInput({
  field,
  value,
  id,
  onChange,
}: {
  field: FormField;
  value: FormValue | undefined;
  id: string;
  onChange(v: FormValue): void;
}) {
  const common = { id, "data-testid": id, className: `${inputClass} w-full` };
  switch (field.kind) {
    case "boolean":
      return (
        <input
          type="checkbox"
          id={id}
          data-testid={id}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case "number":
      return (
        <input
          {...common}
          type="number"
          min={field.minimum}
          max={field.maximum}
          step={field.integer ? 1 : "any"}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case "select":
      return (
        <select {...common} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)}>
          <option value="">—</option>
          {field.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "multiselect":
      return <MultiSelect options={field.options} value={value} id={id} onChange={onChange} />;
    default: {
      const type =
        field.format === "email" ? "email" : field.format === "uri" ? "url" : field.format === "date" ? "date" : "text";
      return (
        <input
          {...common}
          type={type}
          placeholder={field.format ? PLACEHOLDER[field.format] : undefined}
          value={String(value ?? "")}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    }
  }
}

function constraint(field: FormField): string {
  const parts: string[] = [];
  if (field.kind === "text" && field.format) parts.push(field.format);
  if (field.kind === "number") parts.push(field.integer ? "integer" : "number");
  if ("minimum" in field && field.minimum !== undefined) parts.push(`≥ ${field.minimum}`);
  if ("maximum" in field && field.maximum !== undefined) parts.push(`≤ ${field.maximum}`);
  if (field.kind === "text" && field.minLength !== undefined) parts.push(`≥ ${field.minLength} chars`);
  if (field.kind === "multiselect" && field.maxItems !== undefined) parts.push(`at most ${field.maxItems}`);
  return parts.join(", ");
}

export function FormRequest({
  k,
  request,
  draft,
  fields,
  problem,
  onChange,
}: {
  k: string;
  request: FormView;
  draft: FormDraft;
  fields?: Record<string, string>;
  problem: string | null;
  onChange(d: Draft): void;
}) {
  const t = useTranslations();
  return (
    <RequestFrame k={k} asks={t("mrtr.formAsks")} message={request.message}>
      {request.form.issues.length ? (
        <ul className="list-disc pl-5 text-xs text-red-700 dark:text-red-300">
          {request.form.issues.map((issue, i) => (
            <li key={i}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
      <div className="grid grid-cols-[minmax(7rem,auto)_1fr] items-center gap-x-3 gap-y-1">
        {request.form.fields.map((field) => {
          const id = `mrtr-field-${k}-${field.key}`;
          return (
            <div key={field.key} className="contents">
              <label htmlFor={id} className="text-xs text-slate-700 dark:text-slate-300">
                {field.label}
                {field.required ? <span className="text-red-700 dark:text-red-300"> *</span> : null}
                <span className="block text-[10px] text-slate-600 dark:text-slate-400">{constraint(field)}</span>
              </label>
              <div>
                <FieldInput
                  field={field}
                  id={id}
                  value={draft.values[field.key]}
                  onChange={(v) => onChange({ ...draft, values: { ...draft.values, [field.key]: v } })}
                />
                {field.description ? (
                  <span className="block text-[10px] text-slate-600 dark:text-slate-400">{field.description}</span>
                ) : null}
                {fields?.[field.key] ? (
                  <span
                    data-testid={`mrtr-error-${k}-${field.key}`}
                    className="block text-xs text-red-700 dark:text-red-300"
                  >
                    {fields[field.key]}
                  </span>
                ) : null}
              </div>
            </div>
          );
        })}
      </div>
      <ElicitActions k={k} chosen={draft.action} onChoose={(action) => onChange({ ...draft, action })} />
      <Problem text={draft.action ? problem : null} />
    </RequestFrame>
  );
}
