/** The MCP server's check, doctor and apps tools: the judges, as `check --json`, `doctor --json` and `apps --json`. */
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { buildTarget, timeoutOf, type OneTarget, type OneTargetResult } from "../target";
import { inputSchema, toolArgv, type JsonSchema, type ToolOption } from "./arguments";
import { EMULATION, ToolFailure, object, plain, targetValues, type PlaygroundTool } from "./tool";

const CHECK_OWN: Record<string, ToolOption> = {
  "call-tools": {
    kind: "string",
    enum: ["read-only", "all", "none"],
    description: "Which tools the checks may call (default read-only; all for the demo servers).",
  },
  only: { kind: "string", description: "Run only these checks, comma-separated (e.g. C01,C07)." },
  "listen-window": {
    kind: "integer",
    minimum: 100,
    maximum: 60_000,
    description: "How long the listen checks wait for notifications, in ms.",
  },
  "fail-on": { kind: "string", enum: ["must", "should"], description: "What fails the run (default must)." },
  ...EMULATION,
};

interface CheckRow {
  id: string;
  title: string;
  level: string;
  status: string;
  detail: string;
  specRef?: string;
}

/** The verdict, the score and the first failures (MUSTs first) with the detail that says how to fix each. */
export function checkSummary(json: Record<string, unknown>, code: number): string {
  const checks = (json.checks ?? []) as CheckRow[];
  const failed = checks
    .filter((c) => c.status === "fail")
    .sort((a, b) => Number(b.level === "MUST") - Number(a.level === "MUST"));
  const unreachable = json.unreachable as { detail?: string; advice?: string } | undefined;
  const verdict =
    code === 3
      ? `unreachable: ${unreachable?.detail ?? "the server never answered"}${unreachable?.advice ? ` What to do: ${unreachable.advice}` : ""}`
      : `${Number(json.mustFailed) > 0 ? "FAIL" : "PASS"}: ${json.mustFailed} MUST failed, ${json.failed} failed in all, ${json.passed} passed`;
  const lines = [
    verdict,
    `score ${json.score}/100, era ${json.era}${json.version ? ` (${json.version})` : ""}, target ${json.target}`,
  ];
  for (const c of failed.slice(0, 5))
    lines.push(`- ${c.id} ${c.level} ${c.title}: ${c.detail}${c.specRef ? ` [${c.specRef}]` : ""}`);
  if (failed.length > 5) lines.push(`… and ${failed.length - 5} more failures in structuredContent.checks`);
  return lines.join("\n");
}

export const check: PlaygroundTool = {
  name: "check",
  title: "Run the conformance checks",
  description:
    "Runs the playground's conformance suite on the server (the 2026-07-28 rules on a modern server, its revision's on a legacy one) and returns `check --json`: the score, mustFailed and every check with its detail (a failure's detail says how to fix it). Reports progress per check and stops on cancellation. The authorization checks are left to the CLI: they follow the server's metadata to other hosts.",
  inputSchema: inputSchema(CHECK_OWN),
  outputSchema: object(
    {
      target: "string",
      era: "string",
      score: "number",
      mustFailed: "integer",
      passed: "integer",
      failed: "integer",
      checks: { type: "array", items: { type: "object" } },
    },
    ["era", "score", "mustFailed", "checks"],
  ),
  readOnly: false,
  async run(args, io) {
    const { checkRun, checkValues } = await import("../commands/check");
    const values = checkValues(toolArgv(args, CHECK_OWN))!;
    let done = 0;
    const run = await checkRun(values, {
      signal: io.signal,
      authorization: false,
      onProgress: (p) => {
        if (p.phase === "done") io.progress(`${p.id} ${p.result.status} (${++done} done)`);
      },
    });
    const json = plain(run.json);
    return { json, summary: checkSummary(json, run.code) };
  },
};

/**
 * doctor and apps: a tool that takes only the target, builds it, runs the command's judge (loaded on the call) with
 * the checks' send to it, and says the command's JSON in a few lines.
 */
function judgeTool(tool: {
  name: string;
  title: string;
  description: string;
  returns: JsonSchema;
  judge: () => Promise<(one: OneTarget) => Promise<OneTargetResult>>;
  summary: (json: Record<string, unknown>) => string[];
}): PlaygroundTool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchema({}),
    outputSchema: tool.returns,
    readOnly: true,
    async run(args, io) {
      const values = targetValues(toolArgv(args, {}));
      const { target, ctx } = await buildTarget(values);
      const judged = await (
        await tool.judge()
      )({
        target,
        ctx,
        timeoutMs: timeoutOf(values),
        json: true,
        check: bridgeCheckSend(target, ctx, undefined, io.signal),
      });
      if ("error" in judged) throw new ToolFailure(judged.error);
      const json = plain(judged.json);
      return { json, summary: tool.summary(json).join("\n") };
    },
  };
}

export const doctor = judgeTool({
  name: "doctor",
  title: "Diagnose the connection",
  description:
    "The connection doctor: spawn or connect, server/discover, the initialize fallback, the lists, stopping at the first broken rung with what happened and what to do (`doctor --json`).",
  returns: object({ target: "string", rungs: "array", brokenAt: "string", summary: "string" }, [
    "target",
    "rungs",
    "summary",
  ]),
  judge: async () => (await import("../commands/doctor")).judge,
  summary(json) {
    const rungs = (json.rungs ?? []) as { ok: boolean; detail: string; advice?: string }[];
    const broken = json.brokenAt ? rungs.at(-1) : undefined;
    const lines = [`${json.brokenAt ? `broken at ${json.brokenAt}` : "healthy"}: ${json.summary}`];
    if (broken)
      lines.push(`what happened: ${broken.detail}`, ...(broken.advice ? [`what to do: ${broken.advice}`] : []));
    return lines;
  },
});

export const apps = judgeTool({
  name: "apps",
  title: "Judge the MCP Apps",
  description:
    "MCP Apps without a browser: which tools are apps (resourceUri, MIME type, CSP, visibility), whether each host persona would render them and why, and the apps checks (`apps --json`).",
  returns: object({ apps: "array", hosts: "array", checks: "array" }, ["apps", "hosts", "checks"]),
  judge: async () => (await import("../commands/apps")).judge,
  summary(json) {
    const hosts = json.hosts as { host: string; verdict: string }[];
    const failing = (json.checks as CheckRow[]).filter((c) => c.status === "fail");
    return [
      `${(json.apps as unknown[]).length} app tool(s); ${hosts.map((h) => `${h.host}: ${h.verdict}`).join(", ")}`,
      ...failing.slice(0, 5).map((c) => `- ${c.id} ${c.level} ${c.title}: ${c.detail}`),
    ];
  },
});
