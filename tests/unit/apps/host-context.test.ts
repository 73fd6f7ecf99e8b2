/**
 * Host context emulation (lib/apps/host-context.ts): what ui/initialize tells the app — the persona's values, each
 * overridable — uses the extension's own field names, and a change mid-run yields only the changed fields.
 */
import { describe, expect, it } from "vitest";
import { hostById } from "@/lib/apps/hosts";
import {
  buildHostContext,
  contextChanges,
  frameSize,
  deviceById,
  localeProblem,
  timeZoneProblem,
} from "@/lib/apps/host-context";

const browser = { theme: "light" as const, locale: "en-US", timeZone: "UTC" };
const generic = hostById("generic")!;

describe("host context emulation", () => {
  it("a Bulgarian user on a phone in fullscreen is told exactly that, in the spec's field names", () => {
    const ctx = buildHostContext(
      generic,
      { locale: "bg", timeZone: "Europe/Sofia", displayMode: "fullscreen", device: "phone", theme: "dark" },
      browser,
    );
    expect(ctx).toEqual({
      theme: "dark",
      locale: "bg",
      timeZone: "Europe/Sofia",
      displayMode: "fullscreen",
      availableDisplayModes: ["inline", "fullscreen", "pip"],
      platform: "mobile",
      deviceCapabilities: { touch: true, hover: false },
      containerDimensions: { width: 390, height: 844 },
      safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 },
      userAgent: "mcp-playground",
    });
  });

  it("without overrides the persona's platform, device and user agent and the browser's theme, locale and zone apply; inline height is a maximum", () => {
    const ctx = buildHostContext(hostById("claude-desktop")!, {}, browser);
    expect(ctx).toMatchObject({
      theme: "light",
      locale: "en-US",
      timeZone: "UTC",
      displayMode: "inline",
      availableDisplayModes: ["inline"],
      platform: "desktop",
      containerDimensions: { width: 720, maxHeight: 600 },
      userAgent: "claude-desktop (emulated)",
    });
  });

  it("a mode the persona is not known to offer is still told, and listed as available, so the app is not told a contradiction", () => {
    const ctx = buildHostContext(hostById("chatgpt")!, { displayMode: "fullscreen" }, browser);
    expect(ctx.displayMode).toBe("fullscreen");
    expect(ctx.availableDisplayModes).toEqual(["inline", "fullscreen"]);
  });

  it("host-context-changed carries only the fields that changed", () => {
    const before = buildHostContext(generic, { device: "laptop" }, browser);
    const after = buildHostContext(generic, { device: "laptop", locale: "bg", displayMode: "fullscreen" }, browser);
    expect(contextChanges(before, after)).toEqual({
      locale: "bg",
      displayMode: "fullscreen",
      containerDimensions: { width: 1280, height: 800 },
    });
    expect(contextChanges(after, after)).toBeUndefined();
  });

  it("the frame takes the device's size: its width and height inline, the whole screen in fullscreen", () => {
    const phone = deviceById("phone")!;
    expect(frameSize(phone, "inline")).toEqual({ width: 390, height: 560 });
    expect(frameSize(phone, "fullscreen")).toEqual({ width: 390, height: 844 });
  });

  it("a locale or time zone that is not one says so, by name", () => {
    expect(localeProblem("bg")).toBeUndefined();
    expect(localeProblem("not a locale")).toBe(
      '"not a locale" is not a BCP 47 language tag such as bg, bg-BG or en-US',
    );
    expect(timeZoneProblem("Europe/Sofia")).toBeUndefined();
    expect(timeZoneProblem("Mars/Olympus")).toBe('"Mars/Olympus" is not an IANA time zone such as Europe/Sofia or UTC');
  });
});
