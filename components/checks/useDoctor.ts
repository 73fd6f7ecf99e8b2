"use client";
/** React glue for the Diagnose action: runs the connection doctor (lib/doctor) through the session's sendFrame. */
import { useCallback, useState } from "react";
import { sessionSend } from "@/lib/checks/panel";
import { leavesHungProcess, PAGE_WORDS, runDoctor, type Diagnosis } from "@/lib/doctor/ladder";
import { selectTarget } from "@/lib/session";
import type { PanelProps } from "../playground/types";

/** `endedProcess`: the target's process never answered and Diagnose ended it (it would otherwise keep running). */
export type DoctorState =
  | { phase: "idle" }
  | { phase: "running" }
  | { phase: "done"; diagnosis: Diagnosis; endedProcess: boolean }
  | { phase: "error"; message: string };

export function useDoctor({ state, commands }: Pick<PanelProps, "state" | "commands">) {
  const [doctor, setDoctor] = useState<DoctorState>({ phase: "idle" });
  const view = selectTarget(state);
  const diagnose = useCallback(async () => {
    if (view.kind !== "ready") return;
    setDoctor({ phase: "running" });
    try {
      // The doctor's labels already read "doctor …": no extra prefix.
      const send = sessionSend(commands.sendFrame, "");
      const diagnosis = await runDoctor(
        { label: view.label, transport: view.transport },
        (text, o) => send(text, { label: o.label, headers: o.headers, timeoutMs: o.timeoutMs }),
        { words: PAGE_WORDS },
      );
      const endedProcess = leavesHungProcess(diagnosis);
      if (endedProcess) await commands.process("close");
      setDoctor({ phase: "done", diagnosis, endedProcess });
    } catch (e) {
      setDoctor({ phase: "error", message: (e as Error).message });
    }
  }, [view, commands]);
  return { doctor, diagnose, ready: view.kind === "ready" };
}
