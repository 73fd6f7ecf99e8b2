#!/usr/bin/env node
/**
 * `mcp-playground`, the installed package's one command (bundled to dist-cli/bin.mjs by scripts/build-cli.mjs). It
 * reads its arguments before loading anything heavy (./bin-route.ts), then loads only the half it needs: the
 * playground's server (dist-servers/server.mjs, as `npm start` runs it) or the CLI (./main.ts, as `npm run cli` runs it).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { asInstalled, binRoute, SERVER_USAGE } from "./bin-route";

/** What the chosen half parses: `node <this file> …args`. */
function argvFor(args: string[]): void {
  process.argv = [process.argv[0], process.argv[1], ...args];
}

/** The CLI's usage and messages say `mcp-playground <command>`, as the user typed it, not the clone's `npm run cli --`. */
function speakAsInstalled(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(typeof chunk === "string" ? asInstalled(chunk) : chunk, ...rest)) as typeof stream.write;
  }
}

async function serve(args: string[]): Promise<void> {
  argvFor(args);
  try {
    await import(new URL("../dist-servers/server.mjs", import.meta.url).href);
  } catch (e) {
    // An option the server does not know (node:util parseArgs): said plainly, not as a stack trace.
    if (!String((e as NodeJS.ErrnoException).code ?? "").startsWith("ERR_PARSE_ARGS")) throw e;
    process.stderr.write(`error: ${(e as Error).message}\n(mcp-playground --help shows the usage)\n`);
    process.exit(2);
  }
}

const route = binRoute(process.argv.slice(2));
// The embedded servers (dist-servers/) and server-everything are found under the package, whatever the user's folder.
process.env.PLAYGROUND_ROOT ??= fileURLToPath(new URL("..", import.meta.url));
if (route.kind === "version") {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
  process.stdout.write(`${pkg.version}\n`);
} else if (route.kind === "serve") await serve(route.args);
else if (route.kind === "help") {
  // The CLI's own --help, written at build time (scripts/build-cli.mjs): every command's usage without loading them.
  const cliHelp = readFileSync(new URL("./help.txt", import.meta.url), "utf8");
  process.stdout.write(`${SERVER_USAGE}\n\n${asInstalled(cliHelp)}`);
} else {
  speakAsInstalled();
  argvFor(route.args);
  await import("./main");
}
