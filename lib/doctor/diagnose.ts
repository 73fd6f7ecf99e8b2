/**
 * The connection doctor's words: one failed exchange → which step broke, what happened, and what to do. Pure: it
 * reads the Exchange the bridge recorded (outcome, HTTP status, stderr tail, process exit, received lines).
 */
import type { Exchange } from "../protocol/exchange";
import { replyOf } from "../protocol/reply";

/** The ladder's rungs, in order. */
export type Rung = "connect" | "server/discover" | "initialize" | "lists";

export interface Finding {
  rung: Rung;
  ok: boolean;
  /** What was tried and what came back, in one sentence. */
  detail: string;
  /** What to do about it (failures only). */
  advice?: string;
  /** A short name for the problem, stable for scripts (e.g. "spawn-enoent", "http-404"). */
  problem?: string;
  evidence: string[];
}

const TLS_WORDS: [RegExp, string][] = [
  [/self[- ]signed/i, "the certificate is self-signed, so nothing vouches for it"],
  [/expired/i, "the certificate has expired"],
  [/not yet valid/i, "the certificate is not valid yet (check the clocks)"],
  [/altnames|does not match|hostname/i, "the certificate was issued for another host name"],
  [
    /unable to (get|verify) (local )?issuer|first certificate|unable to verify/i,
    "the server did not send its intermediate certificates, or they lead to an authority this machine does not trust",
  ],
  [
    /wrong version number|EPROTO|packet length too long/i,
    "the server does not speak TLS on this port (is the URL https: for an http: server?)",
  ],
];

/** The certificate problem in words, or undefined when the message is not about TLS. */
export function tlsInWords(message: string): string | undefined {
  if (!/TLS|certificate|self[- ]signed|EPROTO|SSL/i.test(message)) return undefined;
  return TLS_WORDS.find(([re]) => re.test(message))?.[1] ?? "the TLS handshake failed";
}

function stderrOf(exchange: Exchange): string[] {
  const outcome = exchange.outcome;
  const tail = outcome.kind === "failure" ? outcome.stderrTail : undefined;
  if (tail?.length) return tail.slice(-8);
  return exchange.events.flatMap((e) => (e.kind === "stderr" ? [e.text] : [])).slice(-8);
}

function firstNonFrame(exchange: Exchange): string | undefined {
  for (const e of exchange.events)
    if (e.kind === "stdout" && e.frame === undefined && e.text.trim() !== "") return e.text.slice(0, 200);
  return undefined;
}

