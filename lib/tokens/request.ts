/**
 * POST /api/tokens: the browser posts the catalogue it fetched (or edited) and gets the bill back, so the
 * tokenizer's rank file (about 1 MB gzipped) stays on the server. The schema is shared by the route, the
 * page's client and the tests; the billing itself is lib/node/tokens/bill-request.ts.
 */
import { z } from "zod";
import { HANDSHAKES } from "./catalogue";
import { DEFAULT_BILL_OPTIONS, ENCODINGS, FIELD_SETS, LAYOUTS } from "./options";

/**
 * The body itself is capped by the bridge's route glue (LIMITS.maxRequestBodyBytes, 16 MiB; 1,000 tools ≈ 0.6 MB),
 * the characters counted by lib/node/tokens/counting.ts (LIMITS.maxTokensChars, smaller in hosted mode).
 */
export const TOKENS_LIMITS = {
  maxPages: 1000,
  maxTools: 20_000,
} as const;

const MeasuredSchema = z.object({
  requested: z.enum(HANDSHAKES),
  handshake: z.enum(["none", "legacy", "modern"]),
  era: z.enum(["modern", "legacy", "unknown"]),
  protocolVersion: z.string().max(100).optional(),
  capabilities: z.record(z.string(), z.unknown()),
  serverInfo: z.object({ name: z.string().max(1000).optional(), version: z.string().max(1000).optional() }).optional(),
  instructionsFrom: z.enum(["server/discover", "initialize"]).optional(),
  transport: z.enum(["stdio", "http"]).optional(),
  target: z.string().max(10_000).optional(),
});

export const BillRequestSchema = z.object({
  catalogue: z.object({
    pages: z.array(z.record(z.string(), z.unknown())).max(TOKENS_LIMITS.maxPages),
    instructions: z.string().optional(),
    measured: MeasuredSchema.optional(),
  }),
  options: z
    .object({
      encoding: z.enum(ENCODINGS).default(DEFAULT_BILL_OPTIONS.encoding),
      layout: z.enum(LAYOUTS).default(DEFAULT_BILL_OPTIONS.layout),
      fieldSet: z.enum(FIELD_SETS).default(DEFAULT_BILL_OPTIONS.fieldSet),
    })
    .default(DEFAULT_BILL_OPTIONS),
});
export type BillRequest = z.input<typeof BillRequestSchema>;
export type ParsedBillRequest = z.output<typeof BillRequestSchema>;
