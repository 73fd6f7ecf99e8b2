"use client";
/**
 * The tools/call argument form beside the raw frame. The frame text is the source of truth: the form reads
 * params.arguments from it on every render and each edit rewrites the frame (editor/replace). The logic is in
 * lib/session/args-form.ts; this file only renders fields.
 */
import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo, useState, type ReactNode } from "react";
import { selectTarget } from "@/lib/session";
import { checkArguments } from "@/lib/session/args-check";
import {
  emptyValue,
  fieldSpec,
  fits,
  getAt,
  parseNumber,
  readFrameArgs,
  setAt,
  writeFrameArgs,
  type FieldSpec,
  type Path,
} from "@/lib/session/args-form";
import { toolsSeen } from "@/lib/session/param-headers";
import type { JsonObject } from "@/lib/protocol/json";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/translate";
import type { PanelProps } from "../playground/types";
import { Button, inputClass } from "../ui";

type SetAt = (path: Path, value: unknown) => void;

const hintClass = "text-[11px] text-slate-600 dark:text-slate-400";
const errorClass = "text-[11px] text-red-700 dark:text-red-300";

export function ArgsForm({ state, dispatch }: Pick<PanelProps, "state" | "dispatch">) {
  const t = useTranslations();
  const locale = useLocale() as Locale;
  const text = state.editor.text;
  const read = useMemo(() => readFrameArgs(text), [text]);
  // While the frame does not parse, the form keeps showing the last arguments it read, disabled.
  const [last, setLast] = useState<{ toolName: string; args: JsonObject } | null>(null);
  if (read.ok && (last?.toolName !== read.toolName || last.args !== read.args))
    setLast({ toolName: read.toolName, args: read.args });
  const shown = read.ok ? read : last;
  const view = selectTarget(state);
  const tool =
    shown && view.kind === "ready" ? toolsSeen(state, view.key).find((t) => t.name === shown.toolName) : undefined;
  const spec = useMemo(() => (tool ? fieldSpec(tool.inputSchema) : null), [tool]);
  const check = useMemo(
    () => (tool && read.ok ? checkArguments(tool.inputSchema, read.args, locale, t) : null),
    [tool, read, locale, t],
  );

  if (!read.ok && !read.isCall) return null;
  const disabled = !read.ok;
  const set: SetAt = (path, value) => {
    const current = readFrameArgs(text);
    if (!current.ok) return;
    dispatch({ type: "editor/replace", text: writeFrameArgs(text, setAt(current.args, path, value) as JsonObject) });
  };

  let body: ReactNode;
  if (!shown) body = null;
  else if (!tool || !spec)
    body = (
      <p className={hintClass} data-testid="args-form-no-schema">
        {t.rich("args.noSchema", { tool: shown.toolName, code: (c) => <code>{c}</code> })}
      </p>
    );
  else if (spec.kind !== "object")
    body = (
      <p className={hintClass}>
        {spec.why === "an object with no declared properties"
          ? t("args.noArguments")
          : t("args.notObject", { why: spec.why ?? spec.kind })}
      </p>
    );
  else
    body = (
      <fieldset disabled={disabled} className="min-w-0 space-y-2 disabled:opacity-60">
        <legend className="sr-only">{t("args.legend", { tool: shown.toolName })}</legend>
        {spec.properties!.map((p) => (
          <Field
            key={p.name}
            name={p.name}
            spec={p.spec}
            required={p.required}
            path={[p.name]}
            args={shown.args}
            set={set}
          />
        ))}
      </fieldset>
    );

  return (
    <section
      aria-labelledby="args-form-title"
      data-testid="args-form"
      data-state={disabled ? "disabled" : tool ? "ready" : "no-schema"}
      className="flex max-h-72 min-h-0 min-w-0 flex-col gap-2 overflow-auto rounded border border-slate-300 p-2 text-xs xl:max-h-none xl:w-80 xl:shrink-0 dark:border-slate-700"
    >
      <div>
        <h3 id="args-form-title" className="text-xs font-semibold text-slate-800 dark:text-slate-100">
          {shown
            ? t.rich("args.titleFor", { tool: shown.toolName, code: (c) => <code className="break-all">{c}</code> })
            : t("args.title")}
        </h3>
        <p className={hintClass}>{t("args.about")}</p>
      </div>
      {disabled ? (
        <p
          role="status"
          data-testid="args-form-reason"
          className="rounded bg-amber-50 p-1.5 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t("args.paused", { reason: read.reason })}
        </p>
      ) : null}
      {body}
      {check?.checked && check.problems.length > 0 ? (
        <div
          data-testid="args-form-problems"
          className="rounded bg-amber-50 p-1.5 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">{t("args.problems", { count: check.problems.length })}</p>
          <ul className="list-disc pl-4">
            {check.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      ) : check?.checked ? (
        <p data-testid="args-form-valid" className="text-emerald-700 dark:text-emerald-400">
          {t("args.valid")}
        </p>
      ) : check ? (
        <p className={hintClass}>{t("args.notChecked", { why: check.why })}</p>
      ) : null}
    </section>
  );
}

interface FieldProps {
  name: string;
  spec: FieldSpec;
  required: boolean;
  path: Path;
  args: JsonObject;
  set: SetAt;
}

function typeLabel(spec: FieldSpec, t: Translate): string {
  if (spec.kind === "array")
    return t("args.listOf", { items: spec.items ? typeLabel(spec.items, t) : t("args.values") });
  if (spec.kind === "json") return "JSON";
  return spec.format ? `${spec.kind}, ${spec.format}` : spec.kind;
}

function Field(props: FieldProps) {
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

function Label({
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

const NOT_SET = "\u0000unset";

function ScalarField({ name, spec, required, path, args, set }: FieldProps) {
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
    const options = spec.kind === "enum" ? spec.options! : [true, false];
    input = (
      <select
        id={id}
        aria-describedby={described}
        className={`${inputClass} w-full`}
        value={value === undefined ? NOT_SET : JSON.stringify(value)}
        onChange={(e) => set(path, e.target.value === NOT_SET ? undefined : JSON.parse(e.target.value))}
      >
        {!required || value === undefined ? <option value={NOT_SET}>{t("args.notSet")}</option> : null}
        {options.map((o) => (
          <option key={JSON.stringify(o)} value={JSON.stringify(o)}>
            {typeof o === "string" ? o : JSON.stringify(o)}
          </option>
        ))}
      </select>
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

function ObjectField({ name, spec, required, path, args, set }: FieldProps) {
  const t = useTranslations();
  return (
    <fieldset
      className="min-w-0 space-y-2 rounded border border-slate-200 p-2 dark:border-slate-700"
      data-field={path.join(".")}
    >
      <legend className="px-1 font-medium text-slate-800 dark:text-slate-100">
        {name}
        {required ? <span className="text-red-700 dark:text-red-300"> * {t("args.required")}</span> : null}{" "}
        <span className={hintClass}>{t("args.object")}</span>
      </legend>
      {spec.description ? <p className={hintClass}>{spec.description}</p> : null}
      {spec.properties!.map((p) => (
        <Field
          key={p.name}
          name={p.name}
          spec={p.spec}
          required={p.required}
          path={[...path, p.name]}
          args={args}
          set={set}
        />
      ))}
    </fieldset>
  );
}

function ArrayField({ name, spec, required, path, args, set }: FieldProps) {
  const t = useTranslations();
  const list = (getAt(args, path) as unknown[] | undefined) ?? [];
  const item = spec.items ?? { kind: "json" as const };
  return (
    <fieldset
      className="min-w-0 space-y-2 rounded border border-slate-200 p-2 dark:border-slate-700"
      data-field={path.join(".")}
    >
      <legend className="px-1 font-medium text-slate-800 dark:text-slate-100">
        {name}
        {required ? <span className="text-red-700 dark:text-red-300"> * {t("args.required")}</span> : null}{" "}
        <span className={hintClass}>{typeLabel(spec, t)}</span>
      </legend>
      {spec.description ? <p className={hintClass}>{spec.description}</p> : null}
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
    </fieldset>
  );
}

function JsonField({ name, spec, required, path, args, set, note }: FieldProps & { note?: string }) {
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
