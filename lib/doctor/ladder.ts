/**
 * The connection doctor's ladder: spawn or connect → server/discover → initialize fallback → the lists. Each rung
 * is an ordinary exchange through the injected send (so in the UI it lands in the timeline); the ladder stops at
 * the first broken rung and says why and what to do. Pure.
 */
import type { Exchange } from "../protocol/exchange";
import { runEraProbe } from "../protocol/era";
import { asObject } from "../protocol/json";
import { buildEnvelope } from "../protocol/meta";
import { replyOf, type Reply } from "../protocol/reply";
import { CLI_WORDS, diagnoseTransport, type DoctorWords, type Finding, type Rung } from "./diagnose";

/** The page's own words: its timeout is the field above the frame. */
export const PAGE_WORDS: DoctorWords = { longerTimeout: "a longer timeout (the timeout field above the frame)" };

export type DoctorSend = (
  frameText: string,
  opts: { label: string; headers?: Record<string, string>; timeoutMs?: number },
) => Promise<Exchange>;

export interface Diagnosis {
  target: string;
  transport: "stdio" | "http";
  /** Every rung tried, in order; the last one is the broken one when `brokenAt` is set. */
  rungs: Finding[];
  brokenAt?: Rung;
  era?: "modern" | "legacy";
  version?: string;
  /** One sentence for the top of the card. */
  summary: string;
  /**
   * What is wrong although the server answered: non-JSON lines on stdout, messages whose jsonrpc is not "2.0".
   * A strict client chokes on these, so a healthy verdict says "works, but …".
   */
  caveats?: string[];
}

/** What a lenient reader forgave in these exchanges: stdout lines that are not JSON, and jsonrpc other than "2.0". */
export function wireCaveats(exchanges: readonly Exchange[]): string[] {
  const out: string[] = [];
  const banner = exchanges
    .flatMap((ex) => ex.events)
    .find((e) => e.kind === "stdout" && e.frame === undefined && e.text.trim() !== "");
  if (banner && banner.kind === "stdout")
    out.push(
      `stdout carried a line that is not JSON (${JSON.stringify(banner.text.slice(0, 80))}): a strict client drops the connection — send banners and logs to stderr`,
    );
  for (const ex of exchanges)
    for (const e of ex.events) {
      const frame =
        (e.kind === "stdout" || e.kind === "http-body" || e.kind === "sse-event") && e.frame !== undefined
          ? asObject(e.frame)
          : undefined;
      if (frame && ("result" in frame || "error" in frame || "method" in frame) && frame.jsonrpc !== "2.0") {
        out.push(
          `a message carried "jsonrpc": ${JSON.stringify(frame.jsonrpc ?? null)}, not "2.0": a strict client rejects it`,
        );
        return out;
      }
    }
  return out;
}

const LISTS = [
  { method: "tools/list", capability: "tools" },
  { method: "prompts/list", capability: "prompts" },
  { method: "resources/list", capability: "resources" },
] as const;

function describe(reply: Reply): string {
  if (reply.kind === "result") return "a result";
  if (reply.kind === "error") return `error ${reply.code} ${JSON.stringify(reply.message)}`;
  return reply.why;
}

