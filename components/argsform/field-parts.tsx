"use client";
/** What every argument field shares: its props, its label (name, required mark, type, description) and its box. */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { FieldSpec, Path } from "@/lib/session/args-form";
import type { JsonObject } from "@/lib/protocol/json";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "../card";

export type SetAt = (path: Path, value: unknown) => void;

export const hintClass = "text-[11px] text-slate-600 dark:text-slate-400";
export const errorClass = "text-[11px] text-red-700 dark:text-red-300";

export interface FieldProps {
  name: string;
  spec: FieldSpec;
  required: boolean;
  path: Path;
  args: JsonObject;
  set: SetAt;
}
export function typeLabel(spec: FieldSpec, t: Translate): string {
  if (spec.kind === "array")
    return t("args.listOf", { items: spec.items ? typeLabel(spec.items, t) : t("args.values") });
  if (spec.kind === "json") return "JSON";
  return spec.format ? `${spec.kind}, ${spec.format}` : spec.kind;
}
export function Label({
  id,
  name,
  spec,
  required,
  helpId,
}: {
  id: string;
  name: string;
  spec: FieldSpec;
  required: boolean;
  helpId: string;
}) {
  const t = useTranslations();
  return (
    <>
      <label htmlFor={id} className="block font-medium text-slate-800 dark:text-slate-100">
        {name}
        {required ? <span className="text-red-700 dark:text-red-300"> * {t("args.required")}</span> : null}{" "}
        <span className={hintClass}>{typeLabel(spec, t)}</span>
      </label>
      {spec.description ? (
        <p id={helpId} className={hintClass}>
          {spec.description}
        </p>
      ) : null}
    </>
  );
}
/** An object or a list: a box whose legend names it (required mark, type) above its description and its fields. */
export function FieldGroup({
  name,
  spec,
  required,
  path,
  type,
  children,
}: Pick<FieldProps, "name" | "spec" | "required" | "path"> & { type: string; children: ReactNode }) {
  const t = useTranslations();
  return (
    <Card as="fieldset" data={{ field: path.join(".") }} tone="section" className="min-w-0">
      <legend className="px-1 font-medium text-slate-800 dark:text-slate-100">
        {name}
        {required ? <span className="text-red-700 dark:text-red-300"> * {t("args.required")}</span> : null}{" "}
        <span className={hintClass}>{type}</span>
      </legend>
      {spec.description ? <p className={hintClass}>{spec.description}</p> : null}
      {children}
    </Card>
  );
}
