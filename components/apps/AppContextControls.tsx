"use client";
/**
 * The host context an app is told, overridable: theme, locale, time zone, display mode and device (each empty choice
 * takes the persona's or the page's value). A bad locale or time zone is said next to its field and not applied.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DEVICES, localeProblem, timeZoneProblem, type ContextChoice } from "@/lib/apps/host-context";
import type { DeviceId } from "@/lib/apps/hosts";
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

export function AppContextControls({
  choice,
  onChange,
}: {
  choice: ContextChoice;
  onChange: (next: ContextChoice) => void;
}) {
  const t = useTranslations();
  const set = <K extends keyof ContextChoice>(key: K, value: ContextChoice[K] | undefined) => {
    const next = { ...choice };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-2" data-testid="apps-context">
      <legend className="text-xs font-semibold text-slate-800 dark:text-slate-200">{t("apps.context.legend")}</legend>
      <label className={labelClass}>
        {t("apps.context.theme")}
        <select
          data-testid="apps-theme"
          className={inputClass}
          value={choice.theme ?? ""}
          onChange={(e) => set("theme", (e.target.value || undefined) as ContextChoice["theme"])}
        >
          <option value="">{t("apps.context.page")}</option>
          <option value="light">{t("apps.context.light")}</option>
          <option value="dark">{t("apps.context.dark")}</option>
        </select>
      </label>
      <TextChoice
        id="apps-locale"
        label={t("apps.context.locale")}
        value={choice.locale}
        options={LOCALES}
        problemOf={(v) => (localeProblem(v) ? t("apps.context.badLocale", { value: v }) : undefined)}
        onChange={(v) => set("locale", v)}
      />
      <TextChoice
        id="apps-timezone"
        label={t("apps.context.timeZone")}
        value={choice.timeZone}
        options={ZONES}
        problemOf={(v) => (timeZoneProblem(v) ? t("apps.context.badTimeZone", { value: v }) : undefined)}
        onChange={(v) => set("timeZone", v)}
      />
      <label className={labelClass}>
        {t("apps.context.displayMode")}
        <select
          data-testid="apps-display-mode"
          className={inputClass}
          value={choice.displayMode ?? "inline"}
          onChange={(e) => set("displayMode", e.target.value as McpUiDisplayMode)}
        >
          {MODES.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t("apps.context.device")}
        <select
          data-testid="apps-device"
          className={inputClass}
          value={choice.device ?? ""}
          onChange={(e) => set("device", (e.target.value || undefined) as DeviceId | undefined)}
        >
          <option value="">{t("apps.context.persona")}</option>
          {DEVICES.map((d) => (
            <option key={d.id} value={d.id}>
              {t(`apps.context.devices.${d.id}`, { width: d.screen.width, height: d.screen.height })}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
