"use client";
/** React glue for the Checks panel: runs lib/checks through the session's sendFrame and reduces its progress. */
import { useCallback, useMemo, useReducer, useState } from "react";
import { INITIAL_CHECKS, checksReducer, sessionSend } from "@/lib/checks/panel";
import { runChecks, selectChecks } from "@/lib/checks/runner";
import type { Emulation, ToolCallPolicy } from "@/lib/checks/types";
import { selectTarget } from "@/lib/session";
import type { AuthJudgement } from "@/lib/auth/types";
import type { Target } from "@/lib/bridge/contract";
import type { PanelProps } from "../playground/types";

/** An http(s) URL target's authorization, judged on the server (POST /api/auth/check) for C57 and A01–A10. */
function authorizationOf(
  target: Target,
  commands: PanelProps["commands"],
): (() => Promise<AuthJudgement | undefined>) | undefined {
  if (target.kind !== "http") return undefined;
  return async () => {
    const reply = await commands.api<AuthJudgement>("auth/check", { url: target.url });
    return reply.ok ? reply.value : undefined;
  };
}

export function useChecks({
  state,
  dispatch: dispatchSession,
  commands,
}: Pick<PanelProps, "state" | "dispatch" | "commands">) {
  const [checks, dispatch] = useReducer(checksReducer, INITIAL_CHECKS);
  const [policyChoice, setPolicy] = useState<ToolCallPolicy | null>(null);
  // One client emulation for the page: the tab shows and edits the envelope settings' switch (every Send uses it too).
  const emulate: Emulation = useMemo(() => state.envelope.emulate ?? {}, [state.envelope.emulate]);
  const setEmulate = useCallback(
    (next: Emulation) => dispatchSession({ type: "envelope/set", patch: { emulate: next } }),
    [dispatchSession],
  );
  const view = selectTarget(state);
  // Embedded demo servers are ours: their tools may be called. Anything else: read-only tools only.
  const policy: ToolCallPolicy = policyChoice ?? (state.preset.startsWith("custom") ? "read-only" : "all");

  const run = useCallback(
    async (only?: string[]) => {
      if (view.kind !== "ready") return;
      const ids = only ?? selectChecks(view.transport).map((c) => c.id);
      dispatch({ type: "run/started", targetKey: view.key, targetLabel: view.label, ids });
      try {
        const report = await runChecks(
          { send: sessionSend(commands.sendFrame), transport: view.transport, label: view.label },
          {
            only,
            toolCalls: policy,
            emulate,
            authorization: authorizationOf(view.target, commands),
            onProgress: (e) =>
              dispatch(
                e.phase === "start" ? { type: "check/started", id: e.id } : { type: "check/done", result: e.result },
              ),
          },
        );
        dispatch({ type: "run/finished", report, only });
      } catch (e) {
        dispatch({ type: "run/failed", message: (e as Error).message });
      }
    },
    [view, commands, policy, emulate],
  );

  return { checks, run, policy, setPolicy, emulate, setEmulate, view };
}
