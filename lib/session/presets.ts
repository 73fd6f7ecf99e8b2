/** The targets the target bar offers. Presets are embedded servers; the last two are user-defined. */
import type { Target } from "../bridge/contract";

export type PresetId =
  | "calendar-stdio"
  | "calendar-http"
  | "everything-stdio"
  | "everything-http"
  | "calendar-hardened-stdio"
  | "calendar-hardened-http"
  | "mrtr-scenarios-stdio"
  | "mrtr-scenarios-http"
  | "tasks-stdio"
  | "tasks-http"
  | "custom-stdio"
  | "custom-http";

export interface TargetPreset {
  id: PresetId;
  label: string;
  /** Fixed target for embedded presets; undefined for the custom ones (built from the form). */
  target?: Target;
}

export const PRESETS: readonly TargetPreset[] = [
  { id: "calendar-stdio", label: "calendar · stdio", target: { kind: "demo", server: "calendar", transport: "stdio" } },
  { id: "calendar-http", label: "calendar · Streamable HTTP", target: { kind: "demo", server: "calendar", transport: "http" } },
  { id: "everything-stdio", label: "server-everything · stdio", target: { kind: "demo", server: "everything", transport: "stdio" } },
  { id: "everything-http", label: "server-everything · Streamable HTTP", target: { kind: "demo", server: "everything", transport: "http" } },
  { id: "calendar-hardened-stdio", label: "calendar, HMAC-protected requestState · stdio", target: { kind: "demo", server: "calendar-hardened", transport: "stdio" } },
  { id: "calendar-hardened-http", label: "calendar, HMAC-protected requestState · Streamable HTTP", target: { kind: "demo", server: "calendar-hardened", transport: "http" } },
  { id: "mrtr-scenarios-stdio", label: "MRTR scenarios · stdio", target: { kind: "demo", server: "mrtr-scenarios", transport: "stdio" } },
  { id: "mrtr-scenarios-http", label: "MRTR scenarios · Streamable HTTP", target: { kind: "demo", server: "mrtr-scenarios", transport: "http" } },
  { id: "tasks-stdio", label: "tasks (long-running tools) · stdio", target: { kind: "demo", server: "tasks", transport: "stdio" } },
  { id: "tasks-http", label: "tasks (long-running tools) · Streamable HTTP", target: { kind: "demo", server: "tasks", transport: "http" } },
  { id: "custom-stdio", label: "Custom stdio command…" },
  { id: "custom-http", label: "Custom HTTP URL…" },
];

export const DEFAULT_PRESET: PresetId = "calendar-stdio";

export function presetById(id: PresetId): TargetPreset {
  return PRESETS.find((p) => p.id === id) ?? PRESETS[0];
}
