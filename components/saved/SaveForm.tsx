"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { frameSummary } from "@/lib/session/saved-requests";
import { Button, inputClass } from "../ui";
import { box } from "./saved-style";

/** Name the editor's frame and save it for the current target (no target: the button says why it is off). */
export function SaveForm({
  frame,
  targetLabel,
  onSave,
}: {
  frame: string;
  targetLabel: string | null;
  onSave: (name: string) => void;
}) {
  const t = useTranslations();
  const [name, setName] = useState("");
  return (
    <form
      className={`${box} flex flex-wrap items-end gap-2`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(name);
        setName("");
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col text-xs text-slate-700 dark:text-slate-300">
        {t("saved.form.name", { summary: frameSummary(frame) })}
        <input
          data-testid="saved-name"
          className={inputClass}
          value={name}
          maxLength={120}
          placeholder={frameSummary(frame)}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <Button type="submit" tone="primary" data-testid="saved-save" disabled={targetLabel === null}>
        {targetLabel !== null ? t("saved.form.saveFor", { target: targetLabel }) : t("saved.form.save")}
      </Button>
    </form>
  );
}
