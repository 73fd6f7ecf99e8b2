/**
 * Old links and old session files open identically (issue 31 item 1: the exchange record may change its form; what
 * was recorded must read back the same). The gallery's payloads were written by earlier builds
 * (scripts/record-examples.mjs); the session file below is one an earlier build exported, as written. Each opens to
 * a state that writes back the very payload it came from, and each exchange reads (through the record's accessors)
 * the frames its wire text carried: every frame received, in order, and the reply last.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Exchange } from "@/lib/bridge/contract";
import { decodeShareFragment, encodeShareFragment, stateFromPayload } from "@/lib/share/codec";
import { exportSessionFile, importSessionFile } from "@/lib/share/session-file";
import type { ShareState } from "@/lib/share/state";
import { toPayloadV1, type PayloadV1 } from "@/lib/share/v1";
import { receivedFrames, replyFrame } from "@/lib/protocol/exchange";

const EXAMPLES_DIR = path.join(__dirname, "../../lib/share/examples");
const recorded = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(path.join(EXAMPLES_DIR, f), "utf8")) as { id: string; payload: PayloadV1 });

function opened(version: number, payload: unknown): ShareState {
  const read = stateFromPayload(version, payload);
  if (!read.ok) throw new Error(read.reason);
  return read.state;
}

/** The frames the exchange's wire text carried: each stdout line, SSE data or HTTP body that is JSON, in order. */
function framesOnTheWire(x: Pick<Exchange, "events">): unknown[] {
  const texts = x.events.flatMap((e) =>
    e.kind === "stdout" || e.kind === "http-body" ? [e.text] : e.kind === "sse-event" ? [e.data] : [],
  );
  return texts.flatMap((t) => {
    try {
      const value: unknown = JSON.parse(t);
      return value !== null && typeof value === "object" ? [value] : [];
    } catch {
      return [];
    }
  });
}

describe("an old link opens identically", () => {
  it.each(recorded.map((r) => [r.id, r.payload] as const))(
    "%s: writes back the payload it was opened from, and as a link opens to the same state",
    async (_id, payload) => {
      const state = opened(1, payload);
      expect(toPayloadV1(state)).toEqual(payload);
      const link = await encodeShareFragment(state);
      const back = await decodeShareFragment(link.fragment.replace(/^#/, ""));
      expect(back.kind === "ok" && back.state).toEqual(state);
    },
  );

  it.each(recorded.map((r) => [r.id, r.payload] as const))(
    "%s: each exchange reads every frame its wire text carried, the reply last",
    (_id, payload) => {
      for (const x of opened(1, payload).exchanges) {
        const wire = framesOnTheWire(x);
        expect(receivedFrames(x)).toEqual(wire);
        if (x.outcome.kind === "response") expect(replyFrame(x)).toEqual(wire[wire.length - 1]);
      }
    },
  );

  it("a v0 link (one frame and a preset) opens as the v1 payload it migrates to", () => {
    const code = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const state = opened(0, { code, target: "everything-http" });
    expect(toPayloadV1(state)).toEqual({
      editor: code,
      target: { kind: "demo", server: "everything", transport: "http" },
    });
  });
});

/** A session file as an earlier build exported it: one stdio exchange, a notification and then the reply. */
const OLD_SESSION_FILE = `{
  "format": "mcp-playground-session",
  "version": 1,
  "exportedAt": "2026-09-07T10:00:00.000Z",
  "state": {
    "title": "tools/list with a log line first",
    "exchanges": [
      {
        "sent": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"method\\":\\"tools/list\\"}",
        "durationMs": 41.5,
        "startedAt": 1788775200000,
        "events": [
          { "t": 0, "kind": "spawn", "pid": 4242, "argv": ["node", "dist-servers/calendar.mjs"] },
          { "t": 0.4, "kind": "stdin" },
          { "t": 30.1, "kind": "stdout", "text": "{\\"jsonrpc\\":\\"2.0\\",\\"method\\":\\"notifications/message\\",\\"params\\":{\\"level\\":\\"info\\",\\"data\\":\\"listing\\"}}" },
          { "t": 41.2, "kind": "stdout", "text": "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{\\"tools\\":[{\\"name\\":\\"list_events\\",\\"inputSchema\\":{\\"type\\":\\"object\\"}}]}}" }
        ],
        "process": { "pid": 4242, "fresh": true }
      }
    ]
  }
}
`;

describe("an old session file opens identically", () => {
  it("imports to the recorded exchange: its notification and its reply, the reply as the outcome", () => {
    const imported = importSessionFile(OLD_SESSION_FILE);
    expect(imported.ok).toBe(true);
    const { state } = imported as { ok: true; state: ShareState };
    const [x] = state.exchanges;
    const notification = {
      jsonrpc: "2.0",
      method: "notifications/message",
      params: { level: "info", data: "listing" },
    };
    const reply = {
      jsonrpc: "2.0",
      id: 1,
      result: { tools: [{ name: "list_events", inputSchema: { type: "object" } }] },
    };
    expect(receivedFrames(x)).toEqual([notification, reply]);
    expect(x.outcome.kind).toBe("response");
    expect(replyFrame(x)).toEqual(reply);
    expect(x.events.find((e) => e.kind === "stdin")).toMatchObject({ text: x.sent });
  });

  it("exports back the state it was imported from", () => {
    const imported = importSessionFile(OLD_SESSION_FILE) as { ok: true; state: ShareState };
    const exported = exportSessionFile(imported.state, { now: new Date("2026-09-07T10:00:00.000Z") });
    expect(JSON.parse(exported.text)).toEqual(JSON.parse(OLD_SESSION_FILE));
  });
});
