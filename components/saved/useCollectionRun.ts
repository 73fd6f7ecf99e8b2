"use client";
/** Runs saved frames in order (one, or a collection's), stopping at the first error; every exchange lands on the timeline. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { stopReason } from "@/lib/session/saved-requests";
import type { CollectionItem } from "@/lib/share/collection-link";
import { withEnvValues } from "@/lib/share/live";
import type { PanelProps } from "../playground/types";

export type RunState = {
  name: string;
  total: number;
  done: number;
  status: "running" | "finished" | "stopped";
  why?: string;
} | null;

export function useCollectionRun(commands: PanelProps["commands"]) {
  const t = useTranslations();
  const [run, setRun] = useState<RunState>(null);
  const runSequence = async (label: string, items: CollectionItem[]) => {
    if (run?.status === "running") return;
    setRun({ name: label, total: items.length, done: 0, status: "running" });
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      // Saved targets hold no env values: an empty one is left out rather than sent empty.
      const exchange = await commands.sendFrame(item.frame, {
        label: `${label} · ${i + 1}/${items.length} ${item.name}`,
        target: withEnvValues(item.target, {}),
      });
      const why = stopReason(exchange, t);
      if (why)
        return setRun({
          name: label,
          total: items.length,
          done: i + 1,
          status: "stopped",
          why: t("saved.run.stoppedAt", { n: i + 1, total: items.length, item: item.name, reason: why }),
        });
      setRun({ name: label, total: items.length, done: i + 1, status: "running" });
    }
    setRun({ name: label, total: items.length, done: items.length, status: "finished" });
  };
  return { run, running: run?.status === "running", runSequence };
}
