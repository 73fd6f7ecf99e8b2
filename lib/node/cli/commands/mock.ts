/**
 * npm run cli -- mock <cassette> [--http [--port N]] [--meta ignore|strict] [--match loose|strict] [--target N]
 * Serves a cassette (or anything `cassette` reads) as an MCP server: over stdio until stdin ends, or over
 * Streamable HTTP on 127.0.0.1 (its URL is printed on stdout) until SIGINT/SIGTERM. Matching rules:
 * lib/cassette/match.ts. Exit codes: 0 served to the end, 1 the cassette could not be read, 2 usage error.
 */
import { CassetteMatcher } from "@/lib/cassette/match";
import { serveMockHttp, serveMockStdio } from "@/lib/node/cassette/mock";
import { readCassetteInput } from "../cassette-input";
import { parseOwnArgs, usageFailure } from "../args";
import { reportMaking } from "./cassette";
import { terminalSafe } from "../terminal-text";
import type { CliCommand } from "./command";

const USAGE =
  "npm run cli -- mock <cassette> [--http [--port N]] [--meta ignore|strict] [--match loose|strict] [--target N]";
const HELP = `usage: ${USAGE}

  --http             serve Streamable HTTP on 127.0.0.1 (default: stdio); the endpoint URL is printed on stdout
  --port N           the HTTP port (default: any free one)
  --meta ignore      _meta is not compared (default); strict: it must equal the recording's
  --match loose      cursor and requestState are compared only when an equal one was recorded (default); strict: always
  --target N         which recorded target to serve, for a cassette of several (default 0)
  ids are never compared; an answer carries the caller's id. An unmatched request gets a JSON-RPC error naming
  the closest recorded request.`;

function wholeNumber(text: string | undefined, flag: string, max: number): number | string | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max
    ? n
    : `${flag} must be a whole number from 0 to ${max}, not ${JSON.stringify(text)}`;
}

async function run(argv: string[]): Promise<number> {
  const parsed = parseOwnArgs(
    argv,
    {
      http: { type: "boolean", default: false },
      port: { type: "string" },
      meta: { type: "string", default: "ignore" },
      match: { type: "string", default: "loose" },
      target: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    HELP,
  );
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return usageFailure("name one cassette", HELP);
  if (values.meta !== "ignore" && values.meta !== "strict")
    return usageFailure(`--meta must be ignore or strict, not ${JSON.stringify(values.meta)}`, HELP);
  if (values.match !== "loose" && values.match !== "strict")
    return usageFailure(`--match must be loose or strict, not ${JSON.stringify(values.match)}`, HELP);
  const port = wholeNumber(values.port, "--port", 65535);
  const target = wholeNumber(values.target, "--target", 1000);
  if (typeof port === "string") return usageFailure(port, HELP);
  if (typeof target === "string") return usageFailure(target, HELP);
  if (port !== undefined && !values.http) return usageFailure("--port goes with --http", HELP);

  const input = await readCassetteInput(positionals[0]);
  if (!input.ok) {
    process.stderr.write(`could not serve the cassette: ${input.reason}\n`);
    return 1;
  }
  reportMaking(input);
  let matcher: CassetteMatcher;
  try {
    matcher = new CassetteMatcher(input.cassette, { meta: values.meta, state: values.match, target });
  } catch (e) {
    process.stderr.write(`could not serve the cassette: ${(e as Error).message}\n`);
    return 1;
  }
  const recorded = input.cassette.targets[target ?? 0];
  const what = `replay of ${terminalSafe(recorded.label)} (${recorded.era}${recorded.protocolVersion ? ` ${recorded.protocolVersion}` : ""})`;
  if (!values.http) {
    process.stderr.write(`mock: serving ${what} over stdio\n`);
    await serveMockStdio(matcher);
    return 0;
  }
  const { url, server } = await serveMockHttp(matcher, port);
  process.stderr.write(`mock: serving ${what} over Streamable HTTP; stop with Ctrl+C\n`);
  process.stdout.write(`${url}\n`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return 0;
}

export const command: CliCommand = { usage: USAGE, run };
