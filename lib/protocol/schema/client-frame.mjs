/**
 * "Any 2026-07-28 client message" as a zod schema, composed ONLY from what @modelcontextprotocol/core exports
 * (the maintained SDK), so the editor's JSON Schema follows the SDK instead of being typed by hand.
 *
 * What the SDK gives and what we do with it:
 * - core's `ClientRequestSchema` is dual-era: it also holds ping, initialize, logging/setLevel,
 *   resources/subscribe and resources/unsubscribe, and its `RequestMetaSchema` is a loose object with only
 *   `progressToken` (+ the 2025 related-task key) — `_meta` is optional, because the SDK checks the
 *   2026-07-28 envelope at dispatch time, not in the parse shape.
 * - 2026-07-28 (digest §1.1, §1.4) REQUIRES params._meta with protocolVersion + clientCapabilities on every
 *   request. So we keep the SDK's request shapes for the 2026 methods and tighten `params._meta` with the SDK's
 *   own key constants and sub-schemas (ClientCapabilitiesSchema, ImplementationSchema, LoggingLevelSchema) —
 *   the same envelope the SDK client builds internally (RequestMetaEnvelopeSchema, not exported).
 * - The legacy handshake (initialize, notifications/initialized) stays valid but carries a
 *   `deprecationMessage`, which Monaco shows as a warning: it is not a 2026-07-28 message.
 * Plain JS (not TS) so `node scripts/gen-frame-schema.mjs` runs without a TypeScript loader.
 */
import { z } from "zod";
import {
  ClientCapabilitiesSchema,
  ClientNotificationSchema,
  ClientRequestSchema,
  ImplementationSchema,
  LoggingLevelSchema,
  RequestIdSchema,
  RequestMetaSchema,
} from "@modelcontextprotocol/core";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  JSONRPC_VERSION,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "@modelcontextprotocol/core/internal";

/** The client requests of revision 2026-07-28 (schema.ts ClientRequest; digest §1.1). */
export const MODERN_REQUEST_METHODS = [
  "server/discover",
  "completion/complete",
  "prompts/get",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "subscriptions/listen",
  "tools/call",
  "tools/list",
];
/** The one client notification of 2026-07-28 (stdio cancellation). */
export const MODERN_NOTIFICATION_METHODS = ["notifications/cancelled"];
/** The removed handshake: accepted, flagged as legacy. */
export const LEGACY_METHODS = { initialize: "request", "notifications/initialized": "notification" };

const methodOf = (schema) => schema.shape.method.value;

function pick(union, method) {
  const found = union.options.find((o) => methodOf(o) === method);
  if (!found) throw new Error(`@modelcontextprotocol/core has no schema for ${method}: update the method lists in lib/protocol/schema/client-frame.mjs`);
  return found;
}

/** params object of an SDK request/notification schema, with its optional wrapper removed. */
function paramsOf(schema) {
  const p = schema.shape.params;
  return p instanceof z.ZodOptional ? p.unwrap() : p;
}

/** The 2026-07-28 request envelope, from the SDK's keys and sub-schemas. */
export const ModernRequestMetaSchema = RequestMetaSchema.extend({
  [PROTOCOL_VERSION_META_KEY]: z.string().meta({ description: 'Protocol revision for this request, e.g. "2026-07-28".' }),
  [CLIENT_CAPABILITIES_META_KEY]: ClientCapabilitiesSchema.meta({ description: "Capabilities the client declares for this request ({} = none)." }),
  [CLIENT_INFO_META_KEY]: ImplementationSchema.optional(),
  [LOG_LEVEL_META_KEY]: LoggingLevelSchema.optional(),
}).meta({ description: "The 2026-07-28 per-request envelope: protocolVersion and clientCapabilities are required." });

function modernRequest(method) {
  const sdk = pick(ClientRequestSchema, method);
  return z
    .object({
      jsonrpc: z.literal(JSONRPC_VERSION),
      id: RequestIdSchema,
      method: sdk.shape.method,
      params: paramsOf(sdk).extend({ _meta: ModernRequestMetaSchema }),
    })
    .strict()
    .meta({ title: method });
}

function notification(method, extra = {}) {
  const sdk = pick(ClientNotificationSchema, method);
  const params = sdk.shape.params;
  return z
    .object({ jsonrpc: z.literal(JSONRPC_VERSION), method: sdk.shape.method, ...(params ? { params } : {}) })
    .strict()
    .meta({ title: method, ...extra });
}

function legacyRequest(method) {
  const sdk = pick(ClientRequestSchema, method);
  return z
    .object({ jsonrpc: z.literal(JSONRPC_VERSION), id: RequestIdSchema, method: sdk.shape.method, params: sdk.shape.params })
    .strict()
    .meta({ title: `${method} (legacy)`, deprecationMessage: `${method} is the legacy (2025-11-25) handshake; 2026-07-28 has none — legacy servers only.` });
}

export const ClientFrameSchema = z
  .union([
    ...MODERN_REQUEST_METHODS.map(modernRequest),
    ...MODERN_NOTIFICATION_METHODS.map((m) => notification(m)),
    ...Object.entries(LEGACY_METHODS).map(([m, kind]) =>
      kind === "request"
        ? legacyRequest(m)
        : notification(m, { deprecationMessage: `${m} completes the legacy (2025-11-25) handshake; 2026-07-28 has none — legacy servers only.` }),
    ),
  ])
  .meta({
    title: "2026-07-28 client message",
    description: "One JSON-RPC frame a 2026-07-28 client sends: a request with the _meta envelope, or notifications/cancelled.",
  });

/** The JSON Schema the editor registers (draft-07: what Monaco's JSON language service supports best). */
export function clientFrameJsonSchema() {
  const schema = z.toJSONSchema(ClientFrameSchema, { target: "draft-7", io: "input", unrepresentable: "any", reused: "ref" });
  return {
    $comment: "GENERATED by scripts/gen-frame-schema.mjs from @modelcontextprotocol/core zod schemas — do not edit by hand.",
    ...schema,
  };
}
