import type { Target } from "@/lib/bridge/contract";
import { describe, expect, it } from "vitest";
import { sentFrame } from "@/lib/protocol/exchange";
import LZString from "lz-string";
import {
  decodeShareFragment,
  encodeShareFragment,
  linkErrorMessage,
  parseFragment,
  withFragment,
} from "@/lib/share/codec";
import { deflateToLink, inflateFromLink } from "@/lib/share/deflate";
import { inflateFromLink as inflateLz } from "@/lib/share/lz";
import { EXAMPLES, exampleById } from "@/lib/share/examples";
import { LINK_WARN_CHARS, MRTR_LINK_BUDGET, SHARE_LIMITS } from "@/lib/share/limits";
import { toExchange, type RecordedExchange, type ShareState } from "@/lib/share/state";
import { V1_DEFAULTS, defaultShareState, fromPayloadV1, toPayloadV1 } from "@/lib/share/v1";
import { recordedEvent } from "@/tests/helpers/exchange";

async function roundTrip(state: ShareState): Promise<ShareState> {
  const { fragment } = await encodeShareFragment(state);
  const decoded = await decodeShareFragment(fragment);
  if (decoded.kind !== "ok") throw new Error(`did not decode: ${JSON.stringify(decoded)}`);
  return decoded.state;
}

const link = async (payload: unknown) =>
  `#v=1&s=${await deflateToLink(typeof payload === "string" ? payload : JSON.stringify(payload))}`;

describe("link round trips", () => {
  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    "every gallery example survives encode → decode unchanged: %s",
    async (_id, example) => {
      expect(await roundTrip(example.state)).toEqual(example.state);
    },
  );

  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    "the compact v1 payload expands back to the same state: %s",
    (_id, example) => {
      expect(fromPayloadV1(toPayloadV1(example.state))).toEqual(example.state);
    },
  );

  it("the default state encodes as an empty payload (only differences from the defaults are stored)", () => {
    expect(toPayloadV1(defaultShareState())).toEqual({});
  });

  it("derived fields are omitted only when the decoder rebuilds them exactly", () => {
    const payload = toPayloadV1(exampleById("dentist-mrtr")!.state);
    const x = payload.exchanges![0];
    expect(x.received).toBeUndefined();
    expect(x.outcome).toBeUndefined();
    expect(x.events!.find((e) => e.kind === "stdin")).toEqual({ t: expect.any(Number), kind: "stdin" });
    expect(x.events!.find((e) => e.kind === "stdout")).not.toHaveProperty("frame");
  });

  const odd: RecordedExchange = {
    targetLabel: "a custom label",
    transport: "http",
    sent: '{\n  "jsonrpc": "2.0", "id": 7, "method": "tools/list"\n}',
    // The SSE event's frame alone: not what the decoder derives (every event with a frame).
    received: [7],
    outcome: { kind: "failure", failure: "timeout", message: "no reply", stderrTail: ["boom"] },
    events: [
      { t: 0.1, kind: "stdin", text: "something else entirely\n" },
      { t: 1, kind: "stdout", text: "not json at all", parseError: "Unexpected token" },
      { t: 2, kind: "stdout", text: '{"a":1}', unsolicited: true, notFrame: true },
      recordedEvent({ t: 3, kind: "stdout", text: '{"b":2}', frame: { b: 3 } }),
      {
        t: 4,
        kind: "http-request",
        method: "POST",
        url: "http://127.0.0.1:9/mcp",
        headers: [["Accept", "application/json, text/event-stream"]],
        added: ["Accept"],
        body: "other body",
      },
      { t: 5, kind: "http-response", status: 200, statusText: "OK", headers: [["content-type", "text/event-stream"]] },
      { t: 6, kind: "sse-event", id: "1", data: "" },
      {
        t: 7,
        kind: "sse-event",
        event: "message",
        data: '{"jsonrpc":"2.0","method":"notifications/message"}',
      },
      { t: 8, kind: "http-body", text: "[1,2]", truncated: true },
      { t: 9, kind: "note", text: "a note" },
      { t: 10, kind: "exit", pid: 5, code: null, signal: "SIGTERM" },
    ],
    durationMs: 12.3,
    timeoutMs: 500,
    http: { status: 200, contentType: "text/event-stream" },
    label: "odd one",
    verdicts: [{ level: "warn", text: "odd" }],
  };

  it("an exchange where nothing matches the derivation rules keeps every field explicitly", async () => {
    const state: ShareState = {
      ...defaultShareState(),
      target: { kind: "http", url: "http://127.0.0.1:9/mcp" },
      exchanges: [odd],
    };
    expect(await roundTrip(state)).toEqual(state);
  });

  it("toExchange rebuilds a bridge-shaped exchange for the viewer (sendId, startedAt, sentFrame)", () => {
    const x = toExchange(exampleById("dentist-mrtr")!.state.exchanges[1], 1);
    expect(x.sendId).toBe("link-2");
    expect(x.startedAt).toBe(0);
    expect((sentFrame(x) as { id: number }).id).toBe(2);
  });

  it("withFragment replaces an existing fragment and keeps the page URL", () => {
    expect(withFragment("http://127.0.0.1:3000/?x=1#old", "#v=1&s=abc")).toBe("http://127.0.0.1:3000/?x=1#v=1&s=abc");
  });

  it("parseFragment keeps '+' (URLSearchParams would turn it into a space)", () => {
    const r = parseFragment("#code=a+b&target=x");
    expect(r.ok && r.params.get("code")).toBe("a+b");
  });
});

