"use client";
/**
 * The tools/call argument form beside the raw frame. The frame text is the source of truth: the form reads
 * params.arguments from it on every render and each edit rewrites the frame (editor/replace). The logic is in
 * lib/session/args-form.ts; this file lays out the form, Field.tsx and its parts render the fields.
 */
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ReactNode } from "react";
import { selectTarget } from "@/lib/session";
import { checkArguments } from "@/lib/session/args-check";
import { fieldSpec, readFrameArgs, setAt, writeFrameArgs } from "@/lib/session/args-form";
import { toolsSeen } from "@/lib/session/param-headers";
import type { JsonObject } from "@/lib/protocol/json";
import type { Locale } from "@/lib/i18n/locales";
import type { PanelProps } from "../playground/types";
import { BulletList } from "../ui";
import { PropertyFields } from "./Field";
import { hintClass, type SetAt } from "./field-parts";

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
        <PropertyFields spec={spec} path={[]} args={shown.args} set={set} />
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
      {check ? <ArgsCheck check={check} /> : null}
    </section>
  );
}

/** The arguments checked against the tool's schema: the problems, "valid", or why they could not be checked. */
function ArgsCheck({ check }: { check: NonNullable<ReturnType<typeof checkArguments>> }) {
  const t = useTranslations();
  return check.checked && check.problems.length > 0 ? (
    <div
      data-testid="args-form-problems"
      className="rounded bg-amber-50 p-1.5 text-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">{t("args.problems", { count: check.problems.length })}</p>
      <BulletList className="list-disc pl-4" lines={check.problems} />
    </div>
  ) : check.checked ? (
    <p data-testid="args-form-valid" className="text-emerald-700 dark:text-emerald-400">
      {t("args.valid")}
    </p>
  ) : (
    <p className={hintClass}>{t("args.notChecked", { why: check.why })}</p>
  );
}
