/**
 * Host context emulation: the `hostContext` of the `ui/initialize` answer (ext-apps 2026-01-26, McpUiHostContext)
 * built from the chosen persona and the user's overrides — theme, locale, timeZone, displayMode and
 * availableDisplayModes, platform, deviceCapabilities, containerDimensions, safeAreaInsets, userAgent — and, when
 * the user changes one mid-run, the partial context that `ui/notifications/host-context-changed` carries (only the
 * fields that changed, as the spec says). The frame's size comes from the same numbers. Pure.
 */
import type { DeviceId, HostPersona } from "./hosts";
import { known } from "./hosts";
import type { McpUiDisplayMode, McpUiHostContext } from "./ui-types";

export interface Device {
  id: DeviceId;
  platform: "web" | "desktop" | "mobile";
  /** The frame's width and the most height it may take, in CSS pixels (inline). */
  width: number;
  maxHeight: number;
  /** The whole screen (fullscreen takes it all). */
  screen: { width: number; height: number };
  deviceCapabilities: { touch: boolean; hover: boolean };
  safeAreaInsets: { top: number; right: number; bottom: number; left: number };
}

/**
 * Sizes a user can pick, one row each: id, platform, the frame's width and most height, the screen's width and height,
 * touch (a touch screen has no hover), and the top and bottom safe-area insets. The phone is an iPhone-class portrait
 * screen with its notch and home-bar insets.
 */
const DEVICE_ROWS = [
  ["desktop", "desktop", 720, 600, 1440, 900, false, 0, 0],
  ["laptop", "web", 600, 600, 1280, 800, false, 0, 0],
  ["tablet", "mobile", 768, 700, 820, 1180, true, 24, 20],
  ["phone", "mobile", 390, 560, 390, 844, true, 47, 34],
] as const;

export const DEVICES: readonly Device[] = DEVICE_ROWS.map(
  ([id, platform, width, maxHeight, screenWidth, screenHeight, touch, top, bottom]) => ({
    id,
    platform,
    width,
    maxHeight,
    screen: { width: screenWidth, height: screenHeight },
    deviceCapabilities: { touch, hover: !touch },
    safeAreaInsets: { top, right: 0, bottom, left: 0 },
  }),
);

export function deviceById(id: string): Device | undefined {
  return DEVICES.find((d) => d.id === id);
}

/** What the user chose in the Apps tab; each absent field takes the persona's (or the browser's) value. */
export interface ContextChoice {
  theme?: "light" | "dark";
  locale?: string;
  timeZone?: string;
  displayMode?: McpUiDisplayMode;
  device?: DeviceId;
}

/** What the page knows that a persona does not: the reader's theme, language and zone. */
export interface BrowserDefaults {
  theme: "light" | "dark";
  locale: string;
  timeZone: string;
}

/** A BCP 47 tag the browser accepts (bg, bg-BG, en-US), or why not. */
export function localeProblem(locale: string): string | undefined {
  try {
    if (Intl.getCanonicalLocales(locale).length === 1) return undefined;
  } catch {
    // falls through
  }
  return `"${locale}" is not a BCP 47 language tag such as bg, bg-BG or en-US`;
}

/** An IANA time zone the runtime knows (Europe/Sofia, UTC), or why not. */
export function timeZoneProblem(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return undefined;
  } catch {
    return `"${timeZone}" is not an IANA time zone such as Europe/Sofia or UTC`;
  }
}

/** The display modes the persona offers (inline when unknown: every host shows apps inline). */
export function personaModes(persona: HostPersona): McpUiDisplayMode[] {
  return known(persona.displayModes) ?? ["inline"];
}

/** The frame's size for a device and display mode: the device's width and height, the whole screen in fullscreen. */
export function frameSize(device: Device, mode: McpUiDisplayMode): { width: number; height: number } {
  if (mode === "fullscreen") return { ...device.screen };
  if (mode === "pip") return { width: Math.min(device.width, 320), height: Math.min(device.maxHeight, 240) };
  return { width: device.width, height: device.maxHeight };
}

/**
 * The host context the app is told in `ui/initialize`. A chosen display mode the persona does not offer is still
 * told (the user asked to see it), and availableDisplayModes includes it, so the app is not told a contradiction.
 */
export function buildHostContext(
  persona: HostPersona,
  choice: ContextChoice,
  browser: BrowserDefaults,
): McpUiHostContext {
  const device = deviceById(choice.device ?? persona.context.device) ?? DEVICES[1];
  const displayMode = choice.displayMode ?? "inline";
  const modes = personaModes(persona);
  const size = frameSize(device, displayMode);
  return {
    theme: choice.theme ?? browser.theme,
    locale: choice.locale ?? browser.locale,
    timeZone: choice.timeZone ?? browser.timeZone,
    displayMode,
    availableDisplayModes: modes.includes(displayMode) ? modes : [...modes, displayMode],
    platform: choice.device ? device.platform : persona.context.platform,
    deviceCapabilities: { ...device.deviceCapabilities },
    containerDimensions:
      displayMode === "inline"
        ? { width: size.width, maxHeight: size.height }
        : { width: size.width, height: size.height },
    safeAreaInsets: { ...device.safeAreaInsets },
    userAgent: persona.context.userAgent,
  };
}

const KEYS = [
  "theme",
  "locale",
  "timeZone",
  "displayMode",
  "availableDisplayModes",
  "platform",
  "deviceCapabilities",
  "containerDimensions",
  "safeAreaInsets",
  "userAgent",
] as const;

/** The fields of `next` that differ from `prev` (what host-context-changed carries), or undefined when none do. */
export function contextChanges(prev: McpUiHostContext, next: McpUiHostContext): McpUiHostContext | undefined {
  const changed: McpUiHostContext = {};
  for (const key of KEYS)
    if (JSON.stringify(prev[key]) !== JSON.stringify(next[key])) (changed as Record<string, unknown>)[key] = next[key];
  return Object.keys(changed).length > 0 ? changed : undefined;
}
