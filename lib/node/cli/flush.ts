/**
 * The CLI's way out. A pipe holds 64 KiB; Node writes the rest of a long report (a `check --json` is often 150 KB) as the
 * reader takes it, so `process.exit` before then cuts the output (issue 44: `check … --json | jq` read 65,536 bytes).
 * exitWhenFlushed waits until stdout and stderr have handed everything to the reader, however slow, then exits.
 * A reader that went away (`| head`) is not an error: the output it did not want is dropped (EPIPE).
 */

/** Resolves once everything written to `stream` so far has left this process, or once nobody reads it any more. */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    // Writes go out in order: the callback of an empty write runs after every earlier write is done (or failed).
    stream.write("", () => resolve());
  });
}

/** Output nobody reads any more is dropped; any other write error still surfaces. */
export function dropOutputNobodyReads(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
    });
}

/**
 * Exits with `code` once stdout and stderr are flushed. Exiting explicitly (rather than letting the event loop empty)
 * keeps keep-alive sockets or stdin from holding the CLI open once its work is done.
 */
export async function exitWhenFlushed(code: number): Promise<never> {
  process.exitCode = code;
  await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
  process.exit(code);
}
