/** The strict option parsing the target commands share: a bad flag is a usage error (exit 2), --help prints the help. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./target";

type Options = NonNullable<ParseArgsConfig["options"]>;

type Values<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>
>["values"];

/** Parses strictly; on --help writes `help` to stdout and returns "help"; a bad flag goes to `bad`. */
function parseStrict<O extends Options, B>(
  argv: string[],
  options: O,
  help: string,
  bad: (message: string) => B,
): Values<O> | "help" | B {
  let values: Values<O>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    return bad((e as Error).message);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(`${help}\n`);
    return "help";
  }
  return values;
}

/** The parsed options, or undefined when --help was asked (the help is then written to stdout). */
export function parseOptions<O extends Options>(argv: string[], options: O, help: string): Values<O> | undefined {
  const values = parseStrict(argv, options, help, (message): never => {
    throw new UsageError(message);
  });
  return values === "help" ? undefined : values;
}

/** A usage error as the commands that print their own usage report it: the message, then the usage; exit 2. */
export function usageFailure(message: string, usage: string): number {
  process.stderr.write(`error: ${message}\n${usage}\n`);
  return 2;
}

/** For commands that print their own usage: the parsed options, or the exit code (--help: 0, a bad flag: 2). */
export function parseOwnOptions<O extends Options>(argv: string[], options: O, usage: string): Values<O> | number {
  const values = parseStrict(argv, options, usage, (message) => usageFailure(message, usage));
  return values === "help" ? 0 : values;
}

type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true; tokens: true }>
>;

/**
 * For commands that print their own usage and read positionals (or the tokens, for options given in order): the
 * parse, or the exit code (--help: 0, a bad flag or an unwanted positional: 2).
 */
export function parseOwnArgs<O extends Options>(
  argv: string[],
  options: O,
  usage: string,
  { allowPositionals = true } = {},
): Parsed<O> | number {
  let parsed: Parsed<O>;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals, tokens: true }) as Parsed<O>;
  } catch (e) {
    return usageFailure((e as Error).message, usage);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  return parsed;
}

/** Options that take a string value, by name. */
export function textOptions<K extends string>(...names: K[]): Record<K, { type: "string" }> {
  return Object.fromEntries(names.map((name) => [name, { type: "string" }])) as Record<K, { type: "string" }>;
}

/** A switch that is off unless given. */
export const SWITCH = { type: "boolean", default: false } as const;

/** --json and -h/--help, which the commands share. */
export const JSON_AND_HELP = { json: SWITCH, help: { type: "boolean", short: "h", default: false } } as const;
