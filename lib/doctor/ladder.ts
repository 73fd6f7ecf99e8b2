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

type EraVerdict = Awaited<ReturnType<typeof runEraProbe>>;

/** One climb of the ladder: the rungs so far, every exchange sent (for wireCaveats), and how to send the next one. */
interface Climb {
  target: { label: string; transport: "stdio" | "http" };
  words: DoctorWords;
  timeoutMs?: number;
  rungs: Finding[];
  seen: Exchange[];
  send: DoctorSend;
  nextId(): string;
}

function done(c: Climb, summary: Msg, extra: Partial<Diagnosis> = {}): Diagnosis {
  const { label, transport } = c.target;
  return { target: label, transport, rungs: c.rungs, summary: say(summary), summaryMsg: summary, ...extra };
}

/** The broken step's sentence is said once, on its rung: the summary says where it broke and what was not tried. */
function broken(c: Climb, f: Finding): Diagnosis {
  const worked = c.rungs.filter((r) => r.ok).map((r) => r.rung);
  c.rungs.push(f);
  const summary = worked.length
    ? msg("doctor.summary.brokenAfter", { rung: f.rung, worked: worked.join(", ") })
    : msg("doctor.summary.broken", { rung: f.rung });
  return done(c, summary, { brokenAt: f.rung });
}

const reasonOf = (v: EraVerdict): Msg => v.reasonMsg ?? msg("doctor.d.asIs", { message: v.reason });

/** Rung 2: server/discover (2026-07-28), rung 3: initialize (legacy) when discover is not served. */
function handshake(c: Climb, verdict: EraVerdict): Diagnosis | undefined {
  const [first, second] = verdict.steps;
  if (verdict.era === "modern" || verdict.era === "modern-wrong-version") {
    c.rungs.push(
      okRung(
        "server/discover",
        reasonOf(verdict),
        verdict.steps.map((s) => s.exchange.sendId),
      ),
    );
    return undefined;
  }
  if (verdict.era === "legacy") {
    const fallsBack = msg("doctor.d.fallsBack", { reply: describe(replyOf(first.exchange)) });
    c.rungs.push(okRung("server/discover", fallsBack, [first.exchange.sendId]));
    c.rungs.push(
      okRung(
        "initialize",
        reasonOf(verdict),
        verdict.steps.slice(1).map((s) => s.exchange.sendId),
      ),
    );
    return undefined;
  }
  const initProblem = second && diagnoseTransport(second.exchange, "initialize", c.words);
  if (initProblem) return broken(c, initProblem);
  const advice = msg("doctor.a.noHandshake");
  return broken(c, {
    rung: "server/discover",
    ok: false,
    problem: "no-handshake",
    detail: verdict.reason,
    detailMsg: reasonOf(verdict),
    advice: say(advice),
    adviceMsg: advice,
    evidence: verdict.steps.map((s) => s.exchange.sendId),
  });
}

/** One list the server declares, spoken in its era: how many items, or the finding that breaks the rung. */
async function listOne(
  c: Climb,
  { method, capability }: (typeof LISTS)[number],
  verdict: EraVerdict,
  headers: Record<string, string>,
): Promise<number | Finding> {
  const modern = verdict.era !== "legacy";
  const params = modern
    ? { _meta: buildEnvelope({ protocolVersion: verdict.version ?? "2026-07-28", clientCapabilities: {} }) }
    : {};
  const text = JSON.stringify({ jsonrpc: "2.0", id: c.nextId(), method, params });
  const exchange = await c.send(text, { label: `doctor ${method}`, headers, timeoutMs: c.timeoutMs });
  const problem = diagnoseTransport(exchange, "lists", c.words);
  if (problem) {
    const detail = msg("doctor.d.methodDetail", { method, detail: problem.detailMsg ?? problem.detail });
    return { ...problem, detail: say(detail), detailMsg: detail };
  }
  const reply = replyOf(exchange);
  const items = reply.kind === "result" ? reply.result[capability] : undefined;
  if (reply.kind === "result" && Array.isArray(items)) return items.length;
  const detail = msg("doctor.d.listFailed", {
    capability,
    method,
    reply: reply.kind === "result" ? msg("doctor.reply.noArray", { capability }) : describe(reply),
  });
  const advice = msg(modern ? "doctor.a.serveModern" : "doctor.a.serveLegacy", { method, capability });
  return {
    rung: "lists",
    ok: false,
    problem: "list-failed",
    detail: say(detail),
    detailMsg: detail,
    advice: say(advice),
    adviceMsg: advice,
    evidence: [exchange.sendId],
  };
}

