/** A process event as the exchange record keeps it (stdout frames also go to `received`). */
import type { ExchangeRecorder } from "../recorder";
import type { ProcessEvent } from "./events";

/** `unsolicited`: it arrived between sends, not in reaction to this exchange's frame. */
export function recordEvent(rec: ExchangeRecorder, event: ProcessEvent, unsolicited: boolean): void {
  switch (event.kind) {
    case "stdout": {
      const { bytes, owner, ...line } = event; // bytes feed the per-exchange size limit; owner, the matching
      void bytes;
      void owner;
      rec.add(unsolicited ? { ...line, unsolicited } : line);
      if (event.frame !== undefined) rec.receive(event.frame);
      return;
    }
    case "skipped":
      return; // counted by the exchange, never recorded
    case "stderr":
      rec.add({ kind: "stderr", at: event.at, text: event.text, ...(unsolicited ? { unsolicited } : {}) });
      return;
    case "exit":
      rec.add({
        kind: "exit",
        at: event.at,
        pid: event.pid,
        code: event.code,
        signal: event.signal,
        ...(unsolicited ? { unsolicited } : {}),
      });
      return;
    case "note":
      rec.add({ kind: "note", at: event.at, text: event.text });
      return;
    case "fatal":
      rec.add({ kind: "note", at: event.at, text: event.message });
      return;
  }
}
