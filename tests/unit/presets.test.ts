import { describe, expect, it } from "vitest";
import { DEMO_SERVERS } from "@/lib/bridge/target";
import { PRESETS } from "@/lib/session";

describe("the target bar's presets", () => {
  it("offer every embedded server over stdio and over Streamable HTTP (the README's Targets list)", () => {
    const offered = PRESETS.flatMap((p) =>
      p.target?.kind === "demo" ? [`${p.target.server}:${p.target.transport}`] : [],
    );
    expect(offered.sort()).toEqual(DEMO_SERVERS.flatMap((s) => [`${s}:http`, `${s}:stdio`]).sort());
  });

  it("end with the two custom targets", () => {
    expect(PRESETS.slice(-2).map((p) => p.id)).toEqual(["custom-stdio", "custom-http"]);
  });
});
