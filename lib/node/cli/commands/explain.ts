/**
 * npm run cli -- explain --frame '<frame text>' [--json] [--direction sent|received] [--request-method <m>]
 *                        [--transport stdio|http] [--era modern|legacy|unknown]
 * npm run cli -- explain --code <json-rpc code> | --status <http status> [--request-method <m>] [--json]
 * Annotates a frame (or explains an error code / HTTP status) with the same lib the UI uses. Starts no process.
 */
import { englishT } from "@/lib/i18n/translate";
import { cliT } from "../lang";
import { readFileSync } from "node:fs";
import type { CliCommand } from "./command";
import { JSON_AND_HELP, parseOwnOptions, textOptions, usageFailure } from "../args";
import {
  explainErrorCode,
  explainFrame,
  explainHttpStatus,
  type Annotation,
  type ErrorCard,
  type ExplainContext,
} from "@/lib/explain";

export const EXPLAIN_USAGE = `usage:
  npm run cli -- explain --frame '<frame text>' [--json] [--direction sent|received] [--request-method <method>]
                         [--transport stdio|http] [--era modern|legacy|unknown]
  npm run cli -- explain --file <path> [...]        reads the frame from a file (--frame - or --file - = stdin)
  npm run cli -- explain --code=<code> | --status <http status> [--request-method <method>] [--http-method GET|POST|DELETE] [--json]
  (a negative code needs the = form: --code=-32601)`;

const OPTIONS = {
  ...textOptions("frame", "file", "code", "status", "direction", "request-method", "http-method", "transport", "era"),
  ...JSON_AND_HELP,
} as const;

const fail = (message: string): number => usageFailure(message, EXPLAIN_USAGE);

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`${flag} must be one of ${allowed.join(", ")}, not ${JSON.stringify(value)}`);
  return value as T;
}

export function formatAnnotations(annotations: Annotation[]): string[] {
  return annotations.map(
    (a) => `${a.level.padEnd(10)} ${a.path || "(frame)"}  ${a.text}  [${a.specRef}]${a.badge ? `  {${a.badge}}` : ""}`,
  );
}

function formatCard(card: ErrorCard): string[] {
  const t = cliT();
  return [
    `${card.title}${card.badge ? `  {${card.badge}}` : ""}`,
    `  ${t("cli.means")} ${card.meaning}`,
    `  ${t("cli.next")} ${card.next}`,
    `  ${t("cli.spec")} ${card.specRef}`,
  ];
}

function integer(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`${flag} must be an integer, not ${JSON.stringify(value)}`);
  return n;
}

export async function run(argv: string[]): Promise<number> {
  const values = parseOwnOptions(argv, OPTIONS, EXPLAIN_USAGE);
  if (typeof values === "number") return values;
  try {
    const requestMethod = values["request-method"];
    const sources = [values.frame, values.file, values.code, values.status].filter((v) => v !== undefined);
    if (sources.length !== 1)
      return fail(
        sources.length === 0
          ? "give --frame, --file, --code or --status"
          : "give only one of --frame, --file, --code, --status",
      );
    if (values.code !== undefined || values.status !== undefined) {
      // --json is for programs: English; the human card is in --lang.
      const t = values.json ? englishT : cliT();
      const card =
        values.code !== undefined
          ? explainErrorCode(integer(values.code, "--code"), { requestMethod }, t)
          : explainHttpStatus(
              integer(values.status!, "--status"),
              { requestMethod, httpMethod: values["http-method"]?.toUpperCase() },
              t,
            );
      process.stdout.write(values.json ? `${JSON.stringify({ card }, null, 2)}\n` : `${formatCard(card).join("\n")}\n`);
      return 0;
    }
    const fromStdin = values.frame === "-" || values.file === "-";
    const text = fromStdin ? readFileSync(0, "utf8") : (values.frame ?? readFileSync(values.file!, "utf8"));
    const context: ExplainContext = {
      direction: oneOf(values.direction, ["sent", "received"] as const, "--direction"),
      requestMethod,
      transport: oneOf(values.transport, ["stdio", "http"] as const, "--transport"),
      serverEra: oneOf(values.era, ["modern", "legacy", "unknown"] as const, "--era"),
      // --json is for programs: English; the human lines are in --lang.
      t: values.json ? englishT : cliT(),
    };
    const annotations = explainFrame(text.trim(), context);
    process.stdout.write(
      values.json ? `${JSON.stringify({ annotations }, null, 2)}\n` : `${formatAnnotations(annotations).join("\n")}\n`,
    );
    return 0;
  } catch (e) {
    return fail((e as Error).message);
  }
}

export const command: CliCommand = {
  usage:
    "npm run cli -- explain --frame '<frame text>' [--json]   annotate every field of a frame (explain --help for more)",
  run,
};
