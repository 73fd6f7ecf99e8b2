"use client";
/**
 * React glue for the Skills tab: on the user's click, gather what a host would (lib/skills/gather.ts: skills/list,
 * skills/get, every listed file read and verified) through the session, so every exchange is on the timeline; and
 * bill a skill's SKILL.md through /api/tokens.
 */
import { useCallback, useState } from "react";
import { gatherSkills, type SkillsFacts } from "@/lib/skills/gather";
import { skillMdBillRequest } from "@/lib/skills/bill";
import type { Bill } from "@/lib/tokens/bill";
import { selectTarget } from "@/lib/session";
import { useHostSend } from "../useHostSend";
import type { PanelProps } from "../playground/types";

export interface Gathered {
  targetKey: string;
  facts: SkillsFacts;
}

export function useSkills({ state, commands }: Pick<PanelProps, "state" | "commands">) {
  const view = selectTarget(state);
  const [gathered, setGathered] = useState<Gathered | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = useHostSend(commands);

  const list = useCallback(async () => {
    if (view.kind !== "ready") return;
    setBusy(true);
    setError(null);
    try {
      setGathered({ targetKey: view.key, facts: await gatherSkills(send, { readFiles: true }) });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [view, send]);

  /** Tokens of a SKILL.md (the bill's default encoding), or the bridge's refusal as text. */
  const bill = useCallback(
    async (skillMd: string): Promise<{ tokens: number; encoding: string } | { error: string }> => {
      const reply = await commands.api<Bill>("tokens", skillMdBillRequest(skillMd));
      if (!reply.ok) return { error: `${reply.kind}: ${reply.message}` };
      return { tokens: reply.value.instructionsTokens, encoding: reply.value.options.encoding };
    },
    [commands],
  );

  const current = gathered && view.kind === "ready" && gathered.targetKey === view.key ? gathered.facts : null;
  return { view, busy, error, facts: current, list, bill };
}
