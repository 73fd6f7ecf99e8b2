/**
 * Issue 43 item 1 (round-4 attack pass, finding 1): a launch that only this playground can answer. Whatever held
 * 127.0.0.1:<port> before (another user's server, any dev app) may have left a service worker or an open tab on that
 * origin. So each launch has an origin of its own, http://mcp-<random>.localhost:<port>: the page, the sign-in and
 * every call from a page answer only there; the secret is an HttpOnly, host-only cookie no document reads; the
 * launch clears the origin (Clear-Site-Data), and a worker's script request gets a script that unregisters it.
 * Through the playground's one listener (lib/node/host/app.ts), as scripts/server.ts serves it.
 */
import http from "node:http";
import { describe, expect, it } from "vitest";
import { SESSION_HEADER, TOKEN_HEADER } from "@/lib/bridge/contract";
import { livePids } from "@/lib/node/bridge/stdio";
import { appRoutesForFile } from "./app-routes";
import { spawnAttemptsForFile } from "./spawn-attempts";

const TOKEN = "per-launch-origin-token-0123456789";
// Every refused call here would have spawned: none may have.
const app = appRoutesForFile(TOKEN, () => expect(livePids()).toEqual([]));

const attempts = spawnAttemptsForFile("launch-origin");

/** A fresh launch URL, as a script holding the token asks for one (the run command prints the first). */
async function launchUrl(): Promise<URL> {
  const { status, json } = await app.post("/api/signin/launch", {}, { [TOKEN_HEADER]: TOKEN });
  expect(status).toBe(200);
  return new URL((json.value as { launchUrl: string }).launchUrl);
}
const codeOf = (url: URL) => new URLSearchParams(url.hash.slice(1)).get("launch") ?? "";

/** What a page on `origin` (its Host the same) sends: Origin, Host, Sec-Fetch-Site: same-origin. */
const pageOn = (origin: string) => ({ Origin: origin, Host: new URL(origin).host, "Sec-Fetch-Site": "same-origin" });

/** The secret the launch page's trade set as its cookie (name=value). */
async function signedInCookie(url: URL): Promise<string> {
  const { status, headers } = await app.post("/api/signin", { launch: codeOf(url) }, pageOn(url.origin));
  expect(status).toBe(200);
  return String(headers["set-cookie"]?.[0] ?? "").split(";")[0];
}

