"use client";
/** One argument's field, chosen by its schema (objects and lists hold fields of their own). */
import { useTranslations } from "next-intl";
import { emptyValue, fits, getAt } from "@/lib/session/args-form";
import { Button } from "../ui";
import { FieldGroup, typeLabel, type FieldProps } from "./field-parts";
import { JsonField } from "./JsonField";
import { ScalarField } from "./ScalarField";

export function Field(props: FieldProps) {
  const t = useTranslations();
  const { spec, path, args } = props;
  const value = getAt(args, path);
  if (!fits(spec, value))
    return (
      <JsonField
        {...props}
        note={t("args.frameHolds", { value: String(JSON.stringify(value)?.slice(0, 40)), kind: spec.kind })}
      />
    );
  switch (spec.kind) {
    case "object":
      return <ObjectField {...props} />;
    case "array":
      return <ArrayField {...props} />;
    case "json":
      return <JsonField {...props} note={spec.why ? t("args.asJson", { why: spec.why }) : undefined} />;
    default:
      return <ScalarField {...props} />;
  }
}

/** The fields of an object's properties (the arguments themselves at the top). */
export function PropertyFields({ spec, path, args, set }: Pick<FieldProps, "spec" | "path" | "args" | "set">) {
  return spec.properties!.map((p) => (
    <Field
      key={p.name}
      name={p.name}
      spec={p.spec}
      required={p.required}
      path={[...path, p.name]}
      args={args}
      set={set}
    />
  ));
}

function ObjectField({ name, spec, required, path, args, set }: FieldProps) {
  const t = useTranslations();
  return (
    <FieldGroup name={name} spec={spec} required={required} path={path} type={t("args.object")}>
      <PropertyFields spec={spec} path={path} args={args} set={set} />
    </FieldGroup>
  );
}

function ArrayField({ name, spec, required, path, args, set }: FieldProps) {
  const t = useTranslations();
  const list = (getAt(args, path) as unknown[] | undefined) ?? [];
  const item = spec.items ?? { kind: "json" as const };
  return (
    <FieldGroup name={name} spec={spec} required={required} path={path} type={typeLabel(spec, t)}>
      {list.map((_, i) => (
        <div key={i} className="flex items-start gap-1">
          <div className="min-w-0 flex-1">
            <Field name={`${name}[${i}]`} spec={item} required path={[...path, i]} args={args} set={set} />
          </div>
          <Button
            aria-label={t("args.removeLabel", { item: `${name}[${i}]` })}
            onClick={() => set([...path, i], undefined)}
          >
            {t("args.remove")}
          </Button>
        </div>
      ))}
      <Button onClick={() => set(path, [...list, emptyValue(item)])}>{t("args.add", { name })}</Button>
    </FieldGroup>
  );
}
