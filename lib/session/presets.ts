/**
 * The targets the target bar offers: every embedded server (DEMO_SERVERS) over stdio and over Streamable HTTP,
 * then the two user-defined ones. Derived, so a new embedded server needs only its title here (tsc insists).
 */
import type { Target } from "../bridge/contract";
import { DEMO_SERVERS, REPLAY_CASSETTES, type DemoServer, type ReplayCassette } from "../bridge/target";
import type { Transport } from "../protocol/exchange";

export type PresetId = `${DemoServer}-${Transport}` | `replay-${ReplayCassette}` | "custom-stdio" | "custom-http";

export interface TargetPreset {
  id: PresetId;
  label: string;
  /** Fixed target for embedded presets; undefined for the custom ones (built from the form). */
  target?: Target;
  /** The target bar lists presets with a group under that heading. */
  group?: string;
}

export const REPLAY_GROUP = "Replays of the gallery's recordings (nothing runs)";

/** How the target bar names each embedded server. */
const DEMO_TITLES: Record<DemoServer, string> = {
  calendar: "calendar",
  everything: "server-everything",
  "calendar-handles": "calendar with explicit handles",
  "calendar-hardened": "calendar, HMAC-protected requestState",
  "mrtr-scenarios": "MRTR scenarios",
  tasks: "tasks (long-running tools)",
  "calendar-app": "calendar with an MCP App",
  skills: "calendar with Agent Skills",
};

const TRANSPORT_NAMES: Record<Transport, string> = { stdio: "stdio", http: "Streamable HTTP" };

export const PRESETS: readonly TargetPreset[] = [
  ...DEMO_SERVERS.flatMap((server) =>
    (["stdio", "http"] as const).map((transport) => ({
      id: `${server}-${transport}` as const,
      label: `${DEMO_TITLES[server]} · ${TRANSPORT_NAMES[transport]}`,
      target: { kind: "demo", server, transport } satisfies Target,
    })),
  ),
  ...REPLAY_CASSETTES.map((cassette) => ({
    id: `replay-${cassette}` as const,
    label: `replay of ${cassette}`,
    target: { kind: "replay", cassette } satisfies Target,
    group: REPLAY_GROUP,
  })),
  { id: "custom-stdio", label: "Custom stdio command…" },
  { id: "custom-http", label: "Custom HTTP URL…" },
];

export const DEFAULT_PRESET: PresetId = "calendar-stdio";

export function presetById(id: PresetId): TargetPreset {
  return PRESETS.find((p) => p.id === id) ?? PRESETS[0];
}
