"use client";
/** Before a command from a link is spawned: the full argv, the cwd and the env keys, and an explicit Run. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { Target } from "@/lib/bridge/contract";
import { withEnvValues, type SpawnConfirmation } from "@/lib/share/live";
import { Button, inputClass } from "../ui";
import { Dialog } from "./Dialog";

export function RunLiveDialog({
  target,
  confirmation,
  onCancel,
  onConfirm,
  asker,
  confirmLabel,
}: {
  target: Extract<Target, { kind: "stdio" }>;
  confirmation: SpawnConfirmation;
  onCancel: () => void;
  onConfirm: (target: Target) => void;
  /** Who asks for the command, as the intro sentence's subject ("The link", "This experiment"). */
  asker?: string;
  confirmLabel?: string;
}) {
  const t = useTranslations();
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <Dialog
      title={t("runLive.title")}
      testId="run-live-dialog"
      onClose={onCancel}
      footer={
        <Button tone="danger" data-testid="run-live-confirm" onClick={() => onConfirm(withEnvValues(target, values))}>
          {confirmLabel ?? t("runLive.confirm")}
        </Button>
      }
    >
      <p>{t("runLive.intro", { asker: asker ?? t("runLive.asker") })}</p>
      <div>
        <p className="text-xs font-semibold">{t("runLive.argv", { count: confirmation.argv.length })}</p>
        <ol data-testid="run-live-argv" className="ml-6 list-decimal font-mono text-xs">
          {confirmation.argv.map((arg, i) => (
            <li key={i} className="break-all">
              {JSON.stringify(arg)}
            </li>
          ))}
        </ol>
      </div>
      <p className="text-xs">
        <span className="font-semibold">cwd</span>{" "}
        <code data-testid="run-live-cwd">{confirmation.cwd ?? t("runLive.cwdDefault")}</code>
      </p>
      <div className="text-xs">
        <p className="font-semibold">
          {t("runLive.envKeys")} {confirmation.envKeys.length === 0 ? t("runLive.none") : ""}
        </p>
        {confirmation.envKeys.map((key) => (
          <label key={key} className="flex items-center gap-2" data-testid="run-live-env">
            <code className="w-48 truncate">{key}</code>
            <input
              className={`${inputClass} flex-1 font-mono`}
              placeholder={confirmation.envKeysWithoutValue.includes(key) ? t("runLive.leftOut") : ""}
              value={values[key] ?? ""}
              onChange={(e) => setValues({ ...values, [key]: e.target.value })}
            />
          </label>
        ))}
      </div>
    </Dialog>
  );
}