export async function runDoctor(
  target: { label: string; transport: "stdio" | "http" },
  rawSend: DoctorSend,
  opts: { timeoutMs?: number; words?: DoctorWords } = {},
): Promise<Diagnosis> {
  const words = opts.words ?? CLI_WORDS;
  const rungs: Finding[] = [];
  // Every exchange of the ladder, for what a reply arriving does not prove (wireCaveats).
  const seen: Exchange[] = [];
  const send: DoctorSend = async (text, o) => {
    const ex = await rawSend(text, o);
    seen.push(ex);
    return ex;
  };
  const done = (summary: string, extra: Partial<Diagnosis> = {}): Diagnosis => ({
    target: target.label,
    transport: target.transport,
    rungs,
    summary,
    ...extra,
  });
  // The broken step's sentence is said once, on its rung: the summary says where it broke and what was not tried.
  const broken = (f: Finding): Diagnosis => {
    const worked = rungs.filter((r) => r.ok).map((r) => r.rung);
    rungs.push(f);
    return done(
      `Broken at ${f.rung}${worked.length ? ` (after ${worked.join(", ")} worked)` : ""}: the steps after it were not tried.`,
      { brokenAt: f.rung },
    );
  };

  let n = 0;
  const verdict = await runEraProbe(
    (text, extra) =>
      send(text, { label: `doctor ${extra?.label ?? ""}`.trim(), headers: extra?.headers, timeoutMs: opts.timeoutMs }),
    { nextId: () => `doctor-${++n}` },
  );
  const [first, second] = verdict.steps;

  // Rung 1: could the target be started or reached at all?
  const transportProblem = first && diagnoseTransport(first.exchange, "connect", words);
  if (transportProblem) return broken(transportProblem);
  rungs.push({
    rung: "connect",
    ok: true,
    detail:
      target.transport === "stdio" ? "The process started and answered on stdout." : "The endpoint answered over HTTP.",
    evidence: first ? [first.exchange.sendId] : [],
  });

  // Rung 2: server/discover (2026-07-28), rung 3: initialize (legacy) when discover is not served.
  const discover = replyOf(first.exchange);
  if (verdict.era === "modern" || verdict.era === "modern-wrong-version") {
    rungs.push({
      rung: "server/discover",
      ok: true,
      detail: verdict.reason,
      evidence: verdict.steps.map((s) => s.exchange.sendId),
    });
  } else {
    const notServed = `server/discover answered ${describe(discover)}`;
    if (verdict.era === "legacy") {
      rungs.push({
        rung: "server/discover",
        ok: true,
        detail: `${notServed}: not a 2026-07-28 server, so the doctor falls back to initialize.`,
        evidence: [first.exchange.sendId],
      });
      rungs.push({
        rung: "initialize",
        ok: true,
        detail: verdict.reason,
        evidence: verdict.steps.slice(1).map((s) => s.exchange.sendId),
      });
    } else {
      const initProblem = second && diagnoseTransport(second.exchange, "initialize", words);
      if (initProblem) return broken(initProblem);
      return broken({
        rung: "server/discover",
        ok: false,
        problem: "no-handshake",
        detail: `${verdict.reason}`,
        advice:
          "A 2026-07-28 server answers server/discover with supportedVersions and capabilities; a 2025 server answers initialize. Implement one of them (the SDKs do it for you).",
        evidence: verdict.steps.map((s) => s.exchange.sendId),
      });
    }
  }

  // Rung 4: the lists the server declares, spoken in its era.
  const capabilities = asObject(verdict.result?.capabilities) ?? {};
  const modern = verdict.era !== "legacy";
  const headers: Record<string, string> = {};
  if (!modern && verdict.sessionId) headers["Mcp-Session-Id"] = verdict.sessionId;
  if (!modern && verdict.version) headers["MCP-Protocol-Version"] = verdict.version;
  const listed: string[] = [];
  for (const { method, capability } of LISTS) {
    if (!asObject(capabilities[capability])) continue;
    const params = modern
      ? { _meta: buildEnvelope({ protocolVersion: verdict.version ?? "2026-07-28", clientCapabilities: {} }) }
      : {};
    const exchange = await send(JSON.stringify({ jsonrpc: "2.0", id: `doctor-${++n}`, method, params }), {
      label: `doctor ${method}`,
      headers,
      timeoutMs: opts.timeoutMs,
    });
    const problem = diagnoseTransport(exchange, "lists", words);
    if (problem) return broken({ ...problem, detail: `${method}: ${problem.detail}` });
    const reply = replyOf(exchange);
    const items =
      reply.kind === "result"
        ? reply.result[method === "tools/list" ? "tools" : method === "prompts/list" ? "prompts" : "resources"]
        : undefined;
    if (reply.kind !== "result" || !Array.isArray(items)) {
      return broken({
        rung: "lists",
        ok: false,
        problem: "list-failed",
        detail: `The server declares ${capability}, but ${method} answered ${reply.kind === "result" ? `a result without a ${capability} array` : describe(reply)}.`,
        advice: `Serve ${method} (with the ${modern ? "2026-07-28 envelope in _meta" : "session from initialize"}), or stop declaring ${capability}.`,
        evidence: [exchange.sendId],
      });
    }
    listed.push(`${items.length} ${capability}`);
  }
  rungs.push({
    rung: "lists",
    ok: true,
    detail: listed.length ? `Listed ${listed.join(", ")}.` : "The server declares no tools, prompts or resources.",
    evidence: [],
  });
  const caveats = wireCaveats(seen);
  if (caveats.length)
    return done(
      `Works, but ${caveats.join("; ")}. (${modern ? `a ${verdict.version ?? "2026-07-28"} server` : `a legacy ${verdict.version ?? ""} server`.replace("  ", " ")}; ${listed.length ? listed.join(", ") : "nothing to list"}.)`,
      {
        era: modern ? "modern" : "legacy",
        version: verdict.version,
        caveats,
      },
    );
  return done(
    `Healthy: ${modern ? `a ${verdict.version ?? "2026-07-28"} server` : `a legacy ${verdict.version ?? ""} server`.replace("  ", " ")}; ${listed.length ? listed.join(", ") : "nothing to list"}.`,
    {
      era: modern ? "modern" : "legacy",
      version: verdict.version,
    },
  );
}

/** A stdio process that never answered is still running when the doctor stops: whoever ran the doctor should end it. */
export function leavesHungProcess(d: Diagnosis): boolean {
  return d.transport === "stdio" && d.brokenAt !== undefined && d.rungs[d.rungs.length - 1]?.problem === "timeout";
}

/** The text form for the CLI. */
export function diagnosisText(d: Diagnosis): string {
  const lines = [`Target: ${d.target} (${d.transport === "http" ? "Streamable HTTP" : "stdio"})`];
  for (const r of d.rungs) {
    lines.push(`${r.ok ? "OK  " : "FAIL"} ${r.rung}: ${r.detail}`);
    if (r.advice) lines.push(`     What to do: ${r.advice}`);
  }
  lines.push("", d.summary);
  return lines.join("\n");
}
