/** What a listen stream records as it goes (./listen): each event forwarded the moment it arrives, and how it ended. */
import type { WireEvent } from "@/lib/bridge/contract";
import type { ListenEndReason } from "@/lib/bridge/listen-contract";
import { say, type Msg } from "@/lib/i18n/translate";
import { ExchangeRecorder, recordedEvent, type WireEventInput } from "./recorder";

export interface ListenEnd {
  reason: ListenEndReason;
  /** English; messageMsg says it in the reader's language (absent for a message from elsewhere, e.g. the OS). */
  message: string;
  messageMsg?: Msg;
}

/** An end whose English message is said from the same catalogue entry as every other language's. */
export function endWith(reason: ListenEndReason, messageMsg: Msg): ListenEnd {
  return { reason, message: say(messageMsg), messageMsg };
}

/**
 * An ExchangeRecorder that hands every event to `sink` the moment it arrives and keeps none: a stream has no
 * finished Exchange to build, and it may run far past LIMITS.maxEventsPerExchange (the page keeps its own tail).
 */
export class StreamingRecorder extends ExchangeRecorder {
  forwarded = 0;
  constructor(
    init: ConstructorParameters<typeof ExchangeRecorder>[0],
    private readonly sink: (event: WireEvent) => void,
  ) {
    super(init);
  }
  override add(input: WireEventInput): void {
    this.forwarded++;
    this.sink(recordedEvent(input, this.elapsed(input.at)));
  }
  override receive(frame: unknown): void {
    void frame; // it rides in its event; nothing is kept
  }
}
