/**
 * Fair shares of a scarce thing (auth demos, browser sign-ins, token-counting workers, listen streams): at most
 * `perClient` held by one client and `global` by everyone. A refusal says which cap was hit and what to do, so a
 * client that hits its own share is not told the instance is full, and one that finds the instance full knows it
 * is not its fault. Callers turn a refusal into a 429 (BridgeError "rate-limited").
 */
import { countDown, releaseOnce } from "./release";

export type SlotGrant = { ok: true; release(): void } | { ok: false; cap: "client" | "global"; message: string };

export interface FairSlotsOptions {
  /** What is held, plural, for messages ("auth demos running"). */
  what: string;
  global: number;
  /** Read at each take (hosted mode is read from the environment at call time). */
  perClient: () => number;
  /** The end of a refusal: what to do ("try again when it finishes"). */
  advice: string;
}

export class FairSlots {
  private readonly held = new Map<string, number>();
  private total = 0;

  constructor(private readonly options: FairSlotsOptions) {}

  take(client: string): SlotGrant {
    const { what, global, perClient, advice } = this.options;
    const mine = this.held.get(client) ?? 0;
    const cap = perClient();
    if (mine >= cap)
      return {
        ok: false,
        cap: "client",
        message: `you already have ${mine} ${what} (at most ${cap} per client): ${advice}`,
      };
    if (this.total >= global)
      return {
        ok: false,
        cap: "global",
        message: `this playground already has ${this.total} ${what}, its limit for everyone together: ${advice}`,
      };
    this.held.set(client, mine + 1);
    this.total++;
    return {
      ok: true,
      release: releaseOnce(() => {
        this.total--;
        countDown(this.held, client);
      }),
    };
  }

  heldBy(client: string): number {
    return this.held.get(client) ?? 0;
  }

  get size(): number {
    return this.total;
  }
}
