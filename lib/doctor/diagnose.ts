/**
 * The connection doctor's words: one failed exchange → which step broke, what happened, and what to do. Pure: it
 * reads the Exchange the bridge recorded (outcome, HTTP status, stderr tail, process exit, received lines).
 */
import type { Exchange } from "../protocol/exchange";
import { replyOf } from "../protocol/reply";
import { msg, say, type Msg } from "../i18n/translate";
import { eventFrame } from "../protocol/exchange";

/** The ladder's rungs, in order. */
export type Rung = "connect" | "server/discover" | "initialize" | "lists";

export interface Finding {
  rung: Rung;
  ok: boolean;
  /** What was tried and what came back, in one sentence (English; detailMsg says it in the reader's language). */
  detail: string;
  detailMsg?: Msg;
  /** What to do about it (failures only). */
  advice?: string;
  adviceMsg?: Msg;
  /** A short name for the problem, stable for scripts (e.g. "spawn-enoent", "http-404"). */
  problem?: string;
  evidence: string[];
}

const TLS_WORDS: [RegExp, string][] = [
  [/self[- ]signed/i, "selfSigned"],
  [/expired/i, "expired"],
  [/not yet valid/i, "notYetValid"],
  [/altnames|does not match|hostname/i, "otherHost"],
  [/unable to (get|verify) (local )?issuer|first certificate|unable to verify/i, "chain"],
  [/wrong version number|EPROTO|packet length too long/i, "notTls"],
];

/** The certificate problem in words, or undefined when the message is not about TLS. */
export function tlsInWords(message: string): string | undefined {
  const words = tlsMsg(message);
  return words && say(words);
}

/** tlsInWords as a catalogue Msg (a clause of the doctor's detail). */
export function tlsMsg(message: string): Msg | undefined {
  if (!/TLS|certificate|self[- ]signed|EPROTO|SSL/i.test(message)) return undefined;
  return msg(`doctor.tls.${TLS_WORDS.find(([re]) => re.test(message))?.[1] ?? "handshake"}`);
}

function stderrOf(exchange: Exchange): string[] {
  const outcome = exchange.outcome;
  const tail = outcome.kind === "failure" ? outcome.stderrTail : undefined;
  if (tail?.length) return stderrTail(tail);
  return stderrTail(exchange.events.flatMap((e) => (e.kind === "stderr" ? [e.text] : [])));
}

const TAIL_LINES = 8;
const STACK_FRAME = /^\s+at\s/;
/** The line that says what went wrong: `Error: Cannot find module '…'`, `SyntaxError: …`, `Traceback …`, `panic: …`. */
const ERROR_LINE = /^\s*(?:[\w.]*(?:Error|Exception)\b|Traceback\b|panic:|fatal\b)|Cannot find module/i;

/**
 * The last lines of stderr, but never without the first line that names the error: a crash prints it above a
 * stack trace, so the last lines alone are stack frames (`at Module._load …`) that say nothing about the cause.
 */
export function stderrTail(lines: string[]): string[] {
  if (lines.length <= TAIL_LINES) return lines;
  const last = lines.filter((l) => l.trim() !== "").slice(-TAIL_LINES);
  const first = lines.findIndex((l) => !STACK_FRAME.test(l) && ERROR_LINE.test(l));
  if (first === -1 || last.includes(lines[first])) return last;
  return [lines[first], ...last.slice(1)];
}

function firstNonFrame(exchange: Exchange): string | undefined {
  for (const e of exchange.events)
    if (e.kind === "stdout" && eventFrame(e) === undefined && e.text.trim() !== "") return e.text.slice(0, 200);
  return undefined;
}

/** Builds the failed findings of one rung, each citing the same evidence. */
function failing(rung: Rung, evidence: string[]) {
  return (problem: string, detail: Msg, advice: Msg): Finding => ({
    rung,
    ok: false,
    problem,
    detail: say(detail),
    detailMsg: detail,
    advice: say(advice),
    adviceMsg: advice,
    evidence,
  });
}

/**
 * Diagnoses the exchange of a ladder step that did not get a JSON-RPC reply (or got one over an HTTP status that
 * says the endpoint is wrong). Returns undefined when there is a reply to judge instead.
 */
/** Words that name a control of whoever runs the doctor: the CLI's flag, or the page's field. */
export interface DoctorWords {
  /** Completes "a slow start-up needs …". */
  longerTimeout: Msg;
}

export const CLI_WORDS: DoctorWords = { longerTimeout: msg("doctor.words.cliTimeout") };

/** A message from the bridge or the operating system, kept as it came (it names paths, codes and hosts). */
const asIs = (message: string): Msg => msg("doctor.d.asIs", { message });
const a = (name: string, values?: Msg["values"]): Msg => msg(`doctor.a.${name}`, values);
const d = (name: string, values?: Msg["values"]): Msg => msg(`doctor.d.${name}`, values);

