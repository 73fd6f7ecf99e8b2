"use client";
/** React glue for the Lab panel: lib/lab/panel.ts holds the state; this restores, opens links, copies and runs. */
import { useTranslations } from "next-intl";
import { useEffect, useReducer, type Dispatch } from "react";
import { say } from "@/lib/a11y/announce";
import type { Target } from "@/lib/bridge/contract";
import { initialLab, labFailure, labReducer, startDecision, type LabAction } from "@/lib/lab/panel";
import { restoreLab, saveLab, SAVED_LAB_KEY, type SavedLab } from "@/lib/lab/persist";
import { labFailedSentence, labSentence, type LabReport } from "@/lib/lab/report";
import { parseLabScript, type LabScript } from "@/lib/lab/script";
import type { PanelProps } from "../playground/types";
import { useFragmentLink } from "../share/useFragmentLink";

/** The last result comes back after a reload (unless an experiment link opens instead). */
function useRestoredResult(dispatch: Dispatch<LabAction>) {
  useEffect(() => {
    if (window.location.hash.startsWith("#lab=")) return;
    let saved: SavedLab | null = null;
    try {
      const text = window.localStorage.getItem(SAVED_LAB_KEY);
      saved = text ? restoreLab(text) : null;
    } catch {
      saved = null; // storage disabled
    }
    // After mount (like a link's script), so the first render matches the server's.
    if (saved) void Promise.resolve().then(() => dispatch({ type: "saved/restored", saved }));
  }, [dispatch]);
}

/** An experiment link, opened or pasted into this tab, loads the script and its conditions; it never runs them. */
function useLabLink(dispatch: Dispatch<LabAction>) {
  useFragmentLink("lab=", (hash) => {
    void import("@/lib/lab/link").then(async ({ decodeLabFragment }) => {
      const decoded = await decodeLabFragment(hash);
      if (decoded.kind === "ok")
        dispatch({ type: "link/opened", script: decoded.script, conditions: decoded.conditions });
      else if (decoded.kind === "error") dispatch({ type: "link/failed", reason: decoded.reason });
    });
  });
}

function keepResult(scriptText: string, conditions: string[], report: LabReport) {
  const saved = saveLab({ scriptText, conditions, report, now: Date.now() });
  try {
    if (saved) window.localStorage.setItem(SAVED_LAB_KEY, saved);
    else window.localStorage.removeItem(SAVED_LAB_KEY);
  } catch {
    // storage full or disabled: the result is on screen, it is just not kept
  }
}

export function useLab({ commands }: Pick<PanelProps, "commands">) {
  const t = useTranslations();
  const [state, dispatch] = useReducer(labReducer, undefined, initialLab);
  const parsed = parseLabScript(state.text);
  useRestoredResult(dispatch);
  useLabLink(dispatch);

  const copyLink = async () => {
    if (!parsed.ok) return;
    const { encodeLabFragment } = await import("@/lib/lab/link");
    const url = `${window.location.origin}${window.location.pathname}#${await encodeLabFragment(parsed.script, state.conditions)}`;
    dispatch({ type: "link/made", url });
    await navigator.clipboard?.writeText(url).catch(() => {});
  };

  const runScript = async (script: LabScript) => {
    dispatch({ type: "run/started" });
    const reply = await commands.api<LabReport>("lab/run", { script, conditions: state.conditions });
    dispatch({ type: "run/finished", reply });
    say(reply.ok ? labSentence(reply.value, t) : labFailedSentence(labFailure(reply), t));
    if (reply.ok) keepResult(state.text, state.conditions, reply.value);
  };

  // A script whose target is a command (not an embedded server) — from a link or edited — runs only after the
  // user has seen its argv, cwd and env keys and confirmed; the confirmed command is remembered until it changes.
  const start = async () => {
    const next = startDecision(state, parsed);
    if (next.kind === "run") return runScript(next.script);
    if (next.kind === "confirm") dispatch({ type: "confirm/asked", target: next.target });
  };
  const confirm = (target: Target) => {
    dispatch({ type: "confirm/approved", target });
    if (parsed.ok) void runScript({ ...parsed.script, target });
  };

  return { state, dispatch, parsed, copyLink, start, confirm };
}
