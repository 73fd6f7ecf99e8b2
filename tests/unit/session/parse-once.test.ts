/**
 * A frame is parsed once per send in the browser (issue 31 item 1): the editor's Send parses the text, and every
 * step after it (emulation, Mcp-Param-* headers, the remembered session, the stdio one-lining, the client cache,
 * the reducer's next id) reads that parse. Counted by watching JSON.parse for the frame's own text.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BridgeReply, Exchange, SendRequest } from "@/lib/bridge/contract";
import { createCacheRuntime } from "@/lib/cache/runtime";
import { createCommands, createStore } from "@/lib/session";
import { deliveredOver, recordingClient } from "../../helpers/session";

const MARK = "parse-once-marker";

/** JSON.parse calls during `run` whose input is this send's frame (any text carrying the marker). */
async function parsesOfTheFrame(run: () => Promise<void>): Promise<number> {
  const spy = vi.spyOn(JSON, "parse");
  try {
    await run();
    return spy.mock.calls.filter(([text]) => typeof text === "string" && text.includes(MARK)).length;
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

/** A tools/list answer naming a tool whose argument is mirrored as a Mcp-Param-* header. */
function toolsListed(req: SendRequest): BridgeReply<Exchange> {
  const reply = deliveredOver("http")(req);
  if (!reply.ok) return reply;
  const tool = {
    name: "lookup",
    inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
  };
  return {
    ok: true,
    value: {
      ...reply.value,
      outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { tools: [tool] } } },
    },
  };
}

describe("a frame is parsed once per send in the browser", () => {
  it("stdio, one-lined, with the client cache on: the editor's Send parses the frame once", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "calendar-stdio" });
    const cache = createCacheRuntime({ openStream: () => ({ close() {} }) as never });
    cache.store.dispatch({ type: "cache/enable", enabled: true });
    const { client, sent } = recordingClient(deliveredOver("stdio"));
    const commands = createCommands(store, { client, cache: cache.hooks });
    const text = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: MARK } }, null, 2);
    store.dispatch({ type: "editor/replace", text });
    expect(await parsesOfTheFrame(() => commands.send())).toBe(1);
    // It did go out, one-lined, and the editor moved on to the next id.
    expect(sent[0].frame).toBe(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"${MARK}"}}`);
    expect(store.getState().editor.text).toContain('"id": 2');
  });

  it("HTTP with every emulation switch and a known tool's Mcp-Param-* header: still one parse", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "calendar-http" });
    store.dispatch({ type: "envelope/set", patch: { emulate: { noMrtr: true, pinVersion: "2025-11-25" } } });
    const { client, sent } = recordingClient((req, n) => (n === 0 ? toolsListed(req) : deliveredOver("http")(req)));
    const commands = createCommands(store, { client });
    store.dispatch({ type: "editor/replace", text: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    await commands.send();
    const call = {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: {
        name: "lookup",
        arguments: { region: MARK },
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientCapabilities": { elicitation: {} },
        },
      },
    };
    store.dispatch({ type: "editor/replace", text: JSON.stringify(call) });
    expect(await parsesOfTheFrame(() => commands.send())).toBe(1);
    // The emulation and the header both applied (so the steps that used to parse did run).
    expect(sent[1].headers).toMatchObject({ "Mcp-Param-Region": MARK });
    expect(sent[1].frame).toContain('"io.modelcontextprotocol/protocolVersion":"2025-11-25"');
    expect(sent[1].frame).not.toContain("elicitation");
  });

  it("a panel's sendFrame parses its frame once", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "calendar-stdio" });
    const { client } = recordingClient(deliveredOver("stdio"));
    const commands = createCommands(store, { client });
    const frame = JSON.stringify({ jsonrpc: "2.0", id: "p-1", method: "tools/list", params: { cursor: MARK } });
    expect(await parsesOfTheFrame(async () => void (await commands.sendFrame(frame, { label: "panel" })))).toBe(1);
  });
});
