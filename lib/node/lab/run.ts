/**
 * Runs a lab script under each chosen condition through the bridge, one column after another, and ends
 * every process it started before returning. Importable by the CLI.
 */
import { randomBytes } from "node:crypto";
import type { Exchange, Target } from "@/lib/bridge/contract";
import { resolveTarget } from "@/lib/node/bridge/demo";
import { BridgeError } from "@/lib/node/bridge/errors";
import { controlProcess, send, type SendContext } from "@/lib/node/bridge/send";
import { CONDITIONS, LAB_LIMITS, toLegacyScript, type ConditionId } from "@/lib/lab/conditions";
import { diffRuns, runLabScript, type LabRun, type LabSend } from "@/lib/lab/runner";
import type { LabColumn, LabReport } from "@/lib/lab/report";
import { parseLabScript, type LabScript } from "@/lib/lab/script";
import { wireDiff } from "@/lib/lab/wire-diff";
import { reserveHttpInstances, startHttpInstance, type HttpInstance } from "./instances";
import { replyFrame } from "@/lib/protocol/exchange";

type Column = {
  target: Target;
  processMode: "keep" | "fresh";
  script: LabScript;
  instances: HttpInstance[];
  cleanup: () => Promise<void>;
};

async function stdioTargetOf(target: Target, ctx: SendContext, runId: string): Promise<Target | string> {
  const stdioSide: Target = target.kind === "demo" ? { ...target, transport: "stdio" } : target;
  if (stdioSide.kind === "http")
    return "this script's target is an HTTP URL; stdio conditions need a command or an embedded server";
  const resolved = await resolveTarget(stdioSide, ctx);
  if (!resolved.ok) return resolved.message;
  if (resolved.transport !== "stdio") return "the target did not resolve to a command";
  const [command, ...args] = resolved.spec.argv;
  // A private process for this run: its own registry key, so the user's kept-up process is untouched.
  return {
    kind: "stdio",
    command,
    args,
    cwd: resolved.spec.cwd,
    env: { ...resolved.spec.env, PLAYGROUND_LAB_RUN: runId },
  };
}

async function prepare(
  condition: ConditionId,
  script: LabScript,
  ctx: SendContext,
  runId: string,
): Promise<Column | string> {
  const legacy = condition === "stdio-legacy-session" || condition === "http-legacy-session";
  const columnScript = legacy ? toLegacyScript(script) : script;
  if (CONDITIONS[condition].transport === "stdio") {
    const target = await stdioTargetOf(script.target, ctx, `${runId}-${condition}`);
    if (typeof target === "string") return target;
    const processMode = condition === "stdio-fresh-process" ? "fresh" : "keep";
    return {
      target,
      processMode,
      script: columnScript,
      instances: [],
      cleanup: async () => void (await controlProcess("close", target, ctx)),
    };
  }
  if (script.target.kind === "stdio")
    return "this script's target is a command; HTTP conditions need an embedded server or a URL";
  if (script.target.kind === "replay")
    return "a replay answers from its recording; HTTP conditions need an embedded server or a URL";
  if (script.target.kind === "http") {
    if (condition === "http-two-instances")
      return "two instances need an embedded server the lab can start twice; a URL names one server";
    return { target: script.target, processMode: "keep", script: columnScript, instances: [], cleanup: async () => {} };
  }
  if (script.target.server === "everything")
    return "the lab starts HTTP instances of the embedded servers only; server-everything is a separate package";
  const count = condition === "http-two-instances" ? 2 : 1;
  // LAB_LIMITS.maxProcessesAtOnce holds for every run of this process together, not per run.
  const reserved = reserveHttpInstances(count);
  if (!reserved.ok) return reserved.message;
  const instances: HttpInstance[] = [];
  try {
    for (let i = 0; i < count; i++) instances.push(await startHttpInstance(script.target.server, reserved.slots));
  } catch (e) {
    await Promise.all(instances.map((x) => x.stop()));
    return (e as Error).message;
  } finally {
    reserved.slots.free();
  }
  const cleanup = async () => void (await Promise.all(instances.map((x) => x.stop())));
  return {
    target: { kind: "http", url: instances[0].url },
    processMode: "keep",
    script: columnScript,
    instances,
    cleanup,
  };
}

function columnSend(column: Column, ctx: SendContext, sendIdPrefix: string): LabSend {
  const session: Record<string, string> = {};
  return async (frameText, step) => {
    // Round-robin across instances, as a load balancer would; the instance's pid names the lane.
    const instance = column.instances.length > 0 ? column.instances[step.index % column.instances.length] : undefined;
    const target: Target = instance ? { kind: "http", url: instance.url } : column.target;
    const exchange: Exchange = await send(
      {
        sendId: `${sendIdPrefix}-${step.index}`,
        target,
        frame: frameText,
        insist: false,
        timeoutMs: LAB_LIMITS.stepTimeoutMs,
        processMode: column.processMode,
        ...(target.kind === "http" && Object.keys(session).length > 0 ? { headers: { ...session } } : {}),
      },
      ctx,
    );
    if (exchange.http?.sessionId) session["Mcp-Session-Id"] = exchange.http.sessionId;
    const result = (replyFrame(exchange) as { result?: { protocolVersion?: unknown } } | undefined)?.result;
    if (typeof result?.protocolVersion === "string") session["MCP-Protocol-Version"] = result.protocolVersion;
    if (instance && !exchange.process) exchange.process = { pid: instance.pid, fresh: false };
    return exchange;
  };
}

export async function runLab(
  input: { script: unknown; conditions: ConditionId[] },
  ctx: SendContext,
): Promise<LabReport> {
  const parsed = parseLabScript(input.script);
  if (!parsed.ok) throw new BridgeError("bad-request", parsed.error);
  const conditions = [...new Set(input.conditions)];
  if (conditions.length === 0) throw new BridgeError("bad-request", "choose at least one condition");
  if (conditions.length > LAB_LIMITS.maxConditions)
    throw new BridgeError("bad-request", `at most ${LAB_LIMITS.maxConditions} conditions per run`);
  const started = Date.now();
  const runId = randomBytes(4).toString("hex");
  const columns: LabColumn[] = [];
  for (const condition of conditions) {
    const { label, explain } = CONDITIONS[condition];
    const column = await prepare(condition, parsed.script, ctx, runId);
    if (typeof column === "string") {
      columns.push({ condition, label, explain, error: column });
      continue;
    }
    try {
      // The column's own HTTP instances are loopback processes the lab started: hosted mode admits exactly those.
      const columnCtx = { ...ctx, trustedUrls: column.instances.map((x) => x.url) };
      const run = await runLabScript(column.script, columnSend(column, columnCtx, `lab-${runId}-${condition}`), {
        maxRunMs: LAB_LIMITS.maxRunMs,
      });
      columns.push({
        condition,
        label,
        explain,
        run,
        instances: column.instances.map(({ pid, url }) => ({ pid, url })),
      });
    } finally {
      await column.cleanup();
    }
  }
  const ran = columns.filter((c): c is LabColumn & { run: LabRun } => c.run !== undefined);
  const modern = ran.find((c) => !c.condition.endsWith("legacy-session"));
  const legacy = ran.find((c) => c.condition.endsWith("legacy-session"));
  return {
    title: parsed.script.title,
    description: parsed.script.description,
    columns,
    diff: diffRuns(ran.map((c) => ({ condition: c.label, run: c.run }))),
    wire:
      modern && legacy
        ? { left: modern.condition, right: legacy.condition, rows: wireDiff(modern.run, legacy.run) }
        : undefined,
    limits: LAB_LIMITS,
    durationMs: Date.now() - started,
  };
}