describe("migration from older link formats", () => {
  it("a v0 link (#code=<lz-string>&target=<preset>) opens as v1 state with the frame and target", async () => {
    const frame = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    const r = await decodeShareFragment(
      `#code=${LZString.compressToEncodedURIComponent(frame)}&target=everything-stdio`,
    );
    expect(r.kind).toBe("ok");
    if (r.kind !== "ok") return;
    expect(r.migratedFrom).toBe(0);
    expect(r.state.editor).toBe(frame);
    expect(r.state.target).toEqual({ kind: "demo", server: "everything", transport: "stdio" });
    expect(r.state.exchanges).toEqual([]);
    expect(r.state.capabilities).toEqual(V1_DEFAULTS.capabilities);
  });

  it("a v0 link without target= falls back to v0's default target (calendar over stdio)", async () => {
    const r = await decodeShareFragment(`#code=${LZString.compressToEncodedURIComponent("{}")}`);
    expect(r.kind === "ok" && r.state.target).toEqual({ kind: "demo", server: "calendar", transport: "stdio" });
  });

  it("a migrated v0 link re-encodes as v1", async () => {
    const r = await decodeShareFragment(
      `#code=${LZString.compressToEncodedURIComponent("hello")}&target=calendar-http`,
    );
    if (r.kind !== "ok") throw new Error("v0 did not decode");
    const again = await decodeShareFragment((await encodeShareFragment(r.state)).fragment);
    expect(again.kind === "ok" && again.version).toBe(1);
    expect(again.kind === "ok" && again.state).toEqual(r.state);
  });
});

