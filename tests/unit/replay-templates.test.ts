/**
 * A replay target answers only what its cassette recorded (issue 44 point 5: the template menu offered none of it,
 * so the Dentist frame had to be typed by hand): the menu offers each recorded request, as recorded.
 */
import { describe, expect, it } from "vitest";
import { replayTemplates } from "@/lib/share/replay-templates";

describe("templates of a replay target", () => {
  it("offers every request its cassette can answer, each once, with no handshake and no notification", () => {
    const offered = replayTemplates("dentist-mrtr");
    expect(offered.map((o) => o.label)).toContain("tools/call create_event");
    const call = offered.find((o) => o.label === "tools/call create_event")!;
    expect(JSON.parse(call.frame)).toMatchObject({ method: "tools/call", params: { name: "create_event" } });
    for (const o of offered) {
      const frame = JSON.parse(o.frame);
      expect(["initialize", "server/discover", "notifications/initialized"]).not.toContain(frame.method);
      expect(frame.id, o.label).toBeDefined();
    }
    expect(new Set(offered.map((o) => o.frame)).size).toBe(offered.length);
    expect(new Set(offered.map((o) => o.label)).size).toBe(offered.length);
  });

  it("a cassette the gallery does not hold offers nothing", () => {
    expect(replayTemplates("no-such-recording")).toEqual([]);
  });
});
