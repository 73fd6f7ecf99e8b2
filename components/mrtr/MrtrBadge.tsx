"use client";
import { useTranslations } from "next-intl";
/** On the MRTR tab: how many conversations wait for the user's answer (the MRTR library loads only when one may). */
import { useEffect, useState } from "react";
import { anyInputRequired } from "@/lib/session/mrtr-pointer";
import { doneExchanges, endedByPanels } from "@/lib/session/selectors";
import type { PanelProps } from "../playground/types";

export function MrtrBadge({ state }: PanelProps) {
  const t = useTranslations();
  const maybe = anyInputRequired(state.entries);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!maybe) return;
    let live = true;
    void import("@/lib/protocol/mrtr").then(({ groupConversations }) => {
      const exchanges = doneExchanges(state.entries);
      // A Checks run's probes are ended by it: only conversations the user opened wait for an answer.
      const ended = endedByPanels(state.entries);
      if (live)
        setCount(
          groupConversations(exchanges, { endedBy: (id) => ended[id] }).filter((c) => c.status === "awaiting-input")
            .length,
        );
    });
    return () => {
      live = false;
    };
  }, [maybe, state.entries]);
  const shown = maybe ? count : 0;
  if (shown === 0) return null;
  return (
    <span
      data-testid="mrtr-waiting"
      title={t("mrtr.waitingTitle", { n: shown })}
      className="ml-1 rounded-full bg-amber-500 px-1.5 text-[10px] font-bold text-white"
    >
      {shown}
    </span>
  );
}
