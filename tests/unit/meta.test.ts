import { describe, expect, it } from "vitest";
import { addEnvelope, buildEnvelope, META_KEYS, missingEnvelopeKeys, removeEnvelope } from "@/lib/protocol/meta";

describe("the _meta envelope", () => {
  it("buildEnvelope carries the two required keys and clientInfo by default", () => {
    const env = buildEnvelope({ clientCapabilities: { elicitation: { form: {} } } });
    expect(Object.keys(env)).toEqual([META_KEYS.protocolVersion, META_KEYS.clientCapabilities, META_KEYS.clientInfo]);
    expect(env[META_KEYS.protocolVersion]).toBe("2026-07-28");
  });

  it("clientInfo is left out when asked (it is a SHOULD)", () => {
    expect(Object.keys(buildEnvelope({ clientInfo: null }))).toEqual([
      META_KEYS.protocolVersion,
      META_KEYS.clientCapabilities,
    ]);
  });

  it.each([
    ["params absent", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`],
    ["params empty", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`],
    ["params with other keys", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}`],
  ])("addEnvelope fills a full envelope when %s and keeps other params", (_label, text) => {
    const out = addEnvelope(text, buildEnvelope());
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const frame = JSON.parse(out.text);
    expect(missingEnvelopeKeys(frame)).toEqual([]);
    const before = JSON.parse(text).params ?? {};
    for (const [k, v] of Object.entries(before)) expect(frame.params[k]).toEqual(v);
  });

  it("addEnvelope keeps non-reserved _meta keys such as progressToken", () => {
    const out = addEnvelope(
      `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"progressToken":"p1"}}}`,
      buildEnvelope(),
    );
    expect(out.ok && JSON.parse(out.text).params._meta.progressToken).toBe("p1");
  });

  it("removeEnvelope drops the reserved keys so the server answers -32602", () => {
    const withEnv = addEnvelope(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, buildEnvelope());
    const out = removeEnvelope(withEnv.ok ? withEnv.text : "");
    expect(out.ok && JSON.parse(out.text)).toEqual({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  });

  it.each([
    ["not JSON", `{"jsonrpc":`, /not JSON/],
    ["an array", `[1,2]`, /JSON object/],
    ["a response", `{"jsonrpc":"2.0","id":1,"result":{}}`, /with a method/],
  ])("editing the envelope of %s fails with a specific message", (_l, text, message) => {
    const out = addEnvelope(text, buildEnvelope());
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error).toMatch(message);
  });
});
