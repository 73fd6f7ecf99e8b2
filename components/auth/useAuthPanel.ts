"use client";
/** React glue for the Auth panel: lib/auth/panel.ts holds the state; this sends the runs and feeds the replies. */
import { useEffect, useReducer } from "react";
import { authPanelReducer, authRunRequest, initialAuthPanel, waitingAuthRun } from "@/lib/auth/panel";
import type { AuthRun } from "@/lib/auth/types";
import type { PanelProps } from "../playground/types";
import { onAuthPrefill, takePendingAuthUrl } from "./open-auth";
import { useCallbackHandoff } from "./useCallbackHandoff";
import { useLessonLink } from "./useLessonLink";

export function useAuthPanel({ commands }: Pick<PanelProps, "commands">) {
  // A 401 elsewhere (doctor, error card) may have asked for this server: it starts as "My server (URL)".
  const [state, dispatch] = useReducer(authPanelReducer, undefined, () => initialAuthPanel(takePendingAuthUrl()));
  useEffect(() => onAuthPrefill((url) => dispatch({ type: "prefilled", url })), []);
  // The gallery's lesson card: the lesson is chosen (the demo user signs in headlessly) and waits for Run.
  useLessonLink((demo) => dispatch({ type: "lesson/opened", demo }));

  const start = async () => {
    dispatch({ type: "run/started" });
    dispatch({ type: "run/settled", reply: await commands.api<AuthRun>("auth/run", authRunRequest(state)) });
  };
  const waiting = waitingAuthRun(state);
  useCallbackHandoff(waiting?.authorizationUrl, (callbackUrl) => {
    if (!waiting) return;
    dispatch({ type: "run/continued", run: waiting });
    void commands
      .api<AuthRun>("auth/callback", { flowId: waiting.flowId, callbackUrl })
      .then((reply) => dispatch({ type: "run/settled", reply }));
  });

  return { state, dispatch, start, waiting };
}
