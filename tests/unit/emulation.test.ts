/** Client emulation (lib/protocol/emulation.ts): the frame as the emulated client sends it, and a reload keeps the switches. */
import { describe, expect, it } from "vitest";
import { activeEmulation, emulateFrame, emulationText } from "@/lib/protocol/emulation";
import { restoreSession, saveSession } from "@/lib/share/persist";
import type { Exchange } from "@/lib/bridge/contract";
import { envelopeInputFrom, initialState, reducer } from "@/lib/session";
import { sendStarted } from "../helpers/session";

const CAPS = "io.modelcontextprotocol/clientCapabilities";
const VERSION = "io.modelcontextprotocol/protocolVersion";
const frame = (meta: object) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: meta, name: "x" } });

describe("client emulation", () => {
  it("no MRTR support takes exactly the input capabilities out of the envelope and keeps the rest", () => {
    const out = emulateFrame(
      frame({ [VERSION]: "2026-07-28", [CAPS]: { elicitation: { form: {} }, roots: {}, extensions: { a: {} } } }),
      { noMrtr: true },
    );
    expect(JSON.parse(out.text).params._meta[CAPS]).toEqual({ extensions: { a: {} } });
    expect(out.changes).toEqual(["no MRTR support: took elicitation, roots out of clientCapabilities"]);
  });

  it("a frame that is not JSON, has no envelope or needs no change is sent exactly as written", () => {
    for (const text of [
      "{not json",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      frame({ [VERSION]: "2026-07-28", [CAPS]: {} }),
    ]) {
      expect(emulateFrame(text, { noMrtr: true, pinVersion: "2026-07-28" })).toEqual({ text, changes: [] });
    }
  });

  it("a pinned version replaces the envelope's, keeping a pretty frame pretty", () => {
    const pretty = JSON.stringify(JSON.parse(frame({ [VERSION]: "2026-07-28", [CAPS]: {} })), null, 2);
    const out = emulateFrame(pretty, { pinVersion: "2025-11-25" });
    expect(out.text).toContain('\n  "params"');
    expect(JSON.parse(out.text).params._meta[VERSION]).toBe("2025-11-25");
  });

  it("only switched-on parts count, and the text names them in the table's order", () => {
    expect(activeEmulation({ noMrtr: false, pinVersion: " " })).toBeUndefined();
    expect(emulationText(activeEmulation({ firstPageOnly: true, noMrtr: true, pinVersion: "2026-07-28" })!)).toBe(
      "no MRTR support (no input capabilities declared), first page of lists only, protocol version pinned to 2026-07-28",
    );
  });

  it("the envelope settings' emulation shapes what Add _meta envelope declares, and a reload keeps the switches", () => {
    const state = reducer(initialState(), {
      type: "envelope/set",
      patch: { emulate: { noMrtr: true, omitParamHeaders: true, pinVersion: "2026-07-28" } },
    });
    const input = envelopeInputFrom(state.envelope);
    expect(input.ok && input.value.clientCapabilities).toEqual({});
    const saved = saveSession(state, { now: 1 });
    if (!saved.ok) throw new Error(saved.reason);
    const restored = restoreSession(saved.text, initialState());
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.state.envelope.emulate).toEqual({ noMrtr: true, omitParamHeaders: true, pinVersion: "2026-07-28" });
    // The checkboxes survive too: the emulation is stored beside them, not folded into the capabilities.
    expect(restored.state.envelope.caps.elicitationForm).toBe(true);
  });

  it("a card sent under emulation still says so after a reload", () => {
    const emulation = {
      text: "no MRTR support (no input capabilities declared)",
      changes: ["no MRTR support: took elicitation out of clientCapabilities"],
    };
    const sent = frame({ [VERSION]: "2026-07-28", [CAPS]: {} });
    const exchange: Exchange = {
      sendId: "s1",
      startedAt: 1,
      durationMs: 3,
      targetLabel: "calendar (stdio)",
      transport: "stdio",
      sent,
      received: [],
      outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: {} } },
      events: [],
      timeoutMs: 10000,
    };
    let state = reducer(initialState(), sendStarted(1, sent, { emulation }));
    state = reducer(state, { type: "send/finished", seq: 1, exchange });
    const saved = saveSession(state, { now: 2 });
    if (!saved.ok) throw new Error(saved.reason);
    const restored = restoreSession(saved.text, initialState());
    if (!restored.ok) throw new Error(restored.reason);
    expect(restored.state.entries[0].emulation).toEqual(emulation);
  });
});
