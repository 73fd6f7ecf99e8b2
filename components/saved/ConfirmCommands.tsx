"use client";
import { useTranslations } from "next-intl";
import type { Target } from "@/lib/bridge/contract";
import { targetKey } from "@/lib/bridge/target";
import { spawnConfirmation } from "@/lib/share/live";
import { Button } from "../ui";
import { box } from "./saved-style";

/** A linked collection that would start commands: each one shown (argv, cwd, env names) before anything runs. */
export function ConfirmCommands({
  commands,
  onRun,
  onCancel,
}: {
  commands: Target[];
  onRun: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations();
  return (
    <div
      role="alertdialog"
      aria-labelledby="collection-confirm-title"
      data-testid="collection-confirm"
      className={`${box} border-amber-400 bg-amber-50 dark:bg-amber-950`}
    >
      <p id="collection-confirm-title" className="font-medium text-amber-900 dark:text-amber-100">
        {t("saved.confirm.starts", { count: commands.length })}
      </p>
      <ul className="my-1 space-y-1 font-mono text-xs text-amber-900 dark:text-amber-100">
        {commands.map((target) => {
          const c = spawnConfirmation(target)!;
          return (
            <li key={targetKey(target)}>
              argv {JSON.stringify(c.argv)}
              {c.cwd ? t("saved.confirm.cwd", { cwd: c.cwd }) : ""}
              {c.envKeys.length ? t("saved.confirm.env", { keys: c.envKeys.join(", ") }) : ""}
            </li>
          );
        })}
      </ul>
      <div className="flex gap-2">
        <Button tone="danger" data-testid="collection-confirm-run" onClick={onRun}>
          {t("saved.confirm.run")}
        </Button>
        <Button onClick={onCancel}>{t("saved.confirm.cancel")}</Button>
      </div>
    </div>
  );
}
