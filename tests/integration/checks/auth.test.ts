/**
 * The authorization checks (C57, A01–A10) through the real runner and bridge: a small server per mistake fails
 * exactly the rules that mistake breaks, the embedded protected servers are judged with tokens of their own
 * (the naive one breaks the token rules), and a server that asks for no token leaves them out of the score.
 */
import { afterAll, describe, expect, it } from "vitest";
import { judgeAuthorization } from "@/lib/node/auth/judge";
import { startProtectedCheckTarget, type ProtectedCheckDemo } from "@/lib/node/auth/check-demo";
import { AUTH_CHECK_IDS } from "@/lib/checks/checks/auth";
import { AUTH_PROOFS } from "@/lib/checks/doc";
import type { CheckReport } from "@/lib/checks/types";
import { AUTH_FIXTURES, serveRoutes, type AuthFixture } from "@/tests/fixtures/auth/metadata";
import { startHttp } from "@/tests/fixtures/checks/http.mjs";
import { FAST, complaints, noProcessLeft, runOn } from "./run-suite";

const statuses = (report: CheckReport) =>
  Object.fromEntries(report.checks.filter((c) => AUTH_CHECK_IDS.includes(c.id)).map((c) => [c.id, c.status]));
const failing = (report: CheckReport) => report.checks.filter((c) => c.status === "fail").map((c) => c.id);

async function checkFixture(name: AuthFixture): Promise<CheckReport> {
  const server = await serveRoutes(AUTH_FIXTURES[name]);
  try {
    return await runOn({ kind: "http", url: server.url }, "http", {
      ...FAST,
      authorization: () => judgeAuthorization({ target: server.url }),
    });
  } finally {
    await server.close();
  }
}

/** What each fixture breaks: its own rule, and the rules that cannot hold once it is broken. */
const BREAKS: Record<AuthFixture, string[]> = {
  good: [],
  "basic-challenge-no-metadata": ["A01", "A02", "A03", "C57"],
  "challenge-without-resource-metadata": ["A02", "A03"],
  "metadata-only-at-challenge-url": ["A03"],
  "resource-mismatch": ["A04"],
  "issuer-trailing-slash": ["A05"],
  "no-s256": ["A06"],
  "no-registration-path": ["A07"],
  "accepts-any-token": ["A08"],
};

describe("a protected server without a token: only the authorization checks run", () => {
  it("the correct fixture passes A01–A08 and C57; the token rules A09/A10 do not apply without tokens; the reason says how to give one", async () => {
    const report = await checkFixture("good");
    expect(report.era).toBe("unreachable");
    expect(report.probe.reason).toMatch(/answered 401: it is protected.*--header "Authorization: Bearer <token>"/);
    expect(statuses(report)).toEqual({
      A01: "pass",
      A02: "pass",
      A03: "pass",
      A04: "pass",
      A05: "pass",
      A06: "pass",
      A07: "pass",
      A08: "pass",
      A09: "skip",
      A10: "skip",
      C57: "pass",
    });
    expect(report.checks.find((c) => c.id === "A09")?.blocked).toBeUndefined();
    expect(report.checks.map((c) => c.id).sort()).toEqual([...AUTH_CHECK_IDS].sort());
  });

  for (const [name, breaks] of Object.entries(BREAKS).filter(([n]) => n !== "good")) {
    it(`${name}: fails ${breaks.join(", ")} and nothing else`, async () => {
      const report = await checkFixture(name as AuthFixture);
      expect(failing(report).sort(), complaints(report).join("\n")).toEqual([...breaks].sort());
    });
  }

  it("every fixture docs/checks.md names for a check makes that check fail", () => {
    for (const proof of AUTH_PROOFS.filter((p) => p.fixture.startsWith("auth/metadata.ts "))) {
      expect(BREAKS[proof.fixture.slice("auth/metadata.ts ".length) as AuthFixture], proof.id).toContain(proof.id);
    }
  });

  it("after a failed discovery the later rules could not run: they stay in the score as blocked", async () => {
    const report = await checkFixture("basic-challenge-no-metadata");
    const blocked = report.checks.filter((c) => c.blocked).map((c) => c.id);
    expect(blocked.sort()).toEqual(["A04", "A05", "A06", "A07"]);
  });
});

describe("the embedded protected servers, checked with tokens of their own (check --demo …-protected)", () => {
  const judged = async (demo: ProtectedCheckDemo) => {
    const t = await startProtectedCheckTarget(demo);
    try {
      return await runOn({ kind: "http", url: t.url, headers: { Authorization: `Bearer ${t.ownToken}` } }, "http", {
        ...FAST,
        // C66 judges every HTTP message of the run: the foreign Origin's 403 carries an OAuth error body, not JSON-RPC.
        only: [...AUTH_CHECK_IDS, "C01", "C54", "C66"],
        authorization: t.authorization,
      });
    } finally {
      await t.close();
    }
  };

  it("the calendar passes every authorization check, the audience and query-string rules included; the protocol checks ran authenticated (a foreign Origin refused with 403 too)", async () => {
    const report = await judged("calendar-protected");
    expect(report.era).toBe("modern");
    expect(complaints(report)).toEqual([]);
    expect(Object.values(statuses(report)).every((s) => s === "pass")).toBe(true);
    expect(report.checks.find((c) => c.id === "C01")?.status).toBe("pass");
    expect(report.checks.find((c) => c.id === "C66")?.status).toBe("pass");
  }, 60_000);

  it("the naive server accepts a made-up token, a calendar token (wrong audience) and a token in the query string: A08, A09, A10 fail", async () => {
    const report = await judged("naive-protected");
    expect(failing(report).sort()).toEqual(["A08", "A09", "A10"]); // no MUST beyond the three it is built to break (C66 included)
    expect(report.checks.find((c) => c.id === "A09")?.detail).toMatch(/AUDIENCE_NOT_ENFORCED/);
  }, 60_000);
});

describe("a server that asks for no token", () => {
  it("leaves every authorization check out of the score (not applicable, not blocked)", async () => {
    const server = await startHttp({});
    try {
      const report = await runOn({ kind: "http", url: server.url }, "http", {
        ...FAST,
        only: [...AUTH_CHECK_IDS],
        authorization: () => judgeAuthorization({ target: server.url }),
      });
      expect(report.era).toBe("modern");
      expect(report.checks.every((c) => c.status === "skip" && !c.blocked)).toBe(true);
      expect(report.score).toBe(100);
    } finally {
      await server.close();
    }
  });
});

afterAll(() => {
  expect(noProcessLeft()).toEqual([]);
});
