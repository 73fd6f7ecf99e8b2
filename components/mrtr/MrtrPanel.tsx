"use client";
import { useTranslations } from "next-intl";
/**
 * The MRTR tab: every multi round-trip conversation of the session (newest first), with the input requests of
 * an open round rendered by kind, "Compose retry" into the editor, rule marks, and the sequence diagram.
 */
import { useMemo, useState } from "react";
import {
  DEFAULT_ROUND_LIMIT,
  explainMissingCapability,
  groupConversations,
  isMultiRound,
  MAX_ROUND_LIMIT,
  type Conversation,
} from "@/lib/protocol/mrtr";
import { doneExchanges, endedByPanels } from "@/lib/session/selectors";
import type { PanelProps } from "../playground/types";
import { inputClass, PanelSection } from "../ui";
import { ConversationView, type ConversationActions } from "./ConversationView";

function worthShowing(c: Conversation): boolean {
  const end = c.rounds[c.rounds.length - 1];
  return isMultiRound(c) || (end.kind === "error" && explainMissingCapability(end.error) !== undefined);
}

export function MrtrPanel({ state, dispatch, commands }: PanelProps) {
  const t = useTranslations();
  const [roundLimit, setRoundLimit] = useState(DEFAULT_ROUND_LIMIT);
  const exchanges = useMemo(() => doneExchanges(state.entries), [state.entries]);
  const conversations = useMemo(() => {
    const ended = endedByPanels(state.entries);
    return groupConversations(exchanges, { roundLimit, endedBy: (id) => ended[id] })
      .filter(worthShowing)
      .reverse();
  }, [exchanges, roundLimit, state.entries]);
  const actions: ConversationActions = {
    nextId: state.nextId,
    putInEditor: (text) => dispatch({ type: "editor/replace", text }),
    declare: (required) => {
      const caps = { ...state.envelope.caps };
      const elicitation = (required.elicitation ?? undefined) as Record<string, unknown> | undefined;
      if (elicitation) {
        if ("url" in elicitation) caps.elicitationUrl = true;
        if ("form" in elicitation || Object.keys(elicitation).length === 0) caps.elicitationForm = true;
      }
      if ("sampling" in required) caps.sampling = true;
      if ("roots" in required) caps.roots = true;
      dispatch({ type: "envelope/set", patch: { caps } });
    },
    send: () => void commands.send(),
  };
  return (
    <PanelSection
      label="MRTR"
      data-testid="mrtr-panel"
      title={t("mrtr.title")}
      subtitle={t("mrtr.subtitle")}
      actions={
        <label className="flex items-center gap-1 text-xs text-slate-600 dark:text-slate-300">
          {t("mrtr.roundLimit")}
          <input
            type="number"
            min={1}
            max={MAX_ROUND_LIMIT}
            value={roundLimit}
            data-testid="mrtr-round-limit"
            className={`${inputClass} w-16`}
            onChange={(e) => {
              const n = Math.round(Number(e.target.value));
              if (Number.isFinite(n)) setRoundLimit(Math.min(MAX_ROUND_LIMIT, Math.max(1, n)));
            }}
          />
        </label>
      }
    >
      {conversations.length === 0 ? (
        <p
          data-testid="mrtr-empty"
          className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
        >
          {t.rich("mrtr.empty", { code: (chunks) => <code>{chunks}</code> })}
        </p>
      ) : null}
      {conversations.map((c, i) => (
        <ConversationView
          key={c.id}
          conversation={c}
          roundLimit={roundLimit}
          initiallyOpen={i === 0}
          actions={actions}
        />
      ))}
    </PanelSection>
  );
}
