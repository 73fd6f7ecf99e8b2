/**
 * POST /api/auth/run through the app's route table: the demo flow ends authenticated, its reply carries no
 * token (tokens stay on the server; only masks reach the page), a bad request is refused with the reason,
 * and in hosted mode a user-supplied URL passes the SSRF guard (a loopback URL is refused before any request).
 * POST /api/auth/check (the Checks tab's judgement): a protected fixture judged from outside, nothing registered.
 */
import { describe, expect, it, vi } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import type { AuthJudgement } from "@/lib/auth/types";
import { AUTH_FIXTURES, serveRoutes } from "@/tests/fixtures/auth/metadata";
import { appRoutesForFile } from "../app-routes";

const TOKEN = "auth-route-token";
const app = appRoutesForFile(TOKEN);

describe("POST /api/auth/run", () => {
  it("the calendar demo ends authenticated and the reply holds no bearer value, code or verifier in the clear", async () => {
    const { status, json } = await app.post("/api/auth/run", { demo: "calendar-protected" }, { [TOKEN_HEADER]: TOKEN });
    expect(status).toBe(200);
    const run = (json as { value: { outcome: string; findings: unknown[] } }).value;
    expect(run.outcome).toBe("authenticated");
    expect(run.findings).toEqual([]);
    const text = JSON.stringify(json);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}/); // no JWT
    const values = [...text.matchAll(/(?:access|refresh)_token[\\"]*: ?[\\"]*([^"\\]*)/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(3);
    for (const v of values) expect(v).toMatch(/masked/);
  });

  it("refuses a request naming both a demo and a URL, saying why", async () => {
    const { status, json } = await app.post(
      "/api/auth/run",
      { demo: "calendar-protected", url: "http://x/mcp" },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(status).toBe(400);
    expect(json.ok).toBe(false);
    expect(String(json.message)).toContain("exactly one of demo or url");
  });

  it("without the bridge token the route is refused", async () => {
    const { status } = await app.post("/api/auth/run", { demo: "calendar-protected" });
    expect(status).toBe(401);
  });

  it("hosted mode: a loopback URL is refused by the SSRF guard before any request leaves", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      const { json } = await app.post("/api/auth/run", { url: "http://127.0.0.1:9/mcp" }, { [TOKEN_HEADER]: TOKEN });
      const run = (json as { value: { outcome: string; steps: Array<{ detail: string }> } }).value;
      expect(run.outcome).toBe("failed");
      expect(run.steps[0].detail).toContain("refused before sending");
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });
});

describe("POST /api/auth/check", () => {
  it("judges a server that accepts any token: 401, every discovery aspect reached, INVALID_TOKEN_ACCEPTED, no registration request", async () => {
    const server = await serveRoutes(AUTH_FIXTURES["accepts-any-token"]);
    try {
      const { status, json } = await app.post("/api/auth/check", { url: server.url }, { [TOKEN_HEADER]: TOKEN });
      expect(status).toBe(200);
      const j = (json as { value: AuthJudgement }).value;
      expect(j.status).toBe(401);
      expect(j.reached).toEqual(["challenge", "forged", "prm", "path-aware", "prm-doc", "as", "as-doc"]);
      expect(j.run.findings.map((f) => f.code)).toEqual(["INVALID_TOKEN_ACCEPTED"]);
      expect(j.run.steps.map((s) => s.name)).toEqual([
        "unauthenticated request",
        "protected resource metadata",
        "authorization server metadata",
        "token handling probes",
      ]);
    } finally {
      await server.close();
    }
  });

  it("refuses a URL that is not http(s) with the reason", async () => {
    const { status, json } = await app.post(
      "/api/auth/check",
      { url: "file:///etc/passwd" },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toMatch(/http\(s\) MCP endpoint/);
  });
});
