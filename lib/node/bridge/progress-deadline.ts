/**
 * A request's timeout that respects progress (basic/patterns/progress.mdx, "Timeouts"): each
 * notifications/progress carrying the request's progressToken restarts the timeout, but never past a maximum total
 * time from the send. Shared by the stdio and HTTP exchanges; it only schedules and counts, the caller says what a
 * timeout means.
 */
import { asObject } from "@/lib/protocol/json";

export interface ProgressPolicy {
  /** Restart the timeout on progress for the request's token (default true). */
  reset: boolean;
  /** The ceiling from the send, whatever progress says. */
  maxTotalMs: number;
}

/** The progressToken a request frame carries in params._meta, if any. */
export function progressTokenOf(frame: unknown): string | number | undefined {
  const token = asObject(asObject(asObject(frame)?.params)?._meta)?.progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}

function isProgressFor(frame: unknown, token: string | number): boolean {
  const f = asObject(frame);
  return f?.method === "notifications/progress" && asObject(f.params)?.progressToken === token;
}

export class ProgressDeadline {
  private timer: NodeJS.Timeout | undefined;
  private readonly startedAt = Date.now();
  /** How many progress notifications restarted the timeout. */
  extensions = 0;
  /** The timeout fired at the maximum total, not after a quiet period. */
  capped = false;

  constructor(
    private readonly timeoutMs: number,
    private readonly token: string | number | undefined,
    private readonly policy: ProgressPolicy | undefined,
    private readonly onExpire: () => void,
  ) {}

  start(): void {
    this.schedule();
  }

  /** Looks at a frame the server sent; true when it restarted the timeout. */
  observe(frame: unknown): boolean {
    if (!this.timer || this.token === undefined || !this.policy?.reset || !isProgressFor(frame, this.token))
      return false;
    this.extensions += 1;
    this.schedule();
    return true;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** For the card: what progress did to the timeout (undefined when nothing). */
  summary(): string | undefined {
    if (this.extensions === 0) return undefined;
    return `progress extended the timeout ${this.extensions} time${this.extensions > 1 ? "s" : ""} (each notifications/progress for token ${JSON.stringify(this.token)} restarted the ${this.timeoutMs} ms timeout; at most ${this.policy!.maxTotalMs} ms in all)${this.capped ? "; the maximum total time was reached" : ""}`;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const total = Math.max(this.timeoutMs, this.policy?.maxTotalMs ?? this.timeoutMs);
    const left = this.startedAt + total - Date.now();
    const wait = Math.max(0, Math.min(this.timeoutMs, left));
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.capped = this.extensions > 0 && wait < this.timeoutMs;
      this.onExpire();
    }, wait);
  }
}
