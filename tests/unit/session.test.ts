import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import { sentText } from "@/lib/protocol/exchange";
import { makeTranslate, say } from "@/lib/i18n/translate";
import { type BridgeReply, type Exchange, type ProcessStatus, type SendRequest } from "@/lib/bridge/contract";
import {
  createCommands,
  createStore,
  initialState,
  reducer,
  selectSendHeaders,
  selectTarget,
  oneLine,
  splitCommandLine,
  type Action,
  type BridgeClient,
  type SessionState,
} from "@/lib/session";
import { recordingClient, sendStarted as started } from "../helpers/session";

function exchange(over: Partial<Exchange> = {}): Exchange {
  return {
    sendId: "s1",
    startedAt: 0,
    durationMs: 3,
    targetLabel: "calendar (stdio)",
    transport: "stdio",
    sent: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    received: [],
    outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: {} } },
    events: [],
    timeoutMs: 10000,
    ...over,
  };
}

const run = (actions: Action[], from: SessionState = initialState()) => actions.reduce(reducer, from);

describe("session reducer", () => {
  it("opens with a server/discover frame for the calendar and nextId 1", () => {
    const s = initialState();
    expect(JSON.parse(s.editor.text).method).toBe("server/discover");
    expect(s.nextId).toBe(1);
    expect(selectTarget(s)).toMatchObject({ kind: "ready", key: "demo:calendar:stdio" });
  });

  it("nextId increments after each request is sent, and templates use it", () => {
    let s = run([started(1, '{"jsonrpc":"2.0","id":1,"method":"server/discover"}')]);
    expect(s.nextId).toBe(2);
    s = reducer(s, { type: "editor/template", templateId: "tools/list" });
    expect(JSON.parse(s.editor.text)).toMatchObject({ id: 2, method: "tools/list" });
    s = reducer(s, started(2, s.editor.text));
    expect(s.nextId).toBe(3);
  });

  it("nextId does not move for a notification, and jumps past a larger id typed by hand", () => {
    let s = run([started(1, '{"jsonrpc":"2.0","method":"notifications/initialized"}')]);
    expect(s.nextId).toBe(1);
    s = reducer(s, started(2, '{"jsonrpc":"2.0","id":41,"method":"tools/list"}'));
    expect(s.nextId).toBe(42);
  });

  it("a stale reply is dropped: after the timeline is cleared, a late reply adds nothing", () => {
    const s = run([
      started(1, "{}"),
      { type: "timeline/clear" },
      { type: "send/finished", seq: 1, exchange: exchange() },
    ]);
    expect(s.entries).toEqual([]);
  });

  it("a reply for a settled card is dropped (the first settlement wins)", () => {
    const s = run([
      started(1, "{}"),
      { type: "send/failed", seq: 1, kind: "network", message: "down" },
      { type: "send/finished", seq: 1, exchange: exchange() },
    ]);
    expect(s.entries[0].phase.status).toBe("bridge-error");
  });

  it("replies settle their own card even when they arrive out of order", () => {
    const s = run([
      started(1, "{}"),
      started(2, "{}"),
      { type: "send/finished", seq: 2, exchange: exchange({ sendId: "s2" }) },
      { type: "send/finished", seq: 1, exchange: exchange({ sendId: "s1" }) },
    ]);
    expect(s.entries.map((e) => [e.seq, e.phase.status === "done" && e.phase.exchange.sendId])).toEqual([
      [1, "s1"],
      [2, "s2"],
    ]);
  });

  it("a stale process status is dropped when a newer query was issued", () => {
    const older: ProcessStatus = { running: true, pid: 1, stderrTail: [] };
    const newer: ProcessStatus = { running: false, pid: 1, exit: { code: 0, signal: null }, stderrTail: [] };
    const s = run([
      { type: "process/requested", targetKey: "k", reqSeq: 1 },
      { type: "process/requested", targetKey: "k", reqSeq: 2 },
      { type: "process/result", targetKey: "k", reqSeq: 2, value: newer },
      { type: "process/result", targetKey: "k", reqSeq: 1, value: older },
    ]);
    expect(s.processes.k).toEqual({ status: "known", reqSeq: 2, value: newer });
  });

  it("a legacy HTTP session is remembered from the initialize reply and rides along on later sends", () => {
    const key = "demo:everything:http";
    const init = exchange({
      transport: "http",
      sent: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}',
      outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 1, result: { protocolVersion: "2025-11-25" } } },
      http: { status: 200, sessionId: "abc-123" },
    });
    let s = run([
      started(1, sentText(init), { targetKey: key, transport: "http" }),
      { type: "send/finished", seq: 1, exchange: init },
    ]);
    expect(s.sessions[key]).toEqual({ sessionId: "abc-123", protocolVersion: "2025-11-25" });
    expect(selectSendHeaders(s, key, '{"method":"tools/list"}')).toEqual({
      "Mcp-Session-Id": "abc-123",
      "MCP-Protocol-Version": "2025-11-25",
    });
    expect(selectSendHeaders(s, key, '{"method":"initialize"}')).toBeUndefined();
    s = reducer(s, { type: "session/forget", targetKey: key });
    expect(selectSendHeaders(s, key, '{"method":"tools/list"}')).toBeUndefined();
  });

  it("a modern (session-less) HTTP reply remembers nothing", () => {
    const s = run([
      started(1, "{}", { transport: "http" }),
      { type: "send/finished", seq: 1, exchange: exchange({ transport: "http", http: { status: 200 } }) },
    ]);
    expect(s.sessions).toEqual({});
  });

  it("Remove _meta then Add _meta round-trips the envelope, each as a programmatic edit", () => {
    let s = initialState();
    s = reducer(s, { type: "editor/removeEnvelope" });
    expect(JSON.parse(s.editor.text).params).toEqual({});
    expect(s.editor.version).toBe(1);
    s = reducer(s, { type: "editor/addEnvelope" });
    expect(JSON.parse(s.editor.text).params._meta["io.modelcontextprotocol/clientCapabilities"]).toEqual({
      elicitation: { form: {} },
    });
    expect(s.editor.version).toBe(2);
    s = reducer(s, { type: "editor/userEdit", text: "typed" });
    expect(s.editor.version).toBe(2);
  });

  it("an invalid raw capabilities override blocks Add _meta with a notice instead of guessing", () => {
    const s = run([{ type: "envelope/set", patch: { rawCapabilities: "{nope" } }, { type: "editor/addEnvelope" }]);
    expect(s.editorNotice).toMatch(/not JSON/);
    expect(s.editor.version).toBe(0);
  });
});

