/**
 * Link format v0 (pre-release, read-only): `#code=<lz editor text>&target=<preset>`, the minimal shape the
 * playground's first prototype wrote: one frame and a named embedded target, no exchanges. Kept so those
 * links still open; nothing writes v0 any more. Migrates to a v1 payload.
 */
import { z } from "zod";
import type { Target } from "../bridge/contract";
import { SHARE_LIMITS } from "./limits";
import type { PayloadV1 } from "./v1";

export const V0_TARGETS: Record<string, Target> = {
  "calendar-stdio": { kind: "demo", server: "calendar", transport: "stdio" },
  "calendar-http": { kind: "demo", server: "calendar", transport: "http" },
  "everything-stdio": { kind: "demo", server: "everything", transport: "stdio" },
  "everything-http": { kind: "demo", server: "everything", transport: "http" },
};

export const PayloadV0Schema = z.object({
  code: z.string().max(SHARE_LIMITS.maxStringChars),
  target: z.enum(Object.keys(V0_TARGETS) as [string, ...string[]]).default("calendar-stdio"),
});
export type PayloadV0 = z.infer<typeof PayloadV0Schema>;

export function migrateV0toV1(v0: PayloadV0): PayloadV1 {
  const target = V0_TARGETS[v0.target];
  const out: PayloadV1 = { editor: v0.code };
  // v0 had no notion of defaults; say the target explicitly unless it is v1's default.
  if (!(target.kind === "demo" && target.server === "calendar" && target.transport === "stdio"))
    out.target = { ...target };
  return out;
}
