/**
 * The cache-hint audit against real servers through the bridge: the chapter's calendar has none to flag;
 * the bad-hints fixture breaks one rule per method and each break is named.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Target } from "@/lib/bridge/contract";
import { send } from "@/lib/node/bridge/send";
import { endAllAndAssertNoneAlive, recordPids } from "../helpers";
import { auditCacheHints, type AuditSend } from "@/lib/cache/rules";
import { replyFrame } from "@/lib/protocol/exchange";

afterAll(() => endAllAndAssertNoneAlive());
let n = 0;

function via(target: Target): AuditSend {
  return async (frame) => {
    const exchange = await send({
      sendId: `audit-${++n}`,
      target,
      frame,
      insist: false,
      timeoutMs: 10_000,
      processMode: "keep",
    });
    recordPids(exchange);
    return exchange.outcome.kind === "response"
      ? { ok: true, response: replyFrame(exchange) }
      : { ok: false, message: JSON.stringify(exchange.outcome) };
  };
}

describe("cache-hint audit", () => {
  it("the calendar: every cacheable method answered with hints, nothing flagged", async () => {
    const report = await auditCacheHints(via({ kind: "demo", server: "calendar", transport: "stdio" }));
    expect(
      report.rows.map((r) => [
        r.method,
        r.outcome.kind === "answered" && r.outcome.badge.kind === "cacheable"
          ? r.outcome.badge.summary
          : r.outcome.kind,
      ]),
    ).toEqual([
      ["server/discover", "ttl 5 min · public"],
      ["tools/list", "ttl 5 min · public"],
      ["prompts/list", "ttl 5 min · public"],
      ["resources/list", "ttl 5 min · public"],
      ["resources/templates/list", "ttl 5 min · public"],
      ["resources/read", "ttl 1 min · private"],
    ]);
    expect([report.errors, report.warnings]).toEqual([0, 0]);
  });

  it("the bad-hints fixture: each broken rule is flagged on its method", async () => {
    const report = await auditCacheHints(
      via({ kind: "stdio", command: process.execPath, args: ["tests/fixtures/cache/bad-hints-server.mjs"] }),
    );
    const flagged = report.rows.map((r) => [
      r.method,
      (r.params.cursor as string | undefined) ?? "",
      r.outcome.kind === "answered" ? r.outcome.violations.map((v) => v.rule) : r.outcome.kind,
    ]);
    expect(flagged).toEqual([
      ["server/discover", "", ["hints-required-scope"]],
      ["tools/list", "", []],
      ["tools/list", "page-2", ["scope-uniform-across-pages"]],
      ["prompts/list", "", ["hints-required-ttl"]],
      ["resources/list", "", ["ttl-not-negative"]],
      ["resources/templates/list", "", []],
      ["resources/read", "", ["ttl-integer", "scope-enum"]],
    ]);
    expect([report.errors, report.warnings]).toEqual([5, 1]);
  });

  it("a legacy server answers server/discover with an error, which the audit shows as such", async () => {
    const report = await auditCacheHints(via({ kind: "demo", server: "everything", transport: "stdio" }));
    expect(report.rows[0]).toMatchObject({ method: "server/discover", outcome: { kind: "error" } });
  });
});
