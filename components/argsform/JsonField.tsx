"use client";
/** An argument edited as JSON text (a shape the form has no input for, or a value that does not fit its schema). */
import { useId, useState } from "react";
import { getAt } from "@/lib/session/args-form";
import { inputClass } from "../ui";
import { errorClass, hintClass, Label, type FieldProps } from "./field-parts";

export function JsonField({ name, spec, required, path, args, set, note }: FieldProps & { note?: string }) {
  const id = useId();
  const helpId = `${id}-help`;
  const value = getAt(args, path);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="min-w-0" data-field={path.join(".")}>
      <Label id={id} name={name} spec={{ ...spec, kind: "json" }} required={required} helpId={helpId} />
      {note ? <p className={hintClass}>{note}</p> : null}
      <textarea
        id={id}
        rows={2}
        aria-describedby={spec.description ? helpId : undefined}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} w-full font-mono`}
        value={draft ?? (value === undefined ? "" : JSON.stringify(value))}
        onChange={(e) => {
          setDraft(e.target.value);
          if (e.target.value.trim() === "") {
            setError(null);
            return set(path, undefined);
          }
          try {
            set(path, JSON.parse(e.target.value));
            setError(null);
          } catch {
            setError("not JSON yet: the frame keeps the last value");
          }
        }}
        onBlur={() => {
          setDraft(null);
          setError(null);
        }}
      />
      {error ? <p className={errorClass}>{error}</p> : null}
    </div>
  );
}
