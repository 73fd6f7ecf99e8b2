/**
 * npm run cli -- tokens <target> [--handshake auto|none|legacy|modern] [--encoding …] [--layout …] [--json]
 * Fetches the target's catalogue (every tools/list page, plus the instructions) and prints its token bill.
 * Exit codes: 0 billed, 1 the catalogue could not be fetched or billed, 2 usage error.
 */
import { cliLocale, cliT } from "../lang";
import { fleetCost } from "@/lib/tokens/bill";
import { isHandshake } from "@/lib/tokens/catalogue";
import { billBounded, isCountError, warmTokenCounter } from "@/lib/node/tokens/counting";
import { fetchCatalogue } from "@/lib/tokens/fetch";
import { DEFAULT_BILL_OPTIONS, DEFAULT_FLEET, isEncoding, isFieldSet, type BillOptions } from "@/lib/tokens/options";
import { billToJson, billToText } from "@/lib/tokens/report";
import { isLayout } from "@/lib/tokens/serialize";
import { formatExchange } from "../format";
import { targetTransport } from "@/lib/bridge/target";
import { TARGET_OPTIONS, TARGET_USAGE, UsageError, buildTarget, probeSender, timeoutOf } from "../target";
import type { CliCommand } from "./command";
import { parseOptions } from "../args";

const USAGE_LINE =
  "npm run cli -- tokens <target> [--handshake auto|none|legacy|modern] [--encoding o200k_base|cl100k_base] [--layout python|compact|python-unicode] [--fields prompt|whole] [--json]";

const USAGE = `usage: npm run cli -- tokens <target> [options]

  --handshake auto|none|legacy|modern   how to ask (default auto: server/discover, falling back to initialize)
  --caps '<json>'                       client capabilities to declare (default {}; the catalogue may change with them)
  --encoding o200k_base|cl100k_base     default o200k_base
  --layout python|compact|python-unicode  default python (json.dumps, the chapter's)
  --fields prompt|whole                 prompt = name + description + inputSchema (default); whole = as received
  --servers N --window W                "N servers like this one … of a W-token window" (default 5, 200000)
  --trace                               print every exchange before the bill
  --json                                tools, bytes, toolsTokens, sumOfPerTool, perTool, instructionsTokens, totalTokens, measured

${TARGET_USAGE}`;

const OPTIONS = {
  ...TARGET_OPTIONS,
  handshake: { type: "string", default: "auto" },
  caps: { type: "string", default: "{}" },
  encoding: { type: "string", default: DEFAULT_BILL_OPTIONS.encoding },
  layout: { type: "string", default: DEFAULT_BILL_OPTIONS.layout },
  fields: { type: "string", default: DEFAULT_BILL_OPTIONS.fieldSet },
  servers: { type: "string", default: String(DEFAULT_FLEET.servers) },
  window: { type: "string", default: String(DEFAULT_FLEET.window) },
  trace: { type: "boolean", default: false },
  json: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

function wholeNumber(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a whole number of at least 1, not ${JSON.stringify(text)}`);
  return n;
}

function capabilities(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--caps is not JSON: ${(e as Error).message}`);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new UsageError("--caps must be a JSON object, e.g. '{}' or '{\"roots\":{}}'");
  return value as Record<string, unknown>;
}

/** The options as parsed from `tokens`' argv (the MCP server's tokens tool parses its arguments the same way). */
export type TokensValues = NonNullable<ReturnType<typeof parseOptions<typeof OPTIONS>>>;

export function tokensValues(argv: string[]): TokensValues | undefined {
  return parseOptions(argv, OPTIONS, USAGE);
}

type Step = Awaited<ReturnType<typeof fetchCatalogue>>["steps"][number];

/** The bill (what --json prints, and the text in --lang), or why the catalogue could not be fetched or billed. */
export type TokensRun =
  | {
      ok: true;
      json: ReturnType<typeof billToJson> & { fleet: ReturnType<typeof fleetCost> };
      text: () => string;
      steps: Step[];
    }
  | { ok: false; error: string; steps: Step[] };

/** Fetches the catalogue of the target the options name and bills it (the CLI's tokens and the MCP server's). */
export async function tokensRun(values: TokensValues, signal?: AbortSignal): Promise<TokensRun> {
  const { handshake, encoding, layout, fields } = values;
  if (!isHandshake(handshake))
    throw new UsageError(`--handshake must be auto, none, legacy or modern, not ${JSON.stringify(handshake)}`);
  if (!isEncoding(encoding))
    throw new UsageError(`--encoding must be o200k_base or cl100k_base, not ${JSON.stringify(encoding)}`);
  if (!isLayout(layout))
    throw new UsageError(`--layout must be python, compact or python-unicode, not ${JSON.stringify(layout)}`);
  if (!isFieldSet(fields)) throw new UsageError(`--fields must be prompt or whole, not ${JSON.stringify(fields)}`);
  const fleet = { servers: wholeNumber(values.servers, "--servers"), window: wholeNumber(values.window, "--window") };
  const clientCapabilities = capabilities(values.caps);
  const timeoutMs = timeoutOf(values);
  const { target, ctx } = await buildTarget(values);
  const overHttp = targetTransport(target) === "http";
  warmTokenCounter(encoding); // the counter loads its tokenizer while the server answers

  const fetched = await fetchCatalogue(probeSender(target, ctx, timeoutMs, "tokens", "keep", signal), {
    handshake,
    clientCapabilities,
    transport: overHttp ? "http" : "stdio",
    target: values.stdio ?? values.url ?? `demo ${values.demo}`,
  });
  if (!fetched.ok)
    return { ok: false, error: `could not fetch the catalogue: ${fetched.message}`, steps: fetched.steps };
  const options: BillOptions = { encoding, layout, fieldSet: fields };
  let bill;
  try {
    bill = await billBounded(fetched.catalogue, options); // the same bounded path as /api/tokens
  } catch (e) {
    if (!isCountError(e)) throw e;
    return { ok: false, error: `could not bill the catalogue: ${e.message}`, steps: fetched.steps };
  }
  const billed = bill;
  return {
    ok: true,
    json: { ...billToJson(billed), fleet: fleetCost(billed.totalTokens, fleet.servers, fleet.window) },
    text: () => billToText(billed, fleet, cliT(), cliLocale()),
    steps: fetched.steps,
  };
}

async function run(argv: string[]): Promise<number> {
  const values = tokensValues(argv);
  if (!values) return 0;
  const result = await tokensRun(values);
  if (values.trace) {
    for (const step of result.steps)
      process.stdout.write([`# ${step.label}`, ...formatExchange(step.exchange), ""].join("\n") + "\n");
  }
  if (!result.ok) {
    const more = result.error.startsWith("could not fetch") && !values.trace ? "(--trace shows every exchange)\n" : "";
    process.stderr.write(`error: ${result.error}\n${more}`);
    return 1;
  }
  process.stdout.write((values.json ? JSON.stringify(result.json, null, 2) : result.text()) + "\n");
  return 0;
}

export const command: CliCommand = { usage: USAGE_LINE, run };