describe("a bad link is refused with a reason", () => {
  const nested = "[".repeat(200) + "]".repeat(200);
  const cases: [string, () => Promise<string>, RegExp][] = [
    ["a newer format version", async () => "#v=2&s=AAAA", /newer playground \(format v2\)/],
    ["a version that is not a number", async () => "#v=one&s=AAAA", /format version "one" is not a number/],
    ["a version with no state", async () => "#v=1", /state \(s=\) is missing/],
    ["a state with no version", async () => "#s=AAAA", /no format version/],
    ["characters outside base64url", async () => "#v=1&s=ab<script>", /"<" at position 2 .*not in the link alphabet/],
    ["a broken %-escape", async () => "#v=1&s=%E0%A4%A", /broken %-escape/],
    ["a key given twice", async () => "#v=1&v=1&s=AAAA", /"v" part appears twice/],
    [
      "a link cut in half",
      async () => {
        const full = (await encodeShareFragment(exampleById("token-bill")!.state)).fragment;
        return full.slice(0, Math.floor(full.length / 2));
      },
      /cut off/,
    ],
    [
      "a link longer than the hard limit",
      async () => "#v=1&s=" + "A".repeat(SHARE_LIMITS.maxFragmentChars),
      /over the 200,000-character limit/,
    ],
    ["a decompression bomb", async () => link(" ".repeat(SHARE_LIMITS.maxJsonChars + 10)), /more than 2,000,000 bytes/],
    ["corrupt DEFLATE data", async () => "#v=1&s=AQIDBAUGBw", /corrupt|cut off/],
    ["a payload that is not JSON", async () => link("this is not json"), /not valid JSON/],
    ["a payload that is a JSON array", async () => link("[1,2]"), /must be a JSON object/],
    ["a payload nested too deep", async () => link(`{"capabilities":{"x":${nested}}}`), /nests deeper than 64 levels/],
    [
      "a field of the wrong type",
      async () => link({ exchanges: [{ sent: 1, durationMs: 0 }] }),
      /field exchanges\[0\]\.sent is invalid/,
    ],
    ["an unknown era", async () => link({ era: "future" }), /field era is invalid/],
    [
      "an HTTP target with a javascript: URL",
      async () => link({ target: { kind: "http", url: "javascript:alert(1)" } }),
      /field target\.url is invalid/,
    ],
    [
      "a v0 link with an unknown target",
      async () => `#code=${LZString.compressToEncodedURIComponent("x")}&target=evil`,
      /field target is invalid/,
    ],
    ["a v0 link whose code= is not lz-string", async () => "#code=***", /not in the link alphabet/],
  ];
  it.each(cases)("%s", async (_label, make, reason) => {
    const r = await decodeShareFragment(await make());
    expect(r.kind).toBe("error");
    if (r.kind === "error") {
      expect(r.reason).toMatch(reason);
      expect(linkErrorMessage(r.reason)).toMatch(/^could not load this link: /);
    }
  });

  it.each([[""], ["#"], ["#top"], ["#section=2"]])(
    "a fragment that is not a playground link (%j) loads the default page silently",
    async (fragment) => {
      expect(await decodeShareFragment(fragment)).toEqual({ kind: "none" });
    },
  );

  it("markup in every string is kept as data, byte for byte (rendering it as text is the page's job)", async () => {
    const evil = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const state: ShareState = {
      ...defaultShareState(),
      title: evil,
      about: evil,
      editor: evil,
      exchanges: [
        {
          ...exampleById("missing-capability")!.state.exchanges[0],
          label: evil,
          sent: evil,
          verdicts: [{ level: "info", text: evil }],
        },
      ],
    };
    const back = await roundTrip(state);
    expect(back.title).toBe(evil);
    expect(back.exchanges[0].sent).toBe(evil);
    expect(back.exchanges[0].verdicts![0].text).toBe(evil);
  });
});

describe("size budget", () => {
  it(`the chapter's MRTR round trip (two exchanges) fits in ${MRTR_LINK_BUDGET} characters`, async () => {
    const { fragment } = await encodeShareFragment(exampleById("dentist-mrtr")!.state);
    expect(exampleById("dentist-mrtr")!.state.exchanges).toHaveLength(2);
    expect(fragment.length).toBeLessThan(MRTR_LINK_BUDGET);
  });

  it.each(EXAMPLES.map((e) => [e.id, e] as const))(
    `gallery link stays under ${LINK_WARN_CHARS} characters: %s`,
    async (_id, example) => {
      const { fragment } = await encodeShareFragment(example.state);
      expect(fragment.length).toBeLessThan(LINK_WARN_CHARS);
    },
  );
});

