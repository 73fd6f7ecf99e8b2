import { describe, expect, it } from "vitest";
import { TEMPLATES, defaultFrame } from "@/lib/protocol/templates";
import { missingEnvelopeKeys } from "@/lib/protocol/meta";
import { MODERN_REQUEST_METHODS } from "@/lib/protocol/schema/client-frame.mjs";

// The client requests of 2026-07-28 as the generated frame schema lists them (from schema.ts ClientRequest).
const CLIENT_REQUESTS_2026 = MODERN_REQUEST_METHODS;

describe("frame templates", () => {
  it("there is a template for every 2026-07-28 client request (schema ClientRequest)", () => {
    const modern = TEMPLATES.filter((t) => t.era === "modern" && t.kind === "request").map((t) => t.method);
    expect(new Set(modern)).toEqual(new Set(CLIENT_REQUESTS_2026));
  });

  it.each(TEMPLATES.map((t) => [t.label, t] as const))("%s builds valid JSON with the id it is given", (_l, t) => {
    const frame = JSON.parse(t.build({ id: 7 }));
    expect(frame.jsonrpc).toBe("2.0");
    expect(frame.method).toBe(t.method);
    if (t.kind === "request") expect(frame.id).toBe(7);
    else expect("id" in frame).toBe(false);
  });

  it("every modern request template carries the full _meta envelope", () => {
    for (const t of TEMPLATES.filter((t) => t.era === "modern" && t.kind === "request")) {
      expect(missingEnvelopeKeys(JSON.parse(t.build({ id: 1 }))), t.label).toEqual([]);
    }
  });

  it("the page opens on a well-formed server/discover", () => {
    const frame = JSON.parse(defaultFrame());
    expect(frame).toMatchObject({ jsonrpc: "2.0", id: 1, method: "server/discover" });
    expect(missingEnvelopeKeys(frame)).toEqual([]);
  });
});
