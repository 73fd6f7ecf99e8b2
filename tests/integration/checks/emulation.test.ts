/** Client emulation: the checks talk as a less capable client would, and the report says so (issue 20). */
import { afterAll, describe, expect, it } from "vitest";
import { sentText } from "@/lib/protocol/exchange";
import { startHttp } from "@/tests/fixtures/checks/http.mjs";
import { bridgeCheckSend } from "@/lib/node/checks/bridge-send";
import { runChecks } from "@/lib/checks/runner";
import { toText } from "@/lib/checks/report";
import type { Emulation } from "@/lib/checks/types";
import type { Exchange } from "@/lib/bridge/contract";
import { FAST, noProcessLeft } from "./run-suite";

async function run(emulate: Emulation) {
  const server = await startHttp({});
  const seen: Exchange[] = [];
  try {
    const report = await runChecks(
      {
        send: bridgeCheckSend({ kind: "http", url: server.url }, {}, (ex) => seen.push(ex)),
        transport: "http",
        label: "fixture",
      },
      { ...FAST, emulate },
    );
    const parse = (text: string) => {
      try {
        return JSON.parse(text) as { method?: string; params?: { cursor?: string; _meta?: Record<string, unknown> } };
      } catch {
        return {}; // a GET/DELETE without a body, or a deliberately broken frame
      }
    };
    return { report, frames: seen.map((ex) => parse(sentText(ex))), seen };
  } finally {
    await server.close();
  }
}
const status = (report: Awaited<ReturnType<typeof run>>["report"], id: string) =>
  report.checks.find((c) => c.id === id)?.status;

describe("client emulation, honoured by the checks", () => {
  it("no MRTR support: no request declares an input capability, so no MRTR round is found (the MRTR checks do not apply)", async () => {
    const { report, frames } = await run({ noMrtr: true });
    const declared = frames
      .map(
        (f) => f.params?._meta?.["io.modelcontextprotocol/clientCapabilities"] as Record<string, unknown> | undefined,
      )
      .filter(Boolean);
    expect(declared.some((c) => "elicitation" in c! || "sampling" in c! || "roots" in c!)).toBe(false);
    expect(status(report, "C28")).toBe("skip");
    expect(toText(report)).toContain("Emulating a client: no MRTR support (no input capabilities declared).");
  }, 60_000);

  it("first page of lists only: no list request follows a nextCursor (only C18's made-up cursor is sent)", async () => {
    const { report, frames } = await run({ firstPageOnly: true });
    const cursors = frames
      .filter((f) => f.method?.endsWith("/list") && f.params?.cursor !== undefined)
      .map((f) => f.params!.cursor);
    expect(cursors).toEqual(["playground-invalid-cursor"]);
    expect(report.emulate).toEqual({ firstPageOnly: true });
  }, 60_000);

  it("Mcp-Param-* headers omitted: no tools/call carries one (but C51's, which sends them wrong on purpose)", async () => {
    const { seen } = await run({ omitParamHeaders: true });
    const ordinary = seen.filter((ex) => !sentText(ex).includes('"id":"C51-'));
    const headers = ordinary.flatMap((ex) =>
      ex.events.flatMap((e) => (e.kind === "http-request" ? e.headers.map(([n]) => n) : [])),
    );
    expect(headers.filter((n) => /^mcp-param-/i.test(n))).toEqual([]);
  }, 60_000);

  it("a pinned protocol version the server does not speak: the probe asks for it alone, the checks speak it, and the report names the pin", async () => {
    const { report, frames } = await run({ pinVersion: "2099-01-01" });
    expect(frames[0].params?._meta?.["io.modelcontextprotocol/protocolVersion"]).toBe("2099-01-01");
    expect(report.probe.reason).toMatch(/-32022/);
    expect(toText(report)).toContain("protocol version pinned to 2099-01-01");
    // No retry with the server's version: every server/discover of the run names the pin (or C04's made-up one).
    const versions = frames
      .filter((f) => f.method === "server/discover")
      .map((f) => f.params?._meta?.["io.modelcontextprotocol/protocolVersion"]);
    expect(versions).not.toContain("2026-07-28");
    expect(versions.filter((v) => v === "2099-01-01").length).toBeGreaterThan(1);
  }, 60_000);
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
