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
import { englishT, msg, say, type Msg, type Translate } from "../i18n/translate";
import { CLI_WORDS, diagnoseTransport, type DoctorWords, type Finding, type Rung } from "./diagnose";
import { eventFrame } from "../protocol/exchange";

/** The page's own words: its timeout is the field above the frame. */
export const PAGE_WORDS: DoctorWords = { longerTimeout: msg("doctor.words.pageTimeout") };

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
  /** One sentence for the top of the card (English; summaryMsg says it in the reader's language). */
  summary: string;
  summaryMsg?: Msg;
  /**
   * What is wrong although the server answered: non-JSON lines on stdout, messages whose jsonrpc is not "2.0".
   * A strict client chokes on these, so a healthy verdict says "works, but …".
   */
  caveats?: string[];
}

/** What a lenient reader forgave in these exchanges: stdout lines that are not JSON, and jsonrpc other than "2.0". */
export function wireCaveats(exchanges: readonly Exchange[]): string[] {
  return wireCaveatMsgs(exchanges).map((m) => say(m));
}

function wireCaveatMsgs(exchanges: readonly Exchange[]): Msg[] {
  const out: Msg[] = [];
  const banner = exchanges
    .flatMap((ex) => ex.events)
    .find((e) => e.kind === "stdout" && eventFrame(e) === undefined && e.text.trim() !== "");
  if (banner && banner.kind === "stdout")
    out.push(msg("doctor.caveat.banner", { line: JSON.stringify(banner.text.slice(0, 80)) }));
  for (const ex of exchanges)
    for (const e of ex.events) {
      const frame = asObject(eventFrame(e));
      if (frame && ("result" in frame || "error" in frame || "method" in frame) && frame.jsonrpc !== "2.0") {
        out.push(msg("doctor.caveat.jsonrpc", { value: JSON.stringify(frame.jsonrpc ?? null) }));
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

function describe(reply: Reply): Msg {
  if (reply.kind === "result") return msg("doctor.reply.result");
  if (reply.kind === "error")
    return msg("doctor.reply.error", { code: reply.code, message: JSON.stringify(reply.message) });
  return msg("doctor.d.asIs", { message: reply.why });
}

/** A rung that worked, its sentence kept as a Msg next to its English. */
function okRung(rung: Rung, detail: Msg, evidence: string[]): Finding {
  return { rung, ok: true, detail: say(detail), detailMsg: detail, evidence };
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
  const done = (summary: Msg, extra: Partial<Diagnosis> = {}): Diagnosis => ({
    target: target.label,
    transport: target.transport,
    rungs,
    summary: say(summary),
    summaryMsg: summary,
    ...extra,
  });
  // The broken step's sentence is said once, on its rung: the summary says where it broke and what was not tried.
  const broken = (f: Finding): Diagnosis => {
    const worked = rungs.filter((r) => r.ok).map((r) => r.rung);
    rungs.push(f);
    return done(
      worked.length
        ? msg("doctor.summary.brokenAfter", { rung: f.rung, worked: worked.join(", ") })
        : msg("doctor.summary.broken", { rung: f.rung }),
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
  rungs.push(
    okRung(
      "connect",
      msg(target.transport === "stdio" ? "doctor.d.startedStdio" : "doctor.d.answeredHttp"),
      first ? [first.exchange.sendId] : [],
    ),
  );
  const reason = (v: typeof verdict): Msg => v.reasonMsg ?? msg("doctor.d.asIs", { message: v.reason });

  // Rung 2: server/discover (2026-07-28), rung 3: initialize (legacy) when discover is not served.
  const discover = replyOf(first.exchange);
  if (verdict.era === "modern" || verdict.era === "modern-wrong-version") {
    rungs.push(
      okRung(
        "server/discover",
        reason(verdict),
        verdict.steps.map((s) => s.exchange.sendId),
      ),
    );
  } else {
    if (verdict.era === "legacy") {
      rungs.push(
        okRung("server/discover", msg("doctor.d.fallsBack", { reply: describe(discover) }), [first.exchange.sendId]),
      );
      rungs.push(
        okRung(
          "initialize",
          reason(verdict),
          verdict.steps.slice(1).map((s) => s.exchange.sendId),
        ),
      );
    } else {
      const initProblem = second && diagnoseTransport(second.exchange, "initialize", words);
      if (initProblem) return broken(initProblem);
      const advice = msg("doctor.a.noHandshake");
      return broken({
        rung: "server/discover",
        ok: false,
        problem: "no-handshake",
        detail: verdict.reason,
        detailMsg: reason(verdict),
        advice: say(advice),
        adviceMsg: advice,
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
  const listed: { capability: string; n: number }[] = [];
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
    if (problem) {
      const detail = msg("doctor.d.methodDetail", { method, detail: problem.detailMsg ?? problem.detail });
      return broken({ ...problem, detail: say(detail), detailMsg: detail });
    }
    const reply = replyOf(exchange);
    const items =
      reply.kind === "result"
        ? reply.result[method === "tools/list" ? "tools" : method === "prompts/list" ? "prompts" : "resources"]
        : undefined;
    if (reply.kind !== "result" || !Array.isArray(items)) {
      const detail = msg("doctor.d.listFailed", {
        capability,
        method,
        reply: reply.kind === "result" ? msg("doctor.reply.noArray", { capability }) : describe(reply),
      });
      const advice = msg(modern ? "doctor.a.serveModern" : "doctor.a.serveLegacy", { method, capability });
      return broken({
        rung: "lists",
        ok: false,
        problem: "list-failed",
        detail: say(detail),
        detailMsg: detail,
        advice: say(advice),
        adviceMsg: advice,
        evidence: [exchange.sendId],
      });
    }
    listed.push({ capability, n: items.length });
  }
  const listedMsg = listMsg(listed);
  rungs.push(
    okRung("lists", listed.length ? msg("doctor.d.listed", { listed: listedMsg }) : msg("doctor.d.listsNone"), []),
  );
  const server = modern
    ? msg("doctor.summary.server", { version: verdict.version ?? "2026-07-28" })
    : verdict.version
      ? msg("doctor.summary.legacyServer", { version: verdict.version })
      : msg("doctor.summary.legacyServerNoVersion");
  const era = { era: modern ? ("modern" as const) : ("legacy" as const), version: verdict.version };
  const caveats = wireCaveatMsgs(seen);
  if (caveats.length) {
    let joined: Msg = caveats[caveats.length - 1];
    for (const c of caveats.slice(0, -1).reverse()) joined = msg("doctor.summary.clauses", { first: c, rest: joined });
    return done(msg("doctor.summary.works", { caveats: joined, server, listed: listedMsg }), {
      ...era,
      caveats: caveats.map((c) => say(c)),
    });
  }
  return done(msg("doctor.summary.healthy", { server, listed: listedMsg }), era);
}

/** "1 tools, 2 prompts" (English as the CLI always said it), or "nothing to list". */
function listMsg(listed: { capability: string; n: number }[]): Msg {
  if (!listed.length) return msg("doctor.summary.nothingListed");
  let out: Msg = msg("doctor.summary.count", listed[listed.length - 1]);
  for (const c of listed.slice(0, -1).reverse())
    out = msg("doctor.summary.counts", { first: msg("doctor.summary.count", c), rest: out });
  return out;
}

/** A stdio process that never answered is still running when the doctor stops: whoever ran the doctor should end it. */
export function leavesHungProcess(d: Diagnosis): boolean {
  return d.transport === "stdio" && d.brokenAt !== undefined && d.rungs[d.rungs.length - 1]?.problem === "timeout";
}

/** The text form for the CLI. */
/** The text form for the CLI, in the reader's language (English by default; OK/FAIL stay as markers). */
export function diagnosisText(d: Diagnosis, t: Translate = englishT): string {
  const said = (m: Msg | undefined, english: string) => (m ? say(m, t) : english);
  const lines = [
    t("doctor.text.target", { target: d.target, transport: d.transport === "http" ? "Streamable HTTP" : "stdio" }),
  ];
  for (const r of d.rungs) {
    lines.push(`${r.ok ? "OK  " : "FAIL"} ${r.rung}: ${said(r.detailMsg, r.detail)}`);
    if (r.advice) lines.push(`     ${t("doctor.text.whatToDo", { advice: said(r.adviceMsg, r.advice) })}`);
  }
  lines.push("", said(d.summaryMsg, d.summary));
  return lines.join("\n");
}
