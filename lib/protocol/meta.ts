/**
 * The 2026-07-28 `_meta` envelope carried in every request's params (digest §1.4).
 * Pure: used by the editor action "Add _meta envelope", templates, the probe and the checks.
 */
import { MODERN_VERSION, PLAYGROUND_CLIENT_INFO } from "./versions";
import { asObject } from "./json";

export const META_KEYS = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
  subscriptionId: "io.modelcontextprotocol/subscriptionId",
} as const;

/** Keys a request's envelope MUST carry; a request without them is answered -32602. */
export const REQUIRED_META_KEYS = [META_KEYS.protocolVersion, META_KEYS.clientCapabilities] as const;

export interface EnvelopeInput {
  protocolVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  /** null leaves clientInfo out (it is a SHOULD, not a MUST). */
  clientInfo?: { name: string; version: string } | null;
}

export type Envelope = Record<string, unknown>;

export function buildEnvelope(input: EnvelopeInput = {}): Envelope {
  const envelope: Envelope = {
    [META_KEYS.protocolVersion]: input.protocolVersion ?? MODERN_VERSION,
    [META_KEYS.clientCapabilities]: input.clientCapabilities ?? {},
  };
  const info = input.clientInfo === undefined ? PLAYGROUND_CLIENT_INFO : input.clientInfo;
  if (info) envelope[META_KEYS.clientInfo] = { ...info };
  return envelope;
}

type EditResult = { ok: true; text: string } | { ok: false; error: string };

function parseForEdit(text: string): { ok: true; frame: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `The frame is not JSON (${(e as Error).message}); fix it before editing the envelope.` };
  }
  const frame = asObject(value);
  if (!frame) return { ok: false, error: "The frame must be a JSON object to carry a _meta envelope." };
  if (typeof frame.method !== "string")
    return { ok: false, error: "Only requests and notifications (frames with a method) carry params._meta." };
  return { ok: true, frame };
}

/** Pretty-prints like the editor's templates do, so an edit keeps the text readable. */
export function formatFrame(frame: unknown): string {
  return JSON.stringify(frame, null, 2);
}

/**
 * Puts `envelope` into params._meta, keeping every other key (and any non-reserved _meta keys such as
 * progressToken) in place; params is created when absent.
 */
export function addEnvelope(text: string, envelope: Envelope): EditResult {
  const parsed = parseForEdit(text);
  if (!parsed.ok) return parsed;
  const { frame } = parsed;
  const params = asObject(frame.params) ?? {};
  const existing = asObject(params._meta) ?? {};
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "_meta"));
  const next = { ...frame, params: { _meta: { ...existing, ...envelope }, ...rest } };
  return { ok: true, text: formatFrame(next) };
}

/** Removes the reserved envelope keys (and _meta itself when nothing else is left), to show the -32602. */
export function removeEnvelope(text: string): EditResult {
  const parsed = parseForEdit(text);
  if (!parsed.ok) return parsed;
  const { frame } = parsed;
  const params = asObject(frame.params);
  if (!params) return { ok: true, text: formatFrame(frame) };
  const meta = asObject(params._meta) ?? {};
  const kept = Object.fromEntries(Object.entries(meta).filter(([k]) => !k.startsWith("io.modelcontextprotocol/")));
  const rest = Object.fromEntries(Object.entries(params).filter(([k]) => k !== "_meta"));
  const nextParams = Object.keys(kept).length > 0 ? { _meta: kept, ...rest } : rest;
  return { ok: true, text: formatFrame({ ...frame, params: nextParams }) };
}

/** Which required envelope keys a frame lacks (empty when it carries a full envelope). */
export function missingEnvelopeKeys(frame: unknown): string[] {
  const meta = asObject(asObject(asObject(frame)?.params)?._meta);
  return REQUIRED_META_KEYS.filter((k) => !meta || !(k in meta));
}

export function hasEnvelope(frame: unknown): boolean {
  return missingEnvelopeKeys(frame).length === 0;
}

/** The protocol version a frame names in its envelope, if any. */
export function envelopeVersion(frame: unknown): string | undefined {
  const meta = asObject(asObject(asObject(frame)?.params)?._meta);
  const v = meta?.[META_KEYS.protocolVersion];
  return typeof v === "string" ? v : undefined;
}