/** Rung 4: the lists the server declares; the count of each, or the diagnosis where one broke. */
async function lists(c: Climb, verdict: EraVerdict): Promise<{ capability: string; n: number }[] | Diagnosis> {
  const capabilities = asObject(verdict.result?.capabilities) ?? {};
  const legacy = verdict.era === "legacy";
  const headers: Record<string, string> = {};
  if (legacy && verdict.sessionId) headers["Mcp-Session-Id"] = verdict.sessionId;
  if (legacy && verdict.version) headers["MCP-Protocol-Version"] = verdict.version;
  const listed: { capability: string; n: number }[] = [];
  for (const list of LISTS) {
    if (!asObject(capabilities[list.capability])) continue;
    const n = await listOne(c, list, verdict, headers);
    if (typeof n !== "number") return broken(c, n);
    listed.push({ capability: list.capability, n });
  }
  return listed;
}

/** The ladder climbed to the top: which server it is, what it lists, and what its replies did not prove. */
function healthy(c: Climb, verdict: EraVerdict, listed: { capability: string; n: number }[]): Diagnosis {
  const modern = verdict.era !== "legacy";
  const listedMsg = listMsg(listed);
  c.rungs.push(
    okRung("lists", listed.length ? msg("doctor.d.listed", { listed: listedMsg }) : msg("doctor.d.listsNone"), []),
  );
  const server = modern
    ? msg("doctor.summary.server", { version: verdict.version ?? "2026-07-28" })
    : verdict.version
      ? msg("doctor.summary.legacyServer", { version: verdict.version })
      : msg("doctor.summary.legacyServerNoVersion");
  const era = { era: modern ? ("modern" as const) : ("legacy" as const), version: verdict.version };
  const caveats = wireCaveatMsgs(c.seen);
  if (caveats.length) {
    let joined: Msg = caveats[caveats.length - 1];
    for (const x of caveats.slice(0, -1).reverse()) joined = msg("doctor.summary.clauses", { first: x, rest: joined });
    const summary = msg("doctor.summary.works", { caveats: joined, server, listed: listedMsg });
    return done(c, summary, { ...era, caveats: caveats.map((x) => say(x)) });
  }
  return done(c, msg("doctor.summary.healthy", { server, listed: listedMsg }), era);
}

export async function runDoctor(
  target: { label: string; transport: "stdio" | "http" },
  rawSend: DoctorSend,
  opts: { timeoutMs?: number; words?: DoctorWords } = {},
): Promise<Diagnosis> {
  let n = 0;
  const seen: Exchange[] = [];
  const c: Climb = {
    target,
    words: opts.words ?? CLI_WORDS,
    timeoutMs: opts.timeoutMs,
    rungs: [],
    seen,
    send: async (text, o) => {
      const ex = await rawSend(text, o);
      seen.push(ex);
      return ex;
    },
    nextId: () => `doctor-${++n}`,
  };
  const verdict = await runEraProbe(
    (text, extra) =>
      c.send(text, {
        label: `doctor ${extra?.label ?? ""}`.trim(),
        headers: extra?.headers,
        timeoutMs: opts.timeoutMs,
      }),
    { nextId: c.nextId },
  );
  const first = verdict.steps[0];

  // Rung 1: could the target be started or reached at all?
  const transportProblem = first && diagnoseTransport(first.exchange, "connect", c.words);
  if (transportProblem) return broken(c, transportProblem);
  const connected = msg(target.transport === "stdio" ? "doctor.d.startedStdio" : "doctor.d.answeredHttp");
  c.rungs.push(okRung("connect", connected, first ? [first.exchange.sendId] : []));
  const failed = handshake(c, verdict);
  if (failed) return failed;
  const listed = await lists(c, verdict);
  return Array.isArray(listed) ? healthy(c, verdict, listed) : listed;
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