describe("stdio frames go out on one line", () => {
  it("oneLine removes whitespace between tokens only: strings, numbers and escapes stay byte-identical", () => {
    const text = '{\n  "a": "x  y\\n \\" }",\n  "n": 1.0,\n  "b": [ 1 ,\t2 ]\n}';
    expect(oneLine(text)).toBe('{"a":"x  y\\n \\" }","n":1.0,"b":[1,2]}');
    expect(JSON.parse(oneLine(text))).toEqual(JSON.parse(text));
  });

  async function sendWith(preset: "calendar-stdio" | "calendar-http", text: string, oneLineOn = true, insist = false) {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset });
    store.dispatch({ type: "editor/userEdit", text });
    store.dispatch({ type: "stdioOneLine/set", on: oneLineOn });
    const frames: string[] = [];
    const client: BridgeClient = {
      send: async (req) => (frames.push(req.frame), { ok: true, value: exchange({ sent: req.frame }) }),
      cancel: async () => ({ ok: true, value: { cancelled: true } }),
      process: async () => ({ ok: true, value: { running: true, stderrTail: [] } }),
      post: async () => ({ ok: false, kind: "internal", message: "not used" }),
    };
    await createCommands(store, { client }).send({ insist });
    return { frame: frames[0], entry: store.getState().entries[0] };
  }

  it("a pretty-printed JSON frame is joined onto one line for a stdio target, and the card says so", async () => {
    const { frame, entry } = await sendWith(
      "calendar-stdio",
      '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "tools/list"\n}',
    );
    expect(frame).toBe('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    expect(entry.oneLined).toBe(true);
  });

  it("over HTTP the body is exactly the editor text", async () => {
    const text = '{\n  "jsonrpc": "2.0",\n  "id": 1,\n  "method": "tools/list"\n}';
    expect((await sendWith("calendar-http", text)).frame).toBe(text);
  });

  it("with one-line off, or for text that is not JSON, stdio gets the text as written", async () => {
    const pretty = '{\n  "jsonrpc": "2.0"\n}';
    expect((await sendWith("calendar-stdio", pretty, false)).frame).toBe(pretty);
    expect((await sendWith("calendar-stdio", "{\n oops", true, true)).frame).toBe("{\n oops");
  });
});

