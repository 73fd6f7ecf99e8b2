/**
 * Issue 26 item 1: the browser's sign-in is bound to this origin, since issue 43 this launch's own origin
 * (mcp-<random>.localhost:<port>, launch-origin.test.ts). The launch URL carries a one-time launch code in its
 * #fragment; the page trades it (same-origin POST /api/signin) for a browser secret the answer sets as an HttpOnly
 * cookie, which counts only on a request the browser marks Sec-Fetch-Site: same-origin. Scripts and the CLI keep the
 * token header. The old per-port cookie is no credential at all.
 */
import { createHmac } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { SESSION_HEADER, TOKEN_HEADER } from "@/lib/bridge/contract";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { livePids } from "@/lib/node/bridge/stdio";
import { appRoutesForFile } from "./app-routes";
import { spawnAttemptsForFile } from "./spawn-attempts";

const TOKEN = "origin-bound-sign-in-token-0123456789";
// Every refused call here would have spawned: none may have.
const app = appRoutesForFile(TOKEN, () => expect(livePids()).toEqual([]));

const attempts = spawnAttemptsForFile("signin");

const SAME_ORIGIN = { "Sec-Fetch-Site": "same-origin" };
/** This launch's own page: its origin (mcp-….localhost at the port) as Origin and Host, same-origin. */
const ownPage = () => ({
  Origin: `http://${launchHostname()}:${app.port}`,
  Host: `${launchHostname()}:${app.port}`,
  ...SAME_ORIGIN,
});

/** A fresh launch code, as a script holding the token asks for one (the run command prints the first). */
async function launchCode(): Promise<string> {
  const { status, json } = await app.post("/api/signin/launch", {}, { [TOKEN_HEADER]: TOKEN });
  expect({ status, ok: json.ok }).toEqual({ status: 200, ok: true });
  const url = new URL((json.value as { launchUrl: string }).launchUrl);
  expect(url.search).toBe("");
  return new URLSearchParams(url.hash.slice(1)).get("launch") ?? "";
}

async function trade(body: object, headers: Record<string, string> = ownPage()) {
  return app.post("/api/signin", body, headers);
}

/** The secret a trade's answer set as the session cookie. */
const cookieSecret = (headers: { "set-cookie"?: string[] }) =>
  /^mcp-playground-session=([^;]*);/.exec(headers["set-cookie"]?.[0] ?? "")?.[1] ?? "";

async function browserSecret(): Promise<string> {
  const { status, json, headers } = await trade({ launch: await launchCode() });
  expect({ status, ok: json.ok }).toEqual({ status: 200, ok: true });
  return cookieSecret(headers);
}

describe("the old sign-in cookie is no credential", () => {
  it("the per-port cookie, sent from curl (no Sec-Fetch-Site) or another port's page, cannot spawn", async () => {
    const value = createHmac("sha256", TOKEN).update("mcp-playground sign-in cookie").digest("base64url");
    const cookie = `mcp-playground-${app.port}=${value}`;
    for (const [label, headers] of [
      ["curl", { Cookie: cookie }],
      ["our own page", { Cookie: cookie, ...ownPage() }],
    ] as const) {
      const marker = `cookie-${label.replace(/\W/g, "")}`;
      const { status, json } = await app.post("/api/bridge/send", attempts.send(marker), headers);
      expect({ label, status, kind: json.kind }).toEqual({ label, status: 401, kind: "unauthorized" });
      expect(attempts.ran(marker)).toBe(false);
    }
  });
});

