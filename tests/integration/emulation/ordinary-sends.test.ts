/**
 * Client emulation in the envelope settings is honoured by ordinary sends (issue 20): the session's Send and
 * probe over the real bridge to the embedded calendar and to the conformance fixture (which enforces
 * Mcp-Param-* and pages tools/list one tool at a time). Each test asserts on the exact wire content.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendRequestSchema, type Exchange } from "@/lib/bridge/contract";
import { startDemoHttpServer, type DemoHttpServer } from "@/lib/node/demo-servers/http";
import { cancel, send } from "@/lib/node/bridge/send";
import type { Emulation } from "@/lib/protocol/emulation";
import { createCommands, createStore, type BridgeClient } from "@/lib/session";
import { createCacheRuntime } from "@/lib/cache/runtime";
import { fetchCatalogue } from "@/lib/tokens/fetch";
import { startHttp, type FixtureHttpServer } from "@/tests/fixtures/checks/http.mjs";
import { livePids } from "@/lib/node/bridge/stdio";
import { replyFrame, sentText } from "@/lib/protocol/exchange";

let demo: DemoHttpServer;
let fixture: FixtureHttpServer;
let baseUrl = "";
beforeAll(async () => {
  [demo, fixture] = await Promise.all([startDemoHttpServer("calendar"), startHttp({})]);
  baseUrl = new URL(demo.url).origin;
});
afterAll(async () => {
  await Promise.all([demo.close(), fixture.close()]);
  // Everything here is HTTP: no send may have left a process behind.
  expect(livePids()).toEqual([]);
});

const client: BridgeClient = {
  send: async (req) => ({ ok: true, value: await send(SendRequestSchema.parse(req), { baseUrl }) }),
  cancel: async (sendId) => ({ ok: true, value: { cancelled: cancel(sendId) } }),
  process: async () => ({ ok: false, kind: "refused", message: "not used here" }),
  post: async () => ({ ok: false, kind: "refused", message: "not used here" }),
};

const CAPS = "io.modelcontextprotocol/clientCapabilities";
const VERSION = "io.modelcontextprotocol/protocolVersion";

function session(target: "calendar" | "fixture", emulate: Emulation) {
  const store = createStore();
  if (target === "calendar") store.dispatch({ type: "target/choose", preset: "calendar-http" });
  else {
    store.dispatch({ type: "target/choose", preset: "custom-http" });
    store.dispatch({ type: "target/customHttp", patch: { url: fixture.url } });
  }
  store.dispatch({ type: "envelope/set", patch: { emulate } });
  const commands = createCommands(store, { client });
  const envelope = (caps: object = { elicitation: { form: {} } }) => ({ [VERSION]: "2026-07-28", [CAPS]: caps });
  const sendFrame = async (method: string, params: object) => {
    store.dispatch({
      type: "editor/replace",
      text: JSON.stringify({
        jsonrpc: "2.0",
        id: store.getState().seq + 1,
        method,
        params: { _meta: envelope(), ...params },
      }),
    });
    await commands.send();
    const entry = store.getState().entries.at(-1)!;
    if (entry.phase.status !== "done") throw new Error(`not done: ${JSON.stringify(entry.phase)}`);
    return { entry, exchange: entry.phase.exchange };
  };
  return { store, commands, sendFrame };
}

const sentMeta = (ex: Exchange) =>
  (JSON.parse(sentText(ex)) as { params: { _meta: Record<string, unknown> } }).params._meta;
const requestHeaders = (ex: Exchange) => ex.events.flatMap((e) => (e.kind === "http-request" ? e.headers : []));
const response = (ex: Exchange) =>
  ex.outcome.kind === "response"
    ? (replyFrame(ex) as { result?: Record<string, unknown>; error?: { code: number } })
    : {};

describe("client emulation in the envelope settings, honoured by ordinary sends", () => {
  it("no MRTR support: a tool that wants input gets a frame declaring no input capability, and the card says what was taken out", async () => {
    const full = session("calendar", {});
    const asked = await full.sendFrame("tools/call", { name: "create_event", arguments: { title: "Retro" } });
    expect(response(asked.exchange).result?.resultType).toBe("input_required");
    expect(asked.entry.emulation).toBeUndefined();

    const weak = session("calendar", { noMrtr: true });
    const { entry, exchange } = await weak.sendFrame("tools/call", {
      name: "create_event",
      arguments: { title: "Retro" },
    });
    expect(sentMeta(exchange)[CAPS]).toEqual({});
    expect(entry.emulation).toEqual({
      text: "no MRTR support (no input capabilities declared)",
      changes: ["no MRTR support: took elicitation out of clientCapabilities"],
    });
    // The server may not ask for what was not declared: an error (-32021), never an input_required round.
    expect(response(exchange).error?.code).toBe(-32021);
  }, 30_000);

  it("Mcp-Param-* omitted (HTTP): by default the send mirrors x-mcp-header arguments from the last tools/list; emulated, the strict server answers 400 + -32020", async () => {
    const conforming = session("fixture", {});
    await conforming.sendFrame("tools/list", {});
    const ok = await conforming.sendFrame("tools/call", { name: "echo", arguments: { text: "hi", region: "eu-west" } });
    expect(requestHeaders(ok.exchange)).toContainEqual(["Mcp-Param-Region", "eu-west"]);
    expect(ok.exchange.http?.status).toBe(200);

    const weak = session("fixture", { omitParamHeaders: true });
    await weak.sendFrame("tools/list", {});
    const { entry, exchange } = await weak.sendFrame("tools/call", {
      name: "echo",
      arguments: { text: "hi", region: "eu-west" },
    });
    expect(requestHeaders(exchange).filter(([n]) => /^mcp-param-/i.test(n))).toEqual([]);
    expect(exchange.http?.status).toBe(400);
    expect(response(exchange).error?.code).toBe(-32020);
    expect(entry.emulation?.changes).toEqual(["Mcp-Param-* headers omitted: Mcp-Param-Region"]);

    // The embedded calendar marks no argument x-mcp-header: such a client loses nothing there, and the card says so.
    const calendar = session("calendar", { omitParamHeaders: true });
    await calendar.sendFrame("tools/list", {});
    const made = await calendar.sendFrame("tools/call", {
      name: "create_event",
      arguments: { title: "Retro", startsAt: "2026-09-08T10:00:00Z" },
    });
    expect(response(made.exchange).result?.isError).toBe(false);
    expect(made.entry.emulation).toEqual({ text: "Mcp-Param-* headers omitted", changes: [] });
  }, 30_000);

  it("first page of lists only: the catalogue fetch and the cache audit send no cursor", async () => {
    for (const firstPageOnly of [false, true]) {
      const { store, commands } = session("fixture", { firstPageOnly });
      const result = await fetchCatalogue(
        async (frame, extra) =>
          (await commands.sendFrame(frame, { label: extra?.label ?? "catalogue", headers: extra?.headers }))!,
        { firstPageOnly },
      );
      expect(result.ok).toBe(true);
      const cache = createCacheRuntime({ openStream: () => ({ done: new Promise(() => {}), close: async () => {} }) });
      await cache.audit(commands.sendFrame, { targetLabel: "fixture", firstPageOnly });
      const cursors = store.getState().entries.filter((e) => /"cursor"/.test(e.sent)).length;
      if (firstPageOnly) expect(cursors).toBe(0);
      else expect(cursors).toBeGreaterThan(0);
    }
  }, 30_000);

  it("a pinned protocol version: every send names it, and the probe asks for it alone (no retry with another version)", async () => {
    const { store, commands, sendFrame } = session("calendar", { pinVersion: "2099-01-01" });
    const { entry, exchange } = await sendFrame("tools/list", {});
    expect(sentMeta(exchange)[VERSION]).toBe("2099-01-01");
    expect(requestHeaders(exchange)).toContainEqual(["MCP-Protocol-Version", "2099-01-01"]);
    expect(response(exchange).error?.code).toBe(-32022);
    expect(entry.emulation?.changes).toEqual(['protocolVersion pinned to 2099-01-01 (the frame said "2026-07-28")']);

    await commands.probe();
    const probeSteps = store.getState().entries.filter((e) => e.label?.startsWith("probe step"));
    expect(
      probeSteps.map((e) => sentMeta(e.phase.status === "done" ? e.phase.exchange : (undefined as never))[VERSION]),
    ).toEqual(["2099-01-01"]);
    const verdict = Object.values(store.getState().verdicts)[0];
    expect(verdict).toMatchObject({ status: "done", era: "modern-wrong-version" });
  }, 30_000);
});
