/**
 * A local answer as an exchange record: the client cache answered, nothing went on the wire. The timeline
 * shows it like any exchange, with no wire events but one note saying so, and `local` set.
 */
import { englishT, type Translate } from "../../i18n/translate";
import { keepSentOnce, type Exchange, type SendHead } from "../../protocol/exchange";
import { humanAge } from "./describe";
import { answerFromCache, type CacheEntry } from "./store";

export interface LocalAnswerInit extends SendHead {
  sentFrame: unknown;
  requestId: string | number;
  entry: CacheEntry;
  ageMs: number;
  now: number;
}

export function servedFromCacheText(ageMs: number, t: Translate = englishT): string {
  return t("cache.served", { age: humanAge(ageMs, t) });
}

export function localAnswerExchange(init: LocalAnswerInit): Exchange & { local: NonNullable<Exchange["local"]> } {
  const frame = answerFromCache(init.entry, init.requestId);
  // Nothing crossed the wire, so no event carries the sent frame either: the record keeps its text, the parse beside it.
  const exchange: Exchange & { local: NonNullable<Exchange["local"]> } = {
    sendId: init.sendId,
    startedAt: init.now,
    durationMs: 0,
    targetLabel: init.targetLabel,
    transport: init.transport,
    sent: init.sent,
    // Nothing crossed the wire, so no event carries the answer: it is kept whole.
    received: [{ frame }],
    outcome: { kind: "response", frame },
    events: [
      {
        t: 0,
        kind: "note",
        text: `${servedFromCacheText(init.ageMs)} (${init.entry.keyLabel}, ${init.entry.scope}): nothing was sent to the server`,
      },
    ],
    timeoutMs: init.timeoutMs,
    local: {
      kind: "cache",
      entryId: init.entry.id,
      keyLabel: init.entry.keyLabel,
      ageMs: init.ageMs,
      receivedAt: init.entry.receivedAt,
    },
  };
  return keepSentOnce(exchange, { frame: init.sentFrame });
}
