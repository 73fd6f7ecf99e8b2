/**
 * The cassette: a recorded conversation with one or more MCP servers, as a versioned JSON file that the mock server
 * serves and the diff replays. Public format (README, "Cassettes"):
 *
 *   { "format": "mcp-playground/cassette", "version": 1, "targets": [ … ], "interactions": [ … ] }
 *
 * A target says what was recorded and how it was spoken to (era, protocol version, handshake); an interaction is one
 * frame the client sent, the server's answer (the whole JSON-RPC frame: `response` when it carries a result, `error`
 * when it carries an error, neither for a client notification) and the frames the server sent before that answer.
 * Pure; validated with zod, every failure worded for a person.
 */
import { z } from "zod";
import { TargetSchema } from "../bridge/contract";
import { valueNestsDeeperThan } from "../protocol/json-depth";
import { firstIssue } from "../protocol/issues";

export const CASSETTE_FORMAT = "mcp-playground/cassette";
export const CASSETTE_VERSION = 1;

/** A cassette file is read whole: bounded before it is parsed. */
export const CASSETTE_LIMITS = { maxChars: 20_000_000, maxDepth: 64, maxInteractions: 10_000, maxTargets: 64 } as const;

const jsonObject = z.record(z.string(), z.unknown());

const frameWithId = jsonObject.refine((f) => typeof f.id === "string" || typeof f.id === "number" || f.id === null, {
  message: "a JSON-RPC answer needs an id",
});

export const CassetteTargetSchema = z.object({
  /** How the session named it: "calendar (stdio)", a command line or a URL (secrets stripped as links strip them). */
  label: z.string().max(8192),
  transport: z.enum(["stdio", "http"]),
  /** The bridge target it was recorded against, secrets stripped; absent for imported recordings. */
  target: TargetSchema.optional(),
  era: z.enum(["modern", "legacy", "unknown"]),
  protocolVersion: z.string().max(64).optional(),
  /** The handshake the recording shows: initialize (legacy), server/discover (2026-07-28) or none. */
  handshake: z.enum(["initialize", "server/discover", "none"]),
  serverInfo: z.object({ name: z.string().max(1024).optional(), version: z.string().max(1024).optional() }).optional(),
});
export type CassetteTarget = z.infer<typeof CassetteTargetSchema>;

export const InteractionSchema = z
  .object({
    /** Index into `targets`. */
    target: z.number().int().nonnegative(),
    /** The frame the client sent, exactly as parsed from what crossed the wire. */
    request: jsonObject.refine((f) => typeof f.method === "string", { message: "a recorded request needs a method" }),
    response: frameWithId.optional(),
    error: frameWithId.optional(),
    /** Frames the server sent before its answer (notifications, requests of its own), in order. */
    notifications: z.array(jsonObject).max(10_000).default([]),
    /** Part of the handshake (initialize, notifications/initialized, server/discover). */
    handshake: z.boolean().optional(),
  })
  .superRefine((x, ctx) => {
    if (x.response && x.error)
      ctx.addIssue({ code: "custom", message: "an interaction has either a response or an error, not both" });
    if (x.response && !("result" in x.response))
      ctx.addIssue({ code: "custom", message: "a response frame must carry a result", path: ["response"] });
    if (x.error && !("error" in x.error))
      ctx.addIssue({ code: "custom", message: "an error frame must carry an error", path: ["error"] });
  });
export type Interaction = z.infer<typeof InteractionSchema>;

export const CassetteSchema = z
  .object({
    format: z.literal(CASSETTE_FORMAT),
    version: z.literal(CASSETTE_VERSION),
    recordedAt: z.string().max(64).optional(),
    /** Where it came from: a session, a link, a session file, `record`, or an imported recording. */
    source: z.string().max(256).optional(),
    /** What secret stripping left out (as the Share dialog lists it). */
    omitted: z.array(z.string().max(4096)).max(1000).default([]),
    targets: z.array(CassetteTargetSchema).min(1).max(CASSETTE_LIMITS.maxTargets),
    interactions: z.array(InteractionSchema).max(CASSETTE_LIMITS.maxInteractions),
  })
  .superRefine((c, ctx) => {
    c.interactions.forEach((x, i) => {
      if (x.target >= c.targets.length)
        ctx.addIssue({
          code: "custom",
          message: `names target ${x.target}, but the cassette has ${c.targets.length}`,
          path: ["interactions", i, "target"],
        });
    });
  });
export type Cassette = z.infer<typeof CassetteSchema>;

export type ParsedCassette = { ok: true; cassette: Cassette } | { ok: false; reason: string };

/** A parsed JSON value → a cassette, or the first problem in words ("interactions[3].response: …"). */
export function validateCassette(value: unknown): ParsedCassette {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    return { ok: false, reason: "a cassette is a JSON object" };
  const file = value as Record<string, unknown>;
  if (file.format !== CASSETTE_FORMAT)
    return { ok: false, reason: `it is not a playground cassette (expected "format": "${CASSETTE_FORMAT}")` };
  if (typeof file.version === "number" && file.version > CASSETTE_VERSION)
    return {
      ok: false,
      reason: `it was written by a newer playground (cassette v${file.version}); this one reads v${CASSETTE_VERSION}`,
    };
  if (valueNestsDeeperThan(value, CASSETTE_LIMITS.maxDepth + 8))
    return { ok: false, reason: `it nests deeper than ${CASSETTE_LIMITS.maxDepth} levels` };
  const parsed = CassetteSchema.safeParse(value);
  if (parsed.success) return { ok: true, cassette: parsed.data };
  const { path, message, more } = firstIssue(parsed.error.issues);
  return { ok: false, reason: `${path ? `${path}: ` : ""}${message}${more}` };
}

/** Text → JSON → cassette. */
export function parseCassetteText(text: string): ParsedCassette {
  if (text.length > CASSETTE_LIMITS.maxChars)
    return { ok: false, reason: `it is larger than ${CASSETTE_LIMITS.maxChars.toLocaleString("en-US")} characters` };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return { ok: false, reason: `it is not JSON (${(e as Error).message.slice(0, 120)})` };
  }
  return validateCassette(value);
}

export function cassetteText(cassette: Cassette): string {
  return JSON.stringify(cassette, null, 2) + "\n";
}

/** The answer frame an interaction holds (result or error), if any. */
export function answerOf(x: Interaction): Record<string, unknown> | undefined {
  return x.response ?? x.error;
}
