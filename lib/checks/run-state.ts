/** State shared by all checks of one run: what was seen, the memoised probes, and the client the run speaks as. */
import type { Exchange } from "../bridge/contract";
import { clientProfile, type ClientProfile } from "../protocol/client-profile";
import type { CheckContextBase, CheckSend } from "./types";

export class RunState {
  readonly observed: Exchange[] = [];
  /** server/discover is broken: a capability counts as declared when its list answers (lib/checks/runner.ts). */
  inferCapabilities = false;
  private memo = new Map<string, Promise<unknown>>();
  /** The client the run speaks as (its emulation), built once for every check. */
  readonly profile: ClientProfile;
  /** `profile`: the run's own, when the runner built it already (one build per run); else made from base.emulate. */
  constructor(
    readonly send: CheckSend,
    readonly base: CheckContextBase,
    profile?: ClientProfile,
  ) {
    this.profile = profile ?? clientProfile({ emulate: base.emulate });
  }
  once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      this.memo.set(key, p);
    }
    return p;
  }
}