describe("bounded decompressors", () => {
  it("the DEFLATE reader stops at the byte limit instead of inflating everything", async () => {
    const payload = (await link("x".repeat(5_000_000))).slice("#v=1&s=".length);
    const r = await inflateFromLink(payload, 1_000_000);
    expect(r).toEqual({
      ok: false,
      reason: "the state decompresses to more than 1,000,000 bytes, over the limit for a link",
    });
  });

  it("the DEFLATE reader refuses bytes that are not UTF-8", async () => {
    const stream = new Blob([new Uint8Array([0xff, 0xfe, 0x00])])
      .stream()
      .pipeThrough(new CompressionStream("deflate-raw"));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    const b64 = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect((await inflateFromLink(b64, 100)).ok).toBe(false);
  });

  it("the lz-string reader gives back exactly what lz-string wrote, for random text", () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    for (let k = 0; k < 300; k++) {
      let s = "";
      const len = rnd(2000);
      for (let i = 0; i < len; i++) s += k % 2 ? String.fromCharCode(rnd(65536)) : '{}":,ab→'[rnd(8)];
      expect(inflateLz(LZString.compressToEncodedURIComponent(s), 1e7)).toEqual({ ok: true, text: s });
    }
  });

  it("the lz-string reader stops a quadratic expansion at the limit (a 1,129-character link that would expand to 300,000)", () => {
    const bomb = LZString.compressToEncodedURIComponent("a".repeat(300_000));
    expect(bomb.length).toBeLessThan(1200);
    expect(inflateLz(bomb, 100_000)).toEqual({
      ok: false,
      reason: "the state decompresses to more than 100,000 characters, over the limit for a link",
    });
  });

  it("the lz-string reader says a cut link was cut", () => {
    const full = LZString.compressToEncodedURIComponent("a fairly long editor text ".repeat(20));
    const r = inflateLz(full.slice(0, full.length - 5), 1e6);
    expect(r.ok).toBe(false);
  });
});

describe("each recorded exchange keeps its target and when it was sent (B1, B2)", () => {
  it("a per-exchange target that differs from the link's survives the round trip; one that matches is not stored", async () => {
    const { encodeShareFragment, decodeShareFragment } = await import("@/lib/share/codec");
    const base = exampleById("dentist-mrtr")!.state;
    const everything: Target = { kind: "demo", server: "everything", transport: "stdio" };
    const state: ShareState = {
      ...base,
      exchanges: [
        { ...base.exchanges[0], target: base.target, startedAt: 1_790_000_000_000 },
        { ...base.exchanges[1], target: everything, targetLabel: "everything (stdio)" },
      ],
    };
    const encoded = await encodeShareFragment(state);
    const decoded = await decodeShareFragment(encoded.fragment);
    expect(decoded.kind).toBe("ok");
    if (decoded.kind !== "ok") return;
    expect(decoded.state.exchanges[0].target).toBeUndefined();
    expect(decoded.state.exchanges[0].startedAt).toBe(1_790_000_000_000);
    expect(decoded.state.exchanges[1].target).toEqual(everything);
    expect(toExchange(decoded.state.exchanges[0], 0).startedAt).toBe(1_790_000_000_000);
    expect(toExchange(decoded.state.exchanges[1], 1).startedAt).toBe(0);
  });

  it("a per-exchange target loses its secrets exactly like the link's target", async () => {
    const { stripSecrets } = await import("@/lib/share/secrets");
    const base = exampleById("dentist-mrtr")!.state;
    const tool: Target = {
      kind: "stdio",
      command: "node",
      args: ["s.js", "--api-key", "sk-123456789"],
      env: { SECRET_TOKEN: "abcdefghij" },
    };
    const out = stripSecrets({ ...base, exchanges: [{ ...base.exchanges[0], target: tool }] });
    const kept = out.state.exchanges[0].target as Extract<Target, { kind: "stdio" }>;
    expect(kept.args).toEqual(["s.js", "--api-key", ""]);
    expect(kept.env).toEqual({ SECRET_TOKEN: "" });
    expect(JSON.stringify(out.state)).not.toContain("sk-123456789");
  });
});
