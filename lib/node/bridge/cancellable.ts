/**
 * A send that a caller's AbortSignal can stop (the MCP server's tools on notifications/cancelled): refused once the
 * signal has fired, and cancelled in flight (in-flight.ts `cancel`: stdio sends notifications/cancelled, HTTP closes
 * the stream) when it fires during the send. Without a signal it is the send as is.
 */
import { cancel } from "./in-flight";

export class SendCancelled extends Error {
  constructor() {
    super("cancelled: the caller cancelled this run; nothing more was sent");
  }
}

export async function cancellable<T>(
  signal: AbortSignal | undefined,
  sendId: string,
  run: (sendId: string) => Promise<T>,
): Promise<T> {
  if (!signal) return run(sendId);
  if (signal.aborted) throw new SendCancelled();
  const onAbort = () => void cancel(sendId);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    return await run(sendId);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}
