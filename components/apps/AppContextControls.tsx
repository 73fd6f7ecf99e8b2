"use client";
/**
 * The host context an app is told, overridable: theme, locale, time zone, display mode and device (each empty choice
 * takes the persona's or the page's value). A bad locale or time zone is said next to its field and not applied.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DEVICES, localeProblem, timeZoneProblem, type ContextChoice } from "@/lib/apps/host-context";
import type { McpUiDisplayMode } from "@/lib/apps/ui-types";
import { inputClass } from "../ui";

const LOCALES = ["en-US", "bg", "bg-BG", "ru", "de-DE", "ja-JP", "ar"];
const ZONES = ["UTC", "Europe/Sofia", "Europe/Moscow", "America/New_York", "Asia/Tokyo"];
const MODES: McpUiDisplayMode[] = ["inline", "fullscreen", "pip"];
const labelClass = "flex flex-col text-xs text-slate-700 dark:text-slate-300";

/** A free-text field (with suggestions) applied only when valid; its problem is said under it. */
function TextChoice(props: {
  id: string;
  label: string;
  value: string | undefined;
  options: string[];
  problemOf: (v: string) => string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const [text, setText] = useState(props.value ?? "");
  const problem = text.trim() === "" ? undefined : props.problemOf(text.trim());
  return (
    <label className={labelClass}>
      {props.label}
      <input
        data-testid={props.id}
        list={`${props.id}-options`}
        className={`${inputClass} w-36`}
        value={text}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const trimmed = next.trim();
          if (trimmed === "") props.onChange(undefined);
          else if (!props.problemOf(trimmed)) props.onChange(trimmed);
        }}
      />
      <datalist id={`${props.id}-options`}>
        {props.options.map((o) => (
          <option key={o} value={o} />
        ))}
      </datalist>
      {problem ? (
        <span role="alert" data-testid={`${props.id}-error`} className="text-red-700 dark:text-red-300">
          {problem}
        </span>
      ) : null}
    </label>
  );
}

/** A choice among fixed options (value, then what it says). */
function SelectChoice(props: {
  id: string;
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
}) {
  return (
    <label className={labelClass}>
      {props.label}
      <select
        data-testid={props.id}
        className={inputClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, said]) => (
          <option key={value} value={value}>
            {said}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The free-text choices: the field, its test id, its suggestions, its check and the catalogue's word for a bad one. */
const TEXT_CHOICES = [
  { key: "locale", id: "apps-locale", options: LOCALES, problemOf: localeProblem, bad: "badLocale" },
  { key: "timeZone", id: "apps-timezone", options: ZONES, problemOf: timeZoneProblem, bad: "badTimeZone" },
] as const;

export function AppContextControls({
  choice,
  onChange,
}: {
  choice: ContextChoice;
  onChange: (next: ContextChoice) => void;
}) {
  const t = useTranslations();
  /** Every field is a string; an empty one takes the persona's or the page's value. */
  const set = (key: keyof ContextChoice, value: string | undefined) => {
    const next: Record<string, string> = { ...choice };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next as ContextChoice);
  };
  const select = (key: "theme" | "displayMode" | "device", id: string, options: [string, string][], empty = "") => (
    <SelectChoice
      id={id}
      label={t(`apps.context.${key}`)}
      value={choice[key] ?? empty}
      options={options}
      onChange={(v) => set(key, v || undefined)}
    />
  );
  const persona = t("apps.context.persona");
  const devices = DEVICES.map((d): [string, string] => [
    d.id,
    t(`apps.context.devices.${d.id}`, { width: d.screen.width, height: d.screen.height }),
  ]);
  return (
    <fieldset className="flex flex-wrap items-end gap-2" data-testid="apps-context">
      <legend className="text-xs font-semibold text-slate-800 dark:text-slate-200">{t("apps.context.legend")}</legend>
      {select("theme", "apps-theme", [
        ["", t("apps.context.page")],
        ["light", t("apps.context.light")],
        ["dark", t("apps.context.dark")],
      ])}
      {TEXT_CHOICES.map((c) => (
        <TextChoice
          key={c.id}
          id={c.id}
          label={t(`apps.context.${c.key}`)}
          value={choice[c.key]}
          options={c.options}
          problemOf={(v) => (c.problemOf(v) ? t(`apps.context.${c.bad}`, { value: v }) : undefined)}
          onChange={(v) => set(c.key, v)}
        />
      ))}
      {select(
        "displayMode",
        "apps-display-mode",
        MODES.map((m) => [m, m]),
        "inline",
      )}
      {select("device", "apps-device", [["", persona], ...devices])}
    </fieldset>
  );
}
