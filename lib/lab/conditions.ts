/**
 * The conditions a lab script can run under, one column each. Pure descriptions plus the script transforms
 * they need; the server-side runner (lib/node/lab/run.ts) turns them into bridge sends.
 */
import { initializeParams } from "../protocol/versions";
import type { LabScript, LabStep } from "./script";
import { SEND_DEFAULTS } from "../bridge/send-options";

export const CONDITIONS = {
  "stdio-one-process": {
    label: "stdio · one process for the whole script",
    explain: "Every message goes to the same server process, as a desktop host does.",
    transport: "stdio",
  },
  "stdio-fresh-process": {
    label: "stdio · a fresh process for every message",
    explain: "Each message is sent to a newly spawned process that exits after answering: no shared memory at all.",
    transport: "stdio",
  },
  "http-one-instance": {
    label: "HTTP · one server instance, a new connection per message",
    explain: "Every message is its own HTTP request to one server process: connections differ, the process is shared.",
    transport: "http",
  },
  "http-two-instances": {
    label: "HTTP · two server instances behind a round-robin balancer",
    explain: "Messages alternate between two processes of the same server, as a load balancer would send them.",
    transport: "http",
  },
  "stdio-legacy-session": {
    label: "stdio · legacy era (initialize session, no _meta)",
    explain:
      "The same script in the 2025 style: initialize + notifications/initialized first, then frames without the _meta envelope.",
    transport: "stdio",
  },
  "http-legacy-session": {
    label: "HTTP · legacy era (initialize session, no _meta)",
    explain:
      "The same script in the 2025 style over HTTP: initialize first, then frames without the envelope, carrying any Mcp-Session-Id the server mints.",
    transport: "http",
  },
} as const;

export type ConditionId = keyof typeof CONDITIONS;
export const CONDITION_IDS = Object.keys(CONDITIONS) as ConditionId[];

/** Bounds shown in the lab and enforced by the runner. */
export const LAB_LIMITS = {
  maxConditions: 5,
  maxProcessesAtOnce: 4,
  maxRunMs: 60_000,
  /** Each step waits as long as any send does by default. */
  stepTimeoutMs: SEND_DEFAULTS.timeoutMs,
} as const;

function withoutMeta(step: LabStep): LabStep {
  if (!("frame" in step)) return step;
  if (step.legacyFrame) {
    const { legacyFrame, ...rest } = step;
    return { ...rest, frame: legacyFrame };
  }
  const params = step.frame.params;
  if (!params || typeof params !== "object" || Array.isArray(params)) return step;
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "_meta"));
  return { ...step, frame: { ...step.frame, params: rest } };
}

/**
 * The legacy rendering of a script: the handshake first, then every frame without its envelope. Retries stay
 * retries; a legacy server cannot answer input_required, which is part of what the column shows.
 */
export function toLegacyScript(
  script: LabScript,
  capabilities: Record<string, unknown> = { elicitation: {} },
): LabScript {
  const handshake: LabStep[] = [
    {
      id: "initialize",
      label: "initialize (the legacy handshake)",
      frame: { method: "initialize", params: initializeParams("2025-11-25", capabilities) },
    },
    {
      id: "initialized",
      label: "notifications/initialized",
      frame: { jsonrpc: "2.0", method: "notifications/initialized" },
    },
  ];
  return { ...script, title: `${script.title} (legacy era)`, steps: [...handshake, ...script.steps.map(withoutMeta)] };
}
