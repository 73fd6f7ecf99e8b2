/**
 * "Run live" for a state opened from a link: what would be sent, in order and to which target, and what the
 * user must see and confirm first. Nothing here sends anything; the page does, after the explicit click (and,
 * for a stdio command, the confirmation). Pure.
 */
import type { Target } from "../bridge/contract";
import { sentText } from "../protocol/exchange";
import { englishT, msg, say, type Msg, type Translate } from "../i18n/translate";
import { DEMO_SERVERS, targetKey, targetLabel } from "../bridge/target";
import type { RecordedExchange, ShareState } from "./state";
import { SEND_DEFAULTS } from "../bridge/send-options";

/** Where a recorded exchange was sent: its own target, or (older links) the one its label names. */
export type ExchangeTarget = { ok: true; target: Target } | { ok: false; reason: string; reasonMsg: Msg };

export function exchangeTarget(x: RecordedExchange, share: ShareState): ExchangeTarget {
  if (x.target) return { ok: true, target: x.target };
  if (x.targetLabel === targetLabel(share.target)) return { ok: true, target: share.target };
  // Links made before each exchange kept its target: the embedded servers and plain URLs are named exactly.
  for (const server of DEMO_SERVERS) {
    for (const transport of ["stdio", "http"] as const) {
      const demo: Target = { kind: "demo", server, transport };
      if (targetLabel(demo) === x.targetLabel) return { ok: true, target: demo };
    }
  }
  if (/^https?:\/\/\S+$/i.test(x.targetLabel)) return { ok: true, target: { kind: "http", url: x.targetLabel } };
  const why = msg("linkBanner.notDescribed", { target: x.targetLabel });
  return { ok: false, reason: say(why), reasonMsg: why };
}

export interface LiveStep {
  /** The frame text exactly as recorded. */
  frame: string;
  /** stdio: the recorded exchange ran in a fresh process ("fresh") or the kept one ("keep"). */
  processMode: "keep" | "fresh";
  timeoutMs: number;
  label?: string;
  /** 1-based position among the recorded exchanges (the card's #). */
  index: number;
  /** Where this frame goes; null when it cannot be sent from here (then `skip` says why). */
  target: Target | null;
  skip?: string;
  /** `skip` in the reader's language. */
  skipMsg?: Msg;
}

export interface LivePlan {
  /** The state's own target (the form shows it after the run). */
  target: Target;
  steps: LiveStep[];
  /** The distinct targets the sendable steps reach, in first-use order. */
  targets: Target[];
}

/** Re-sends every recorded exchange in order, each to its own target; with none recorded, the editor text once. */
export function livePlan(state: ShareState): LivePlan {
  const steps: LiveStep[] =
    state.exchanges.length > 0
      ? state.exchanges.map((x, i) => {
          const where = exchangeTarget(x, state);
          return {
            frame: sentText(x),
            processMode: x.process?.fresh ? "fresh" : "keep",
            timeoutMs: x.timeoutMs,
            ...(x.label ? { label: x.label } : {}),
            index: i + 1,
            target: where.ok ? where.target : null,
            ...(where.ok ? {} : { skip: where.reason, skipMsg: where.reasonMsg }),
          };
        })
      : [
          {
            frame: state.editor,
            processMode: "keep",
            timeoutMs: SEND_DEFAULTS.timeoutMs,
            index: 1,
            target: state.target,
          },
        ];
  const targets: Target[] = [];
  for (const step of steps)
    if (step.target && !targets.some((t) => targetKey(t) === targetKey(step.target!))) targets.push(step.target);
  return { target: state.target, steps, targets };
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

/** The stdio commands a plan would start (each needs the user's confirmation first). */
export function commandsToConfirm(plan: LivePlan): Extract<Target, { kind: "stdio" }>[] {
  return plan.targets.filter((t): t is Extract<Target, { kind: "stdio" }> => t.kind === "stdio");
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

/** What a run did, for the banner: "Run live: 7 frames sent, 2 targets". */
export interface LiveResult {
  sent: number;
  targets: number;
  skipped: number;
  /** Set when the bridge refused a frame and the run stopped there. */
  stoppedAt?: number;
}

/**
 * Sends the plan's frames in order, each to its own target (`confirmed` maps a link's stdio command to the one
 * the user confirmed, with any env values typed in); skips the frames that cannot be sent from here; stops at
 * the first frame the bridge refuses.
 */
export async function runLivePlan(
  plan: LivePlan,
  sendFrame: (
    text: string,
    opts: { label: string; labelMsg: Msg; processMode: "keep" | "fresh"; target: Target },
  ) => Promise<unknown | null>,
  confirmed: (target: Target) => Target = (t) => t,
): Promise<LiveResult> {
  let sent = 0;
  const reached = new Set<string>();
  const skipped = plan.steps.filter((s) => !s.target).length;
  for (const step of plan.steps) {
    if (!step.target) continue;
    const target = confirmed(step.target);
    const exchange = await sendFrame(step.frame, {
      label: `live · ${step.label ?? `replay of #${step.index}`}`,
      labelMsg: step.label
        ? msg("linkBanner.live", { what: step.label })
        : msg("linkBanner.liveReplay", { index: step.index }),
      processMode: step.processMode,
      target,
    });
    if (exchange === null) return { sent, targets: reached.size, skipped, stoppedAt: step.index };
    sent++;
    reached.add(targetKey(target));
  }
  return { sent, targets: reached.size, skipped };
}

/** The banner line after a run. */
export function liveResultText(r: LiveResult, t: Translate = englishT): string {
  const skipped = r.skipped > 0 ? t("linkBanner.resultSkipped", { count: r.skipped }) : "";
  const stopped = r.stoppedAt !== undefined ? t("linkBanner.resultStopped", { index: r.stoppedAt }) : "";
  return `${t("linkBanner.result", { frames: r.sent, targets: r.targets })}${skipped}${stopped}`;
}