export function diagnoseTransport(exchange: Exchange, rung: Rung, words: DoctorWords = CLI_WORDS): Finding | undefined {
  const evidence = [exchange.sendId];
  const fail = failing(rung, evidence);
  const outcome = exchange.outcome;
  const status = exchange.http?.status;
  const reply = replyOf(exchange);
  if (outcome.kind === "failure") {
    const { failure, message } = outcome;
    const junk = exchange.transport === "stdio" ? firstNonFrame(exchange) : undefined;
    if (junk !== undefined && (failure === "timeout" || failure === "framing" || failure === "not-json")) {
      const line = JSON.stringify(junk);
      return fail(
        "stdout-not-json",
        failure === "timeout" ? d("junkThenSilence", { line, ms: String(exchange.timeoutMs) }) : d("junk", { line }),
        a("stdoutJsonOnly", { examples: "console.error, print(..., file=sys.stderr)" }),
      );
    }
    switch (failure) {
      case "spawn": {
        if (/ENOENT/.test(message)) return fail("spawn-enoent", asIs(message), a("enoent"));
        if (/EACCES/.test(message)) return fail("spawn-eacces", asIs(message), a("eacces", { file: "<file>" }));
        return fail("spawn", asIs(message), a("spawn"));
      }
      case "exit": {
        const tail = stderrOf(exchange);
        const exitEvent = exchange.events.find((e) => e.kind === "exit");
        const exit = exchange.process?.exit ?? (exitEvent?.kind === "exit" ? exitEvent : undefined);
        const how = exit
          ? exit.signal
            ? d("killed", { signal: exit.signal })
            : d("exitCode", { code: String(exit.code) })
          : d("exitedPlain");
        const stderr = tail.length ? d("stderrTail", { lines: tail.join(" | ") }) : d("stderrNone");
        return fail("exited", d("exited", { how, stderr }), a("exited"));
      }
      case "framing":
        return fail("stdout-not-json", d("framing", { message }), a("stdoutJsonOnlyShort"));
      case "not-json":
        return fail("not-json", asIs(message), a("notJson"));
      case "timeout":
        return fail(
          "timeout",
          d(exchange.transport === "stdio" ? "timeoutStdio" : "timeout", { ms: String(exchange.timeoutMs) }),
          exchange.transport === "stdio"
            ? a("timeoutStdio", { longer: words.longerTimeout })
            : a("timeoutHttp", { longer: words.longerTimeout }),
        );
      case "network": {
        const tls = tlsMsg(message);
        if (tls) return fail("tls", d("tls", { tls, message }), a("tls"));
        if (/does not resolve/.test(message)) return fail("dns", d("sentence", { message }), a("dns"));
        if (/connection refused/.test(message)) return fail("refused", d("sentence", { message }), a("refused"));
        return fail("network", d("sentence", { message }), a("network"));
      }
      case "http-status":
        return httpStatusFinding(status, message, rung, evidence);
      case "size":
        return fail("size", asIs(message), a("size"));
      case "refused":
        return fail("refused-by-policy", asIs(message), a("policy"));
      case "cancelled":
        return fail("cancelled", asIs(message), a("cancelled"));
    }
  }
  // A JSON-RPC reply over an HTTP status that names the endpoint, not the method, as the problem.
  if (status !== undefined && reply.kind !== "result" && [401, 403, 405, 406, 415].includes(status))
    return httpStatusFinding(status, reply.kind === "error" ? reply.message : "", rung, evidence);
  if (status === 404 && reply.kind === "none") return httpStatusFinding(status, "", rung, evidence);
  return undefined;
}

function httpStatusFinding(status: number | undefined, message: string, rung: Rung, evidence: string[]): Finding {
  const fail = failing(rung, evidence);
  const said = message ? msg("doctor.d.said", { message }) : msg("doctor.d.empty");
  switch (status) {
    case 404:
      return fail("http-404", d("http404", { said }), a("http404", { example: "http://127.0.0.1:3000/mcp" }));
    case 405:
      return fail("http-405", d("http405", { said }), a("http405"));
    case 406:
      return fail("http-406", d("http406", { said }), a("http406"));
    case 415:
      return fail("http-415", d("http415", { said }), a("http415"));
    case 401:
      return fail(
        "http-401",
        d("http401", { said }),
        a("http401", {
          flag: '--header "Authorization: Bearer <token>"',
          command: "npm run cli -- auth --url <url>",
        }),
      );
    case 403:
      return fail("http-403", d("http403", { said }), a("http403"));
    default:
      return fail(
        `http-${status ?? "status"}`,
        d("httpOther", { status: String(status ?? "error"), said }),
        a("httpOther"),
      );
  }
}
