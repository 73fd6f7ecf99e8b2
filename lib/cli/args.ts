/** The strict option parsing the target commands share: a bad flag is a usage error (exit 2), --help prints the help. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./target";

type Options = NonNullable<ParseArgsConfig["options"]>;

type Values<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: false }>>["values"];

/** The parsed options, or undefined when --help was asked (the help is then written to stdout). */
export function parseOptions<O extends Options>(argv: string[], options: O, help: string): Values<O> | undefined {
  let values: Values<O>;
  try {
    values = parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if ((values as { help?: boolean }).help) {
    process.stdout.write(`${help}\n`);
    return undefined;
  }
  return values;
}