describe("custom targets", () => {
  it("splits a command line like a shell would for plain words and quotes", () => {
    expect(splitCommandLine(`node "my server.js" --name 'a b' x\\ y`)).toEqual({
      ok: true,
      argv: ["node", "my server.js", "--name", "a b", "x y"],
    });
    expect(splitCommandLine(`node "open`).ok).toBe(false);
    expect(splitCommandLine("   ").ok).toBe(false);
  });

  it("a custom HTTP target needs an http(s) URL", () => {
    const s = run([
      { type: "target/choose", preset: "custom-http" },
      { type: "target/customHttp", patch: { url: "ftp://x" } },
    ]);
    expect(selectTarget(s).kind).toBe("incomplete");
  });
});

describe("commands", () => {
  const fakeClient = (replies: ((req: SendRequest) => BridgeReply<Exchange>)[]) =>
    recordingClient((req, n) => replies[n](req));

  it("text that is not JSON is not sent without insistence, and is marked when sent anyway", async () => {
    const store = createStore();
    store.dispatch({ type: "editor/userEdit", text: "{not json" });
    const { client, sent } = fakeClient([(req) => ({ ok: true, value: exchange({ sent: req.frame }) })]);
    const commands = createCommands(store, { client, newSendId: () => "id1" });
    await commands.send();
    expect(sent).toHaveLength(0);
    expect(store.getState().sendProblem?.kind).toBe("not-json");
    await commands.send({ insist: true });
    expect(sent[0]).toMatchObject({ frame: "{not json", insist: true });
    expect(store.getState().entries[0]).toMatchObject({ notJson: true, phase: { status: "done" } });
  });

  it("the probe labels its steps and remembers a legacy HTTP session", async () => {
    const store = createStore();
    store.dispatch({ type: "target/choose", preset: "everything-http" });
    const { client, sent } = fakeClient([
      () => ({
        ok: true,
        value: exchange({
          transport: "http",
          outcome: {
            kind: "response",
            frame: {
              jsonrpc: "2.0",
              id: null,
              error: { code: -32000, message: "Bad Request: Server not initialized" },
            },
          },
          http: { status: 400 },
        }),
      }),
      (req) => ({
        ok: true,
        value: exchange({
          transport: "http",
          sent: req.frame,
          outcome: { kind: "response", frame: { jsonrpc: "2.0", id: 2, result: { protocolVersion: "2025-11-25" } } },
          http: { status: 200, sessionId: "sess-9" },
        }),
      }),
      () => ({
        ok: true,
        value: exchange({ transport: "http", outcome: { kind: "notification", note: "202" }, http: { status: 202 } }),
      }),
    ]);
    await createCommands(store, { client }).probe();
    const s = store.getState();
    expect(s.entries.map((e) => e.label)).toEqual([
      "probe step 1: server/discover (2026-07-28)",
      "probe step 2: initialize (asks for 2026-07-28)",
      "probe step 3: notifications/initialized",
    ]);
    // The card says each step in the reader's language; its English is the label above.
    const bg = makeTranslate("bg", CATALOGUES.bg);
    expect(s.entries.map((e) => e.labelMsg && say(e.labelMsg))).toEqual(s.entries.map((e) => e.label));
    expect(s.entries.map((e) => e.labelMsg && say(e.labelMsg, bg))).toEqual([
      "проверка на ерата, стъпка 1: server/discover (2026-07-28)",
      "проверка на ерата, стъпка 2: initialize (иска 2026-07-28)",
      "проверка на ерата, стъпка 3: notifications/initialized",
    ]);
    expect(sent[2].headers).toEqual({ "Mcp-Session-Id": "sess-9", "MCP-Protocol-Version": "2025-11-25" });
    expect(s.verdicts["demo:everything:http"]).toMatchObject({ status: "done", era: "legacy", version: "2025-11-25" });
    expect(s.sessions["demo:everything:http"]).toEqual({ sessionId: "sess-9", protocolVersion: "2025-11-25" });
  });
});
