/**
 * `npm run cli -- link …`: share links from a terminal, over the same lib/share the page uses.
 *   link decode '<url or #fragment>' [--json]     the state as a Markdown transcript (or the state JSON); sends nothing
 *   link encode <session.json> [--base <url>]     a session file → a link (what was left out goes to stderr)
 *   link examples [--base <url>]                  every gallery example: id, link length, link
 * Exit codes: 0 ok, 1 the link or file could not be read, 2 usage error.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { decodeShareFragment, encodeShareFragment, linkErrorMessage, withFragment } from "@/lib/share/codec";
import { EXAMPLES } from "@/lib/share/examples";
import { importSessionFile } from "@/lib/share/session-file";
import { markdownTranscript } from "@/lib/share/transcript";
import type { CliCommand } from "./command";

const USAGE =
  "npm run cli -- link decode '<link>' [--json] | link encode <session.json> [--base <page url>] | link examples [--base <page url>]";

const DEFAULT_BASE = "http://127.0.0.1:3000/";

function out(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

export async function run(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        json: { type: "boolean", default: false },
        base: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    process.stderr.write(`error: ${(e as Error).message}\nusage: ${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [action, arg] = positionals;
  const base = values.base ?? DEFAULT_BASE;
  if (values.help) {
    out(USAGE);
    return 0;
  }
  switch (action) {
    case "decode": {
      if (!arg) break;
      const hash = arg.includes("#") ? arg.slice(arg.indexOf("#")) : arg;
      const r = await decodeShareFragment(hash);
      if (r.kind === "none") {
        process.stderr.write("could not load this link: it has no playground state (#v=…&s=…)\n");
        return 1;
      }
      if (r.kind === "error") {
        process.stderr.write(`${linkErrorMessage(r.reason)}\n`);
        return 1;
      }
      out(values.json ? JSON.stringify(r.state, null, 2) : markdownTranscript(r.state));
      return 0;
    }
    case "encode": {
      if (!arg) break;
      let text: string;
      try {
        text = readFileSync(arg, "utf8");
      } catch (e) {
        process.stderr.write(`could not read ${arg}: ${(e as Error).message}\n`);
        return 1;
      }
      const r = importSessionFile(text);
      if (!r.ok) {
        process.stderr.write(`could not import this file: ${r.reason}\n`);
        return 1;
      }
      const link = await encodeShareFragment(r.state);
      for (const line of link.omitted) process.stderr.write(`left out: ${line}\n`);
      out(withFragment(base, link.fragment));
      return 0;
    }
    case "examples": {
      for (const example of EXAMPLES) {
        const { fragment } = await encodeShareFragment(example.state);
        out(`${example.id}\t${fragment.length}\t${withFragment(base, fragment)}`);
      }
      return 0;
    }
  }
  process.stderr.write(
    `error: ${action ? `link ${action} needs an argument or is unknown` : "name an action"}\nusage: ${USAGE}\n`,
  );
  return 2;
}

export const command: CliCommand = { usage: USAGE, run };
