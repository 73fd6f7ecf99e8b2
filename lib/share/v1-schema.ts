/**
 * Link format v1's schema: what a payload inside `#v=1&s=…` (or a session file) may hold, with the bounds that keep
 * decoding a hostile link cheap. Public and frozen with the format (docs/link-format.md). Pure.
 */
import { z } from "zod";
import { TargetSchema } from "../bridge/contract";
import { SharedCheckRunSchema } from "./check-run";
import { SHARE_LIMITS } from "./limits";

const L = SHARE_LIMITS;
const str = z.string().max(L.maxStringChars);
const ms = z.number().finite();
const headerList = z.array(z.tuple([z.string().max(8192), z.string().max(65_536)])).max(L.maxMapEntries);

const SafeTargetSchema = TargetSchema.superRefine((t, ctx) => {
  if (t.kind === "http" && !/^https?:\/\//i.test(t.url))
    ctx.addIssue({
      code: "custom",
      message: "an HTTP target's URL must start with http:// or https://",
      path: ["url"],
    });
  const maps = t.kind === "stdio" ? { env: t.env } : t.kind === "http" ? { headers: t.headers } : {};
  for (const [field, map] of Object.entries(maps)) {
    if (map && Object.keys(map).length > L.maxMapEntries)
      ctx.addIssue({ code: "custom", message: `more than ${L.maxMapEntries} entries`, path: [field] });
  }
});

const framed = { frame: z.unknown().optional(), parseError: str.optional(), raw: z.literal(true).optional() };

const CompactEventSchema = z.discriminatedUnion("kind", [
  z.object({ t: ms, kind: z.literal("stdin"), text: str.optional() }),
  z.object({ t: ms, kind: z.literal("stdout"), text: str, unsolicited: z.boolean().optional(), ...framed }),
  z.object({ t: ms, kind: z.literal("stderr"), text: str, unsolicited: z.boolean().optional() }),
  z.object({
    t: ms,
    kind: z.literal("spawn"),
    pid: z.number().int(),
    argv: z.array(z.string().max(65_536)).max(L.maxMapEntries),
    cwd: z.string().max(4096).optional(),
  }),
  z.object({
    t: ms,
    kind: z.literal("exit"),
    pid: z.number().int(),
    code: z.number().int().nullable(),
    signal: z.string().max(64).nullable(),
  }),
  z.object({
    t: ms,
    kind: z.literal("http-request"),
    method: z.string().max(32),
    url: z.string().max(8192).optional(),
    headers: headerList,
    added: z.array(z.string().max(256)).max(L.maxMapEntries),
    body: str.optional(),
  }),
  z.object({
    t: ms,
    kind: z.literal("http-response"),
    status: z.number().int(),
    statusText: z.string().max(1024),
    headers: headerList,
  }),
  z.object({
    t: ms,
    kind: z.literal("sse-event"),
    event: z.string().max(1024).optional(),
    id: z.string().max(1024).optional(),
    data: str,
    ...framed,
  }),
  z.object({ t: ms, kind: z.literal("http-body"), text: str, truncated: z.boolean().optional(), ...framed }),
  z.object({ t: ms, kind: z.literal("note"), text: str }),
]);
export type CompactEvent = z.infer<typeof CompactEventSchema>;

const FAILURES = [
  "spawn",
  "exit",
  "framing",
  "timeout",
  "http-status",
  "network",
  "size",
  "cancelled",
  "not-json",
  "refused",
] as const;

const OutcomeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("response"), frame: z.unknown() }),
  z.object({ kind: z.literal("notification"), note: str }),
  z.object({
    kind: z.literal("failure"),
    failure: z.enum(FAILURES),
    message: str,
    stderrTail: z.array(str).max(L.maxMapEntries).optional(),
  }),
]);

const VerdictSchema = z.object({ level: z.enum(["pass", "fail", "warn", "info"]), text: z.string().max(4096) });

export const PayloadExchangeSchema = z.object({
  label: z.string().max(512).optional(),
  transport: z.enum(["stdio", "http"]).optional(),
  targetLabel: z.string().max(8192).optional(),
  sent: str,
  received: z.array(z.unknown()).max(L.maxEventsPerExchange).optional(),
  outcome: OutcomeSchema.optional(),
  events: z.array(CompactEventSchema).max(L.maxEventsPerExchange).optional(),
  durationMs: ms,
  timeoutMs: z.number().int().positive().optional(),
  process: z
    .object({
      pid: z.number().int(),
      fresh: z.boolean(),
      spawnToFirstByteMs: ms.optional(),
      exit: z.object({ code: z.number().int().nullable(), signal: z.string().max(64).nullable() }).optional(),
    })
    .optional(),
  http: z
    .object({
      status: z.number().int(),
      sessionId: z.string().max(1024).optional(),
      contentType: z.string().max(1024).optional(),
    })
    .optional(),
  verdicts: z.array(VerdictSchema).max(L.maxVerdicts).optional(),
  /** Added in place (optional, v1 stays readable both ways): the exchange's own target when it differs. */
  target: SafeTargetSchema.optional(),
  /** Added in place: wall-clock ms epoch of the send (absent = unknown, e.g. links made before). */
  startedAt: z.number().finite().nonnegative().optional(),
  /** Added in place: the client emulation the exchange was sent under. */
  emulation: z.object({ text: z.string().max(512), changes: z.array(z.string().max(1024)).max(16) }).optional(),
});
export type PayloadExchange = z.infer<typeof PayloadExchangeSchema>;

export const PayloadV1Schema = z.object({
  title: z.string().max(512).optional(),
  about: z.string().max(8192).optional(),
  target: SafeTargetSchema.optional(),
  editor: str.optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
  protocolVersion: z.string().max(64).optional(),
  era: z.enum(["auto", "modern", "legacy"]).optional(),
  /** Added in place (optional): the envelope settings' client emulation. */
  emulate: z
    .object({
      noMrtr: z.boolean().optional(),
      omitParamHeaders: z.boolean().optional(),
      firstPageOnly: z.boolean().optional(),
      pinVersion: z.string().max(64).optional(),
    })
    .optional(),
  /** No count: a session is bounded by bytes (the reader's maxJsonChars), and its writers fit it (lib/share/fit.ts). */
  exchanges: z.array(PayloadExchangeSchema).optional(),
  /** Added in place (optional): a Checks run with its evidence frames (lib/share/check-run.ts). */
  checks: SharedCheckRunSchema.optional(),
  omitted: z.array(z.string().max(1024)).max(L.maxMapEntries).optional(),
});
export type PayloadV1 = z.infer<typeof PayloadV1Schema>;
