import type { Adapter, AdapterPayload } from "oidc-provider";

/**
 * oidc-provider's storage, kept in this process's memory on purpose: the demo's grants, codes and tokens live for
 * minutes, belong to a demo user, and must be gone after a restart; nothing is shared between instances because a
 * headless demo runs start to end on one instance (a browser sign-in is routed to its instance). Written out (rather
 * than the library's default, which warns that it is for development only) so the choice and its bounds are ours:
 * at most MAX_STORED entries (the oldest go first), each forgotten at its expiry.
 */
const MAX_STORED = 10_000;
const stored = new Map<string, { payload: AdapterPayload; expiresAt: number }>();

export class PlaygroundMemoryAdapter implements Adapter {
  constructor(private readonly model: string) {}
  private key(id: string): string {
    return `${this.model}:${id}`;
  }
  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const key = this.key(id);
    stored.delete(key); // re-inserted last: the Map's order is the eviction order
    stored.set(key, { payload, expiresAt: Date.now() + expiresIn * 1000 });
    if (payload.grantId)
      stored.set(`grant:${payload.grantId}:${key}`, {
        payload: { key } as AdapterPayload,
        expiresAt: Date.now() + expiresIn * 1000,
      });
    while (stored.size > MAX_STORED) stored.delete(stored.keys().next().value!);
  }
  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = stored.get(this.key(id));
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      stored.delete(this.key(id));
      return undefined;
    }
    return entry.payload;
  }
  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    for (const [key, entry] of stored)
      if (key.startsWith(`${this.model}:`) && entry.payload.userCode === userCode)
        return this.find(key.slice(this.model.length + 1));
    return undefined;
  }
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    for (const [key, entry] of stored)
      if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid)
        return this.find(key.slice(this.model.length + 1));
    return undefined;
  }
  async consume(id: string): Promise<void> {
    const entry = stored.get(this.key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string): Promise<void> {
    stored.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    const prefix = `grant:${grantId}:`;
    for (const key of [...stored.keys()])
      if (key.startsWith(prefix)) {
        stored.delete((stored.get(key)!.payload as { key?: string }).key ?? "");
        stored.delete(key);
      }
  }
}
