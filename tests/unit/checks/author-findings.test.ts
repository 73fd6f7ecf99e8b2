/**
 * The server authors' round-4 findings (issue 44 point 4), each as the wire shows it: false positives that must
 * pass now, and gaps that must now fail. The peers answer like the conformance fixture except for the one answer
 * each rule is about.
 */
import { describe, expect, it } from "vitest";
import { RunState } from "@/lib/checks/context";
import { checkById } from "@/lib/checks/registry";
import { runCheck, runChecks } from "@/lib/checks/runner";
import type { CheckReport } from "@/lib/checks/types";
import { CheckContext } from "@/lib/checks/context";
import { handshakeReply, peer, type Script } from "./peer";
import { runOne } from "./run-one";

const error = (id: unknown, code: number, message: string) => ({ jsonrpc: "2.0", id, error: { code, message } });
const status = (report: CheckReport, id: string) => report.checks.find((c) => c.id === id);
/** The dual-era server's name in its handshake answers. */
const DUAL = { name: "dual", version: "1" };
const hasEnvelope = (f: Record<string, unknown>) => !!(f.params as { _meta?: unknown } | undefined)?._meta;

async function run(transport: "stdio" | "http", script: Script, only: string[]) {
  const p = peer(transport, script);
  return runChecks({ send: p.send, transport, label: "peer" }, { only, timeoutMs: 1000, listenWindowMs: 50 });
}

describe("C66 counts only what claims to be JSON-RPC (an OAuth error body on a 403 is not a message)", () => {
  const foreignOrigin = (o: Parameters<Script>[1]) => o.http?.origin === "http://evil.example";

  it('a 403 answering a foreign Origin with {"error":"forbidden","error_description":…} passes C66 (and C54)', async () => {
    const report = await run(
      "http",
      (frame, o, fallback) =>
        foreignOrigin(o)
          ? {
              frames: [{ error: "forbidden", error_description: "Origin http://evil.example is not allowed" }],
              status: 403,
            }
          : fallback(),
      ["C54", "C66"],
    );
    expect(status(report, "C54")?.status).toBe("pass");
    expect(status(report, "C66")?.status, status(report, "C66")?.detail).toBe("pass");
  });

  it('a 401 with {"error":"invalid_token"} is not a JSON-RPC message either', async () => {
    const report = await run(
      "http",
      (frame, o, fallback) => (foreignOrigin(o) ? { frames: [{ error: "invalid_token" }], status: 401 } : fallback()),
      ["C54", "C66"],
    );
    expect(status(report, "C66")?.status, status(report, "C66")?.detail).toBe("pass");
  });

  it("a JSON-RPC error without jsonrpc (an error object with a numeric code) still fails C66", async () => {
    const report = await run(
      "http",
      (frame, o, fallback) =>
        foreignOrigin(o)
          ? { frames: [{ id: null, error: { code: -32600, message: "Forbidden" } }], status: 403 }
          : fallback(),
      ["C54", "C66"],
    );
    expect(status(report, "C66")?.status).toBe("fail");
    expect(status(report, "C66")?.detail).toContain('"jsonrpc"');
  });
});

describe("C61 judges the handshake, not resultType", () => {
  it("a fresh process that serves tools/list first but leaves out resultType passes C61 (C13 judges the missing resultType)", async () => {
    const p = peer("stdio", (frame, o, fallback) => {
      const r = fallback();
      if (frame.method !== "tools/list" || o.processMode !== "fresh") return r;
      const [reply] = r.frames as { result: Record<string, unknown> }[];
      const { resultType: _dropped, ...rest } = reply.result;
      return { ...r, frames: [{ ...reply, result: rest }] };
    });
    const result = await runOne("C61", p.send, "stdio");
    expect(result.status, result.detail).toBe("pass");
    expect(result.detail).toMatch(/served .*without resultType.*C13/);
    expect(result.detail).not.toMatch(/without server\/discover or initialize before it/);
  });

  it("a fresh process that refuses its first request still fails C61", async () => {
    const p = peer("stdio", (frame, o, fallback) =>
      frame.method === "tools/list" && o.processMode === "fresh"
        ? { frames: [error(frame.id, -32600, "Call server/discover first")] }
        : fallback(),
    );
    const result = await runOne("C61", p.send, "stdio");
    expect(result.status).toBe("fail");
    expect(result.detail).toContain("-32600");
  });
});

