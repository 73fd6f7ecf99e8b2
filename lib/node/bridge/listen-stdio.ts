/**
 * A listen stream over stdio: the listen request stays in flight on the kept-up process and claims the stdout frames
 * that carry its subscription id (they reach neither other exchanges nor the backlog); closing it writes
 * notifications/cancelled.
 */
import type { ParsedListenRequest } from "@/lib/bridge/listen-contract";
import { classifyListenFrame, type ListenFrameKind } from "@/lib/protocol/listen";
import { endWith, type ListenEnd, type StreamingRecorder } from "./listen-recorder";
import { msg } from "@/lib/i18n/translate";
import { acquireKept, type ProcessEvent, type StdioSpec } from "./stdio";

/** How a frame of the subscription ends the stream (a notification of it keeps it open). */
const STREAM_ENDS: Partial<Record<ListenFrameKind, ListenEnd>> = {
  closed: endWith("closed-by-server", msg("cacheListen.end.closedByServer")),
  error: endWith("error-response", msg("cacheListen.end.errorResponse")),
  cancelled: endWith("cancelled-by-server", msg("cacheListen.end.cancelledByServer")),
};

function cancelFrameFor(listenId: string | number): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    method: "notifications/cancelled",
    params: { requestId: listenId, reason: "The user closed the listen stream" },
  });
}

export function listenStdio(
  spec: StdioSpec,
  req: ParsedListenRequest,
  listenId: string | number,
  rec: StreamingRecorder,
  signal: AbortSignal,
): Promise<ListenEnd> {
  const acquired = acquireKept(spec);
  if (!acquired.ok) return Promise.resolve({ reason: "failure", message: acquired.message });
  const proc = acquired.proc;
  return proc.ready.then((started) => {
    if (!started) return { reason: "failure" as const, message: proc.spawnError ?? "the process did not start" };
    if (acquired.spawned) rec.add(proc.spawnEvent());
    return new Promise<ListenEnd>((resolve) => {
      let done = false;
      let heard = false;
      const cancelFrame = cancelFrameFor(listenId);
      const finish = (end: ListenEnd) => {
        if (done) return;
        done = true;
        release();
        clearTimeout(ackTimer);
        clearTimeout(limitTimer);
        signal.removeEventListener("abort", onAbort);
        resolve(end);
      };
      const sendCancel = () => {
        if (proc.writeLine(cancelFrame)) rec.add({ kind: "stdin", text: cancelFrame });
      };
      const release = proc.claim((event: ProcessEvent) => {
        if (done) return false;
        if (event.kind === "exit") {
          rec.add({ kind: "exit", at: event.at, pid: event.pid, code: event.code, signal: event.signal });
          finish(endWith("transport-closed", msg("cacheListen.end.processEnded", { pid: String(event.pid) })));
          return false; // the exchange in flight (if any) must see the exit too
        }
        if (event.kind !== "stdout" || event.frame === undefined) return false;
        const kind = classifyListenFrame(event.frame, listenId);
        if (kind === "foreign") return false;
        heard = true;
        rec.add({ kind: "stdout", at: event.at, text: event.text, frame: event.frame });
        const end = STREAM_ENDS[kind];
        if (end) finish(end);
        return true;
      });
      const onAbort = () => {
        sendCancel();
        finish(endWith("closed-by-user", msg("cacheListen.end.closedByUserStdio", { id: JSON.stringify(listenId) })));
      };
      const ackTimer = setTimeout(() => {
        if (!heard)
          rec.note(
            `no frame of this subscription after ${req.ackTimeoutMs} ms (the acknowledgement must come first); still listening`,
          );
      }, req.ackTimeoutMs);
      const limitTimer = setTimeout(() => {
        sendCancel();
        finish(endWith("limit", msg("cacheListen.end.limitStdio", { ms: String(req.maxDurationMs) })));
      }, req.maxDurationMs);
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort);
      if (!proc.writeLine(req.frame))
        return finish(endWith("failure", msg("cacheListen.end.noStdin", { pid: String(proc.pid) })));
      rec.add({ kind: "stdin", text: req.frame });
    });
  });
}
