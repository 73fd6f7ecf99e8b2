/** The capabilities panel: what "Add _meta envelope", the templates and the probe declare. */
import { clientProfile, type ClientProfile } from "../protocol/client-profile";
import type { Emulation } from "../protocol/emulation";
import { buildEnvelope, type Envelope, type EnvelopeInput } from "../protocol/meta";
import { MODERN_VERSION, PLAYGROUND_CLIENT_INFO } from "../protocol/versions";

export interface EnvelopeSettings {
  protocolVersion: string;
  caps: { elicitationForm: boolean; elicitationUrl: boolean; sampling: boolean; roots: boolean };
  /** JSON object text; when not blank it replaces the capabilities the checkboxes describe. */
  rawCapabilities: string;
  includeClientInfo: boolean;
  clientInfo: { name: string; version: string };
  /** Client emulation for ordinary sends (lib/protocol/emulation.ts); absent in older saves = none. */
  emulate?: Emulation;
}

export const DEFAULT_ENVELOPE_SETTINGS: EnvelopeSettings = {
  protocolVersion: MODERN_VERSION,
  caps: { elicitationForm: true, elicitationUrl: false, sampling: false, roots: false },
  rawCapabilities: "",
  includeClientInfo: true,
  clientInfo: { ...PLAYGROUND_CLIENT_INFO },
  emulate: {},
};

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

export function capabilitiesFrom(settings: EnvelopeSettings): Checked<Record<string, unknown>> {
  if (settings.rawCapabilities.trim() !== "") {
    try {
      const value: unknown = JSON.parse(settings.rawCapabilities);
      if (value === null || typeof value !== "object" || Array.isArray(value)) {
        return { ok: false, error: 'The raw capabilities must be a JSON object, e.g. {"elicitation":{"form":{}}}.' };
      }
      return { ok: true, value: value as Record<string, unknown> };
    } catch (e) {
      return { ok: false, error: `The raw capabilities are not JSON (${(e as Error).message}).` };
    }
  }
  const { caps } = settings;
  const out: Record<string, unknown> = {};
  if (caps.elicitationForm || caps.elicitationUrl) {
    out.elicitation = { ...(caps.elicitationForm ? { form: {} } : {}), ...(caps.elicitationUrl ? { url: {} } : {}) };
  }
  if (caps.sampling) out.sampling = {};
  if (caps.roots) out.roots = {};
  return { ok: true, value: out };
}

const profiles = new WeakMap<EnvelopeSettings, ClientProfile>();

/**
 * The client the page speaks as, built once per envelope settings (the reducer makes a new settings object on
 * every change): the send, the probe, the catalogue fetch and the cache audit all read this one.
 */
export function profileOf(settings: EnvelopeSettings): ClientProfile {
  let profile = profiles.get(settings);
  if (!profile) {
    const caps = capabilitiesFrom(settings);
    profile = clientProfile({
      emulate: settings.emulate,
      capabilities: caps.ok ? caps.value : {},
      protocolVersion: settings.protocolVersion,
    });
    profiles.set(settings, profile);
  }
  return profile;
}

export function envelopeInputFrom(settings: EnvelopeSettings): Checked<EnvelopeInput> {
  const caps = capabilitiesFrom(settings);
  if (!caps.ok) return caps;
  // An emulated client names its pinned version and declares no input capability without MRTR support.
  const profile = profileOf(settings);
  return {
    ok: true,
    value: {
      protocolVersion: profile.protocolVersion,
      clientCapabilities: profile.capabilities,
      clientInfo: settings.includeClientInfo ? { ...settings.clientInfo } : null,
    },
  };
}

export function envelopeFrom(settings: EnvelopeSettings): Checked<Envelope> {
  const input = envelopeInputFrom(settings);
  return input.ok ? { ok: true, value: buildEnvelope(input.value) } : input;
}