describe("C17 compares two fetches made back to back", () => {
  it("a server that reverses its tools on every tools/list call is caught even when an even number of calls came between the run's first read and C17", async () => {
    let calls = 0;
    const p = peer("http", (frame, _o, fallback) => {
      const r = fallback();
      if (frame.method !== "tools/list") return r;
      calls += 1;
      const [reply] = r.frames as { result: { tools: unknown[] } }[];
      // No pagination here: the whole list on one page, in an order that flips on each call.
      const tools = [
        { name: "echo", inputSchema: { type: "object" } },
        { name: "ask_name", inputSchema: { type: "object" } },
      ];
      const result = { ...reply.result, tools: calls % 2 ? tools : [...tools].reverse() };
      delete (result as { nextCursor?: unknown }).nextCursor;
      return { ...r, frames: [{ ...reply, result }] };
    });
    const state = new RunState(p.send, {
      transport: "http",
      era: "modern",
      version: "2026-07-28",
      options: { toolCalls: "read-only", timeoutMs: 1000, listenWindowMs: 50 },
    });
    const ctx = new CheckContext(state, "catalog");
    await ctx.discover();
    await ctx.list("tools/list"); // the run's read (call 1)
    await ctx.fetchList("tools/list"); // another check's read (call 2): C17's next fetch is call 3, in call 1's order
    const result = await runCheck(checkById("C17")!, state);
    expect(result.status, result.detail).toBe("fail");
    expect(result.level).toBe("SHOULD");
    expect(result.detail).toMatch(/back to back/);
  });
});

describe("C63 asks initialize and resources/unsubscribe too", () => {
  for (const method of ["initialize", "resources/unsubscribe"]) {
    it(`a modern-enveloped ${method} answered HTTP 400 -32600 fails C63, naming ${method}`, async () => {
      const p = peer("http", (frame, _o, fallback) =>
        frame.method === method && hasEnvelope(frame)
          ? { frames: [error(frame.id, -32600, `${method} is not supported`)], status: 400 }
          : fallback(),
      );
      const result = await runOne("C63", p.send, "http");
      expect(result.status, result.detail).toBe("fail");
      expect(result.detail).toContain(method);
    });
  }

  it("a dual-era server that answers a modern-enveloped initialize with a handshake result is not judged by C63 or C10", async () => {
    const p = peer("http", (frame, _o, fallback) =>
      frame.method === "initialize" ? handshakeReply(frame, "2025-11-25", {}, DUAL) : fallback(),
    );
    expect((await runOne("C63", p.send, "http")).status).toBe("pass");
    expect((await runOne("C10", p.send, "http")).status).toBe("pass");
  });
});

describe("--pin-version 2025-11-25 on a dual-era server: the era report does not contradict itself", () => {
  it("it says a 2026-07-28 client uses the server (server/discover answered), raises no ambiguity and gives no advice to implement it", async () => {
    const p = peer("http", (frame, _o, fallback) => {
      if (frame.method === "initialize") return handshakeReply(frame, "2025-11-25", { tools: {} }, DUAL);
      if (frame.method === "notifications/initialized") return { frames: [], status: 202 };
      return fallback();
    });
    const report = await runChecks(
      { send: p.send, transport: "http", label: "peer" },
      { only: [], timeoutMs: 1000, listenWindowMs: 50, emulate: { pinVersion: "2025-11-25" } },
    );
    expect(report.era).toBe("legacy");
    const er = report.eraReport!;
    expect(er.modernClientSees).not.toMatch(/cannot use this server/);
    expect(er.modernClientSees).toMatch(/server\/discover answered a result .*2026-07-28/);
    expect(er.modernClientSees).toMatch(/pinned to 2025-11-25/);
    expect(er.ambiguity.status).toBe("pass");
    expect(er.advice).not.toMatch(/answer server\/discover/);
    expect(er.advice).toMatch(/without --pin-version/);
  });
});
