/**
 * "Run live" for a state opened from a link: what would be sent, in order, and what the user must see and
 * confirm first. Nothing here sends anything; the page does, after the explicit click (and, for a stdio
 * command, the confirmation). Pure.
 */
import type { Target } from "../bridge/contract";
import type { ShareState } from "./state";

export interface LiveStep {
  /** The frame text exactly as recorded. */
  frame: string;
  /** stdio: the recorded exchange ran in a fresh process ("fresh") or the kept one ("keep"). */
  processMode: "keep" | "fresh";
  timeoutMs: number;
  label?: string;
}

export interface LivePlan {
  target: Target;
  steps: LiveStep[];
}

/** Re-sends every recorded exchange in order; with none recorded, the editor text once. */
export function livePlan(state: ShareState): LivePlan {
  const steps: LiveStep[] =
    state.exchanges.length > 0
      ? state.exchanges.map((x) => ({
          frame: x.sent,
          processMode: x.process?.fresh ? "fresh" : "keep",
          timeoutMs: x.timeoutMs,
          ...(x.label ? { label: x.label } : {}),
        }))
      : [{ frame: state.editor, processMode: "keep", timeoutMs: 10_000 }];
  return { target: state.target, steps };
}

/** What the confirmation dialog shows before a command from a link is spawned. */
export interface SpawnConfirmation {
  argv: string[];
  cwd: string | undefined;
  envKeys: string[];
  /** Env keys whose values the sharer left out (the user may fill them in). */
  envKeysWithoutValue: string[];
}

/**
 * A stdio command from a link needs confirmation; the embedded demo servers (the playground's own bundled
 * servers) and HTTP URLs do not spawn anything the link chose.
 */
export function spawnConfirmation(target: Target): SpawnConfirmation | null {
  if (target.kind !== "stdio") return null;
  const env = target.env ?? {};
  return {
    argv: [target.command, ...target.args],
    cwd: target.cwd,
    envKeys: Object.keys(env),
    envKeysWithoutValue: Object.keys(env).filter((k) => env[k] === ""),
  };
}

/** The target to run, with env values the user typed in the confirmation dialog (empty ones dropped). */
export function withEnvValues(target: Target, values: Record<string, string>): Target {
  if (target.kind !== "stdio") return target;
  const env: Record<string, string> = {};
  for (const key of Object.keys(target.env ?? {})) {
    const value = values[key] ?? target.env?.[key] ?? "";
    if (value !== "") env[key] = value;
  }
  const { env: _previous, ...rest } = target;
  void _previous;
  return Object.keys(env).length > 0 ? { ...rest, env } : rest;
}

/** Sends the plan's frames in order through the page's sendFrame; stops at the first one the bridge refuses. */
export async function runLivePlan(
  plan: LivePlan,
  sendFrame: (text: string, opts: { label: string; processMode: "keep" | "fresh" }) => Promise<unknown | null>,
): Promise<number> {
  let sent = 0;
  for (const step of plan.steps) {
    const exchange = await sendFrame(step.frame, { label: `live · ${step.label ?? "replay"}`, processMode: step.processMode });
    if (exchange === null) break;
    sent++;
  }
  return sent;
}