describe("the launch code", () => {
  it("trades once: the second trade of the same code is refused and says the launch URL was already used", async () => {
    const code = await launchCode();
    const first = await trade({ launch: code });
    expect(first.status).toBe(200);
    expect(cookieSecret(first.headers)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.headers["cache-control"]).toBe("no-store");
    const again = await trade({ launch: code });
    expect({ status: again.status, kind: again.json.kind }).toEqual({ status: 401, kind: "unauthorized" });
    expect(again.json.message).toMatch(/already used|not .*this launch/);
  });
  it("is not the token, and the token is not a launch code", async () => {
    const code = await launchCode();
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    expect(code).not.toContain(TOKEN);
    const { status } = await trade({ launch: TOKEN });
    expect(status).toBe(401);
  });
  it("the trade itself needs Sec-Fetch-Site: same-origin (curl, another port's page and a cross-site page are refused)", async () => {
    const code = await launchCode();
    const attempts: Record<string, string>[] = [
      {},
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "cross-site", Origin: "http://127.0.0.1:1" },
      { "Sec-Fetch-Site": "none" },
    ];
    for (const headers of attempts) {
      const { status, json } = await trade({ launch: code }, headers);
      expect({ status: status >= 400, ok: json.ok }).toEqual({ status: true, ok: false });
    }
    // Still unspent: the refused attempts did not use it up.
    expect((await trade({ launch: code })).status).toBe(200);
  });
  it("only a script holding the token may ask for a new one", async () => {
    const secret = await browserSecret();
    for (const headers of [{}, { [SESSION_HEADER]: secret, ...ownPage() }]) {
      const { status } = await app.post("/api/signin/launch", {}, headers);
      expect(status).toBe(401);
    }
  });
});

describe("the browser secret", () => {
  it("opens the bridge from our own page (Sec-Fetch-Site: same-origin)", async () => {
    const secret = await browserSecret();
    const { status, json } = await app.post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } },
      { [SESSION_HEADER]: secret, ...ownPage() },
    );
    expect({ status, ok: json.ok }).toEqual({ status: 200, ok: true });
  });
  it("is refused without Sec-Fetch-Site: same-origin (curl, same-site, cross-site, none), and nothing runs", async () => {
    const secret = await browserSecret();
    for (const site of [undefined, "same-site", "cross-site", "none"]) {
      const marker = `secret-${site ?? "absent"}`;
      const headers: Record<string, string> = { [SESSION_HEADER]: secret };
      if (site) headers["Sec-Fetch-Site"] = site;
      const { status, json } = await app.post("/api/bridge/send", attempts.send(marker), headers);
      expect({ site, status, kind: json.kind }).toEqual({ site, status: 401, kind: "unauthorized" });
      expect(json.message).toMatch(/same-origin/);
      expect(attempts.ran(marker)).toBe(false);
    }
  });
  it("a made-up secret is refused, and the check route says whether this browser is signed in", async () => {
    const secret = await browserSecret();
    const ok = await app.post("/api/signin/check", {}, { [SESSION_HEADER]: secret, ...ownPage() });
    expect({ status: ok.status, ok: ok.json.ok }).toEqual({ status: 200, ok: true });
    const made = await app.post(
      "/api/signin/check",
      {},
      { [SESSION_HEADER]: `${secret.slice(0, -2)}AA`, ...ownPage() },
    );
    expect({ status: made.status, kind: made.json.kind }).toEqual({ status: 401, kind: "unauthorized" });
  });
  it("pasting the token (the sign-in page's form) trades for a secret too; a wrong token is refused", async () => {
    const good = await trade({ token: TOKEN });
    expect({ status: good.status, ok: good.json.ok }).toEqual({ status: 200, ok: true });
    const bad = await trade({ token: `${TOKEN}x` });
    expect({ status: bad.status, kind: bad.json.kind }).toEqual({ status: 401, kind: "unauthorized" });
  });
});

describe("the trade's body", () => {
  it("a sign-in body over 4096 bytes is refused 413 too-large, and says the limit", async () => {
    const { status, json } = await trade({ token: "x".repeat(5000) });
    expect({ status, kind: json.kind, message: json.message }).toEqual({
      status: 413,
      kind: "too-large",
      message: "the sign-in request is larger than 4096 bytes",
    });
  });
});

describe("scripts keep the token header", () => {
  it("x-playground-token works without any Sec-Fetch-Site (the CLI, curl)", async () => {
    const { status, json } = await app.post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } },
      { [TOKEN_HEADER]: TOKEN },
    );
    expect({ status, ok: json.ok }).toEqual({ status: 200, ok: true });
  });
});

describe("hosted mode", () => {
  it("has no browser sign-in: its page carries its credential, so the trade is refused", async () => {
    vi.stubEnv("PLAYGROUND_MODE", "hosted");
    try {
      // Hosted mode has no launch name: its page is on the loopback origin (or an allowed host).
      const { status, json } = await trade({ token: TOKEN }, { Origin: app.origin, ...SAME_ORIGIN });
      expect({ status, kind: json.kind }).toEqual({ status: 403, kind: "refused" });
    } finally {
      vi.stubEnv("PLAYGROUND_MODE", "");
    }
  });
});
