/**
 * Issue 26 item 1, issue 43 item 1: the guards' view of local mode's browser sign-in. A browser secret (what a page
 * got for its one-time launch code, as an HttpOnly cookie) opens the bridge only from this launch's own origin
 * (mcp-<random>.localhost:<port>): Sec-Fetch-Site: same-origin, and the Host and Origin guards still apply. Launch
 * codes spend once; neither is derived from the token.
 */
import { describe, expect, it } from "vitest";
import { SESSION_HEADER, TOKEN_HEADER } from "@/lib/bridge/contract";
import { guardRequest } from "@/lib/node/web/guards";
import { launchHostname } from "@/lib/node/web/launch-origin";
import { checkBrowserSecret, mintBrowserSecret, mintLaunchCode, spendLaunchCode } from "@/lib/node/web/token";
import { localLaunchForEachTest } from "../helpers/env";

const TOKEN = "f".repeat(64);
const HOST = `${launchHostname()}:3000`;

const bridge = (headers: Record<string, string>) =>
  guardRequest(
    new Request(`http://${HOST}/api/bridge/send`, { method: "POST", headers: { host: HOST, ...headers }, body: "{}" }),
  );
const OWN_PAGE = { origin: `http://${HOST}`, "sec-fetch-site": "same-origin" };

localLaunchForEachTest(TOKEN);

describe("bridge calls: the token header or a browser secret from our own page", () => {
  it("a bridge call with neither is refused 401 and says how to sign in", () => {
    const refused = bridge({});
    expect(refused).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(refused?.message).toMatch(/launch URL.*\/#launch=/);
  });
  it("a browser secret from our own page is accepted", () => {
    expect(bridge({ [SESSION_HEADER]: mintBrowserSecret(), ...OWN_PAGE })).toBeNull();
  });
  it("a browser secret is refused on a request the browser did not mark same-origin (or did not mark at all)", () => {
    const secret = mintBrowserSecret();
    for (const site of [null, "same-site", "cross-site", "none"]) {
      const headers: Record<string, string> = { [SESSION_HEADER]: secret };
      if (site) headers["sec-fetch-site"] = site;
      expect(bridge(headers)).toMatchObject({ kind: "unauthorized", status: 401 });
    }
  });
  it("a browser secret from another origin is refused by the Origin guard first; behind a foreign Host, by the Host guard", () => {
    const secret = mintBrowserSecret();
    expect(
      bridge({ [SESSION_HEADER]: secret, origin: "http://127.0.0.1:4000", "sec-fetch-site": "same-origin" }),
    ).toMatchObject({
      kind: "forbidden-origin",
    });
    expect(bridge({ [SESSION_HEADER]: secret, ...OWN_PAGE, host: "evil.example:3000" })).toMatchObject({
      kind: "forbidden-host",
    });
  });
  it("the token is not a browser secret, and a wrong token header is refused even with a good secret (no mixing)", () => {
    expect(bridge({ [SESSION_HEADER]: TOKEN, ...OWN_PAGE })).toMatchObject({ kind: "unauthorized" });
    expect(bridge({ [SESSION_HEADER]: mintBrowserSecret(), [TOKEN_HEADER]: "nope", ...OWN_PAGE })).toMatchObject({
      kind: "unauthorized",
    });
  });
  it("the launch's session cookie carries the secret from our own page", () => {
    expect(bridge({ cookie: `a=b; mcp-playground-session=${mintBrowserSecret()}`, ...OWN_PAGE })).toBeNull();
    expect(bridge({ cookie: `mcp-playground-session=${"a".repeat(43)}`, ...OWN_PAGE })).toMatchObject({
      kind: "unauthorized",
    });
  });
  it("a secret from a page on the port's loopback origin (127.0.0.1, an earlier server's) is refused, cookie or header", () => {
    const old = { host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" };
    const secret = mintBrowserSecret();
    expect(bridge({ ...old, cookie: `mcp-playground-session=${secret}` })).toMatchObject({ status: 403 });
    expect(bridge({ ...old, [SESSION_HEADER]: secret })).toMatchObject({ status: 403 });
    const { origin: _none, ...noOrigin } = old;
    expect(bridge({ ...noOrigin, [SESSION_HEADER]: secret })).toMatchObject({ kind: "forbidden-host" });
  });
  it("the old per-port cookie is no credential", () => {
    expect(bridge({ cookie: `mcp-playground-3000=${mintBrowserSecret()}`, ...OWN_PAGE })).toMatchObject({
      kind: "unauthorized",
    });
  });
});

describe("launch codes and browser secrets", () => {
  it("a launch code spends once, and a made-up one never", () => {
    const code = mintLaunchCode();
    expect(spendLaunchCode("0".repeat(64))).toBe(false);
    expect(spendLaunchCode(code)).toBe(true);
    expect(spendLaunchCode(code)).toBe(false);
  });
  it("codes and secrets are random per mint and hold nothing of the token", () => {
    const [a, b] = [mintLaunchCode(), mintLaunchCode()];
    expect(a).not.toBe(b);
    const secret = mintBrowserSecret();
    expect(secret).not.toContain(TOKEN.slice(0, 8));
    expect(checkBrowserSecret(secret)).toBe(true);
    expect(checkBrowserSecret(secret.slice(1))).toBe(false);
    expect(checkBrowserSecret("")).toBe(false);
  });
  it("only the last 8 unused launch codes stay valid", () => {
    const codes = Array.from({ length: 9 }, () => mintLaunchCode());
    expect(spendLaunchCode(codes[0])).toBe(false);
    expect(spendLaunchCode(codes[8])).toBe(true);
  });
});