describe("each launch has an origin no earlier page could have held", () => {
  it("the launch URL names this launch's own host, mcp-<128 random bits>.localhost, on the server's port", async () => {
    const url = await launchUrl();
    expect(url.hostname).toMatch(/^mcp-[0-9a-f]{32}\.localhost$/);
    expect(url.port).toBe(String(app.port));
    expect(url.pathname).toBe("/");
  });

  it("a page, worker or tab on 127.0.0.1, localhost or [::1] at the port cannot trade the launch code; it stays unspent", async () => {
    const url = await launchUrl();
    for (const old of [`http://127.0.0.1:${app.port}`, `http://localhost:${app.port}`, `http://[::1]:${app.port}`]) {
      const { status, json } = await app.post("/api/signin", { launch: codeOf(url) }, pageOn(old));
      // Its Origin is no longer ours (the front door's Origin guard answers before the route's Host check).
      expect({ old, status, kind: json.kind }).toEqual({ old, status: 403, kind: "forbidden-origin" });
      expect(json.message).toMatch(/only the page opened from this launch's URL/);
      expect(json.message).not.toContain(url.hostname); // a refused page never learns this launch's name
    }
    // Without an Origin (what a same-origin GET of a worker carries) the route's own Host check refuses it.
    const bare = await app.post(
      "/api/signin",
      { launch: codeOf(url) },
      {
        Host: `127.0.0.1:${app.port}`,
        "Sec-Fetch-Site": "same-origin",
      },
    );
    expect({ status: bare.status, kind: bare.json.kind }).toEqual({ status: 403, kind: "forbidden-host" });
    expect(bare.json.message).toMatch(/launch URL/);
    expect(bare.json.message).not.toContain(url.hostname);
    expect((await app.post("/api/signin", { launch: codeOf(url) }, pageOn(url.origin))).status).toBe(200);
  });

  it("a browser secret used from a page or worker of 127.0.0.1 at the port runs nothing (cookie or header)", async () => {
    const cookie = await signedInCookie(await launchUrl());
    const secret = cookie.split("=")[1];
    const old = `http://127.0.0.1:${app.port}`;
    for (const [label, credential] of [
      ["cookie", { Cookie: cookie }],
      ["header", { [SESSION_HEADER]: secret }],
    ] as const) {
      const marker = `old-origin-${label}`;
      const { status, json } = await app.post("/api/bridge/send", attempts.send(marker), {
        ...pageOn(old),
        ...credential,
      });
      expect({ label, status, ok: json.ok }).toEqual({ label, status: 403, ok: false });
      expect(attempts.ran(marker)).toBe(false);
    }
    // The same secret without an Origin (a worker's same-origin GET-like call) on the old Host: refused too.
    const bare = await app.post("/api/bridge/send", attempts.send("old-origin-bare"), {
      Host: `127.0.0.1:${app.port}`,
      "Sec-Fetch-Site": "same-origin",
      Cookie: cookie,
    });
    expect({ status: bare.status, kind: bare.json.kind }).toEqual({ status: 403, kind: "forbidden-host" });
    expect(attempts.ran("old-origin-bare")).toBe(false);
  });

  it("the launch's trade keeps the secret in an HttpOnly, SameSite=Strict, host-only cookie, not in its body, and clears the origin", async () => {
    const url = await launchUrl();
    const { status, headers, json } = await app.post("/api/signin", { launch: codeOf(url) }, pageOn(url.origin));
    expect(status).toBe(200);
    expect(json).toEqual({ ok: true, value: { signedIn: true } });
    const cookies = headers["set-cookie"] ?? [];
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^mcp-playground-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(headers["clear-site-data"]).toBe('"cache", "storage"');
    // A pasted token signs in without clearing: the page may hold this launch's work.
    const pasted = await app.post("/api/signin", { token: TOKEN }, pageOn(url.origin));
    expect(pasted.status).toBe(200);
    expect(pasted.headers["clear-site-data"]).toBeUndefined();
  });

  it("the cookie opens the bridge from this launch's page (its Origin and Host, same-origin)", async () => {
    const url = await launchUrl();
    const cookie = await signedInCookie(url);
    const { status, json } = await app.post(
      "/api/bridge/process",
      { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } },
      { ...pageOn(url.origin), Cookie: cookie },
    );
    expect({ status, ok: json.ok }).toEqual({ status: 200, ok: true });
  });

  it("an earlier launch's name is refused, and the refusal says it is an earlier launch's address", async () => {
    const earlier = `http://mcp-${"0".repeat(32)}.localhost:${app.port}`;
    const { status, json } = await app.post("/api/signin", { token: TOKEN }, pageOn(earlier));
    expect({ status, kind: json.kind }).toEqual({ status: 403, kind: "forbidden-host" });
    expect(json.message).toMatch(/earlier launch's address/);
  });
});

/** A GET with exactly these headers; resolves with status, headers and text. */
function get(urlPath: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: app.port, path: urlPath, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("an old address of the page moves to this launch's origin", () => {
  it("GET / on 127.0.0.1 or an earlier launch's name answers a page that moves to this launch's origin (path, query and #fragment kept); an API path is not moved", async () => {
    const { hostname } = await launchUrl();
    for (const host of [`127.0.0.1:${app.port}`, `mcp-${"1".repeat(32)}.localhost:${app.port}`]) {
      const r = await get("/examples?from=bookmark", { Host: host });
      expect({ host, status: r.status, type: r.headers["content-type"] }).toEqual({
        host,
        status: 200,
        type: "text/html; charset=utf-8",
      });
      const to = `http://${hostname}:${app.port}/examples?from=bookmark`;
      expect(r.text).toContain(`location.replace(${JSON.stringify(to)}+location.hash)`);
      expect(r.text).toContain(`<a href="${to}">`);
      expect(r.headers["cache-control"]).toBe("no-store");
      expect(r.headers["content-security-policy"]).toMatch(
        /^default-src 'none'; script-src 'nonce-[^']+'; frame-ancestors 'none'/,
      );
      expect(r.text).not.toContain(TOKEN);
    }
    const api = await get("/api/health", { Host: `127.0.0.1:${app.port}` });
    expect(api.status).toBe(200);
  });
});

describe("a service worker an earlier holder of the address left is removed", () => {
  it("its script request (Service-Worker: script, any path) gets Clear-Site-Data: storage and a script that unregisters it", async () => {
    for (const urlPath of ["/sw.js", "/api/bridge/sw.js", "/_next/static/sw.js"]) {
      const r = await get(urlPath, { Host: `127.0.0.1:${app.port}`, "Service-Worker": "script" });
      expect({ urlPath, status: r.status }).toEqual({ urlPath, status: 200 });
      expect(r.headers["clear-site-data"]).toBe('"storage"');
      expect(r.headers["content-type"]).toBe("text/javascript");
      expect(r.headers["cache-control"]).toBe("no-store");
      expect(r.text).toContain("self.registration.unregister()");
      expect(r.text).not.toContain(TOKEN);
    }
  });
});