/** Builds the failed findings of one rung, each citing the same evidence. */
function failing(rung: Rung, evidence: string[]) {
  return (problem: string, detail: string, advice: string): Finding => ({
    rung,
    ok: false,
    problem,
    detail,
    advice,
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
  longerTimeout: string;
}

export const CLI_WORDS: DoctorWords = { longerTimeout: "a longer --timeout" };

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
      return fail(
        "stdout-not-json",
        `stdout carried something that is not a JSON-RPC message: ${JSON.stringify(junk)}${failure === "timeout" ? `, and no reply came within ${exchange.timeoutMs} ms` : ""}.`,
        "On stdio, stdout is for newline-delimited JSON-RPC only: send logs and banners to stderr (console.error, print(..., file=sys.stderr)).",
      );
    }
    switch (failure) {
      case "spawn": {
        if (/ENOENT/.test(message)) {
          return fail(
            "spawn-enoent",
            message,
            "Install the command or give its full path; on Windows, npm's shims are `npx.cmd`/`node.cmd` — run `where npx` and use the .cmd path (docs/doctor.md).",
          );
        }
        if (/EACCES/.test(message))
          return fail(
            "spawn-eacces",
            message,
            "Make it executable (`chmod +x <file>`), or start it through its interpreter (`node server.js`).",
          );
        return fail("spawn", message, "Run the same command line in a terminal to see why it does not start.");
      }
      case "exit": {
        const tail = stderrOf(exchange);
        const exitEvent = exchange.events.find((e) => e.kind === "exit");
        const exit = exchange.process?.exit ?? (exitEvent?.kind === "exit" ? exitEvent : undefined);
        const how = exit ? (exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`) : "exited";
        return fail(
          "exited",
          `The server ${how} before answering. ${tail.length ? `Its last stderr lines: ${tail.join(" | ")}` : "It wrote nothing to stderr."}`,
          "The stderr tail usually says why (a missing variable, file or dependency); run the command in a terminal to reproduce.",
        );
      }
      case "framing":
        return fail(
          "stdout-not-json",
          `stdout carried something that is not a JSON-RPC message (${message}).`,
          "On stdio, stdout is for newline-delimited JSON-RPC only: send logs and banners to stderr.",
        );
      case "not-json":
        return fail("not-json", message, "The frame the doctor sent was not JSON (a bug in the playground).");
      case "timeout":
        return fail(
          "timeout",
          `No answer within ${exchange.timeoutMs} ms${exchange.transport === "stdio" ? " (the process is running)" : ""}.`,
          exchange.transport === "stdio"
            ? `Check that the server reads stdin line by line and ends every reply with a newline (and flushes it); a slow start-up needs ${words.longerTimeout}.`
            : `The server accepted the connection but did not answer: check its logs; a slow handler needs ${words.longerTimeout}.`,
        );
      case "network": {
        const tls = tlsInWords(message);
        if (tls)
          return fail(
            "tls",
            `TLS failed: ${tls} (${message}).`,
            "Fix the certificate on the server, or use http:// for a local server without TLS.",
          );
        if (/does not resolve/.test(message))
          return fail(
            "dns",
            `${message}.`,
            "Check the spelling of the host name; for a server on this machine use 127.0.0.1.",
          );
        if (/connection refused/.test(message))
          return fail("refused", `${message}.`, "Start the server, and check the port it prints when it starts.");
        return fail("network", `${message}.`, "Check that the server is running and reachable from this machine.");
      }
      case "http-status":
        return httpStatusFinding(status, message, rung, evidence);
      case "size":
        return fail("size", message, "A reply that large is refused by the bridge; answer with less.");
      case "refused":
        return fail("refused-by-policy", message, "The playground refused to send this (see the message).");
      case "cancelled":
        return fail("cancelled", message, "Run the diagnosis again.");
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
  const said = message ? ` (${message})` : "";
  switch (status) {
    case 404:
      return fail(
        "http-404",
        `HTTP 404 Not Found${said}: nothing is served at this path.`,
        "Most servers serve MCP at /mcp: try the URL ending in /mcp (e.g. http://127.0.0.1:3000/mcp).",
      );
    case 405:
      return fail(
        "http-405",
        `HTTP 405 Method Not Allowed${said}: this path does not take POST.`,
        "Streamable HTTP takes POST at the MCP endpoint; this is probably another page of the site — check the path (often /mcp).",
      );
    case 406:
      return fail(
        "http-406",
        `HTTP 406 Not Acceptable${said}.`,
        "The server rejected the Accept header the playground sends (application/json, text/event-stream): it must accept both.",
      );
    case 415:
      return fail(
        "http-415",
        `HTTP 415 Unsupported Media Type${said}.`,
        "The server rejected Content-Type: application/json: MCP requests are JSON bodies.",
      );
    case 401:
      return fail(
        "http-401",
        `HTTP 401 Unauthorized${said}: the server wants credentials.`,
        'Add an authorization header (--header "Authorization: Bearer <token>", or the Headers field in the target bar); a server that follows MCP authorization also names its Protected Resource Metadata in WWW-Authenticate, and the Auth tab (or npm run cli -- auth --url <url>) runs that flow step by step.',
      );
    case 403:
      return fail(
        "http-403",
        `HTTP 403 Forbidden${said}.`,
        "Often an Origin/Host check (DNS-rebinding protection): allow the playground's origin in the server's allow-list, or the credentials lack a permission.",
      );
    default:
      return fail(
        `http-${status ?? "status"}`,
        `HTTP ${status ?? "error"}${said}.`,
        "The server answered with an HTTP error and no JSON-RPC message; check its logs.",
      );
  }
}
