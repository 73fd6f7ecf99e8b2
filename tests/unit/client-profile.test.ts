/**
 * One client profile (issue 31 item 2): built once from the envelope settings or the CLI's flags, it declares
 * and acts for every caller the same way.
 */
import { describe, expect, it } from "vitest";
import { defaultMaxTotalMs, pageSendOptions, resolveProgress, SEND_DEFAULTS } from "@/lib/bridge/send-options";
import { clientProfile } from "@/lib/protocol/client-profile";
import { draftFrame } from "@/lib/protocol/frame";
import { DEFAULT_ENVELOPE_SETTINGS, profileOf } from "@/lib/session";

const tool = {
  name: "lookup",
  inputSchema: { type: "object", properties: { region: { type: "string", "x-mcp-header": "Region" } } },
};
const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "lookup", arguments: { region: "eu" } } };

describe("the client profile", () => {
  it("a plain client declares what it was given, names the chosen version and mirrors x-mcp-header arguments", () => {
    const p = clientProfile({ capabilities: { elicitation: { form: {} } }, protocolVersion: " 2026-07-28 " });
    expect(p).toMatchObject({
      capabilities: { elicitation: { form: {} } },
      protocolVersion: "2026-07-28",
      pinned: false,
    });
    expect(p.emulation).toBeUndefined();
    expect(p.paramHeaders(call, [tool])).toEqual({ headers: { "Mcp-Param-Region": "eu" }, omitted: [] });
    expect(p.paging(20)).toEqual({ maxPages: 20 });
  });

  it("an emulated client drops input capabilities, pins its version, omits Mcp-Param-* (naming them) and reads one page", () => {
    const p = clientProfile({
      emulate: { noMrtr: true, pinVersion: "2025-11-25", omitParamHeaders: true, firstPageOnly: true },
      capabilities: { elicitation: {}, roots: {}, experimental: {} },
    });
    expect(p).toMatchObject({ capabilities: { experimental: {} }, protocolVersion: "2025-11-25", pinned: true });
    expect(p.paramHeaders(call, [tool])).toEqual({ headers: {}, omitted: ["Mcp-Param-Region"] });
    expect(p.paging(20)).toEqual({ maxPages: 20, firstPageOnly: true });
    const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28" };
    const { draft, changes } = p.prepare(
      draftFrame(JSON.stringify({ ...call, params: { ...call.params, _meta: meta } })),
    );
    expect(draft.text).toContain('"io.modelcontextprotocol/protocolVersion":"2025-11-25"');
    expect(changes).toEqual(['protocolVersion pinned to 2025-11-25 (the frame said "2026-07-28")']);
  });

  it("whether Mcp-Param-* headers are sent is decided by the profile alone (sendsParamHeaders), and paramHeaders agrees", () => {
    const plain = clientProfile();
    const omitting = clientProfile({ emulate: { omitParamHeaders: true } });
    expect(plain.sendsParamHeaders).toBe(true);
    expect(omitting.sendsParamHeaders).toBe(false);
    expect(plain.paramHeaders(call, [tool]).headers).toEqual({ "Mcp-Param-Region": "eu" });
    expect(omitting.paramHeaders(call, [tool]).headers).toEqual({});
  });

  it("the page builds it once per envelope settings", () => {
    expect(profileOf(DEFAULT_ENVELOPE_SETTINGS)).toBe(profileOf(DEFAULT_ENVELOPE_SETTINGS));
    expect(profileOf({ ...DEFAULT_ENVELOPE_SETTINGS })).not.toBe(profileOf(DEFAULT_ENVELOPE_SETTINGS));
  });
});

describe("send options resolve in one place", () => {
  it("a send that names nothing waits 10 s, and with progress at most 10 timeouts (never past the maximum)", () => {
    expect(SEND_DEFAULTS.timeoutMs).toBe(10_000);
    expect(resolveProgress({ timeoutMs: 2_000 })).toEqual({ reset: true, maxTotalMs: 20_000 });
    expect(defaultMaxTotalMs(300_000)).toBe(600_000);
  });

  it("the page adds only what differs from the default, and no maximum total below the timeout", () => {
    expect(pageSendOptions({ progressReset: true, maxTotalMs: null }, 1_000)).toEqual({});
    expect(pageSendOptions({ progressReset: false, maxTotalMs: 500 }, 1_000)).toEqual({ progressReset: false });
    expect(pageSendOptions({ maxTotalMs: 30_000 }, 1_000)).toEqual({ maxTotalMs: 30_000 });
  });
});
