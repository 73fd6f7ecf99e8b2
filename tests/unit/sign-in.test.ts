/**
 * Issue 13 finding 3: a browser signs in with the launch URL (an HttpOnly, SameSite=Strict cookie derived from the
 * token, one per port), the token leaves the address bar, and the cookie is never enough on its own: the Host and
 * Origin guards still apply, and another site's request is refused.
 */
import { describe, expect, it } from "vitest";
import { TOKEN_HEADER } from "@/lib/bridge/contract";
import { guardRequest } from "@/lib/node/bridge/guards";
import { signInResponse } from "@/lib/node/bridge/sign-in";
import { sessionCookieName, sessionCookieValue } from "@/lib/node/bridge/token";
import { localLaunchForEachTest } from "../helpers/env";

const TOKEN = "f".repeat(64);
const HOST = "127.0.0.1:3000";

const bridge = (headers: Record<string, string>) =>
  guardRequest(
    new Request(`http://${HOST}/api/bridge/send`, { method: "POST", headers: { host: HOST, ...headers }, body: "{}" }),
  );
const cookie = () => `other=1; ${sessionCookieName("3000")}=${sessionCookieValue()}`;

localLaunchForEachTest(TOKEN);

describe("bridge calls: the token header or the sign-in cookie", () => {
  it("a bridge call with neither cookie nor header is refused 401 and says how to sign in", () => {
    const refused = bridge({});
    expect(refused).toMatchObject({ kind: "unauthorized", status: 401 });
    expect(refused?.message).toMatch(/launch URL.*\/\?token=/);
  });
  it("the sign-in cookie from our own page is accepted (the page sends no token header)", () => {
    expect(bridge({ cookie: cookie(), origin: `http://${HOST}`, "sec-fetch-site": "same-origin" })).toBeNull();
  });
  it("the cookie alone from a cross-site Origin is still refused by the Origin guard", () => {
    expect(bridge({ cookie: cookie(), origin: "http://evil.example", "sec-fetch-site": "cross-site" })).toMatchObject({
      kind: "forbidden-origin",
      status: 403,
    });
    // Same site, other port (another local app): Origin guard first, and Sec-Fetch-Site would refuse it too.
    expect(bridge({ cookie: cookie(), origin: "http://127.0.0.1:4000", "sec-fetch-site": "same-site" })).toMatchObject({
      kind: "forbidden-origin",
      status: 403,
    });
    expect(bridge({ cookie: cookie(), "sec-fetch-site": "same-site" })).toMatchObject({
      kind: "unauthorized",
      status: 401,
    });
  });
  it("the cookie is refused behind a foreign Host (DNS rebinding)", () => {
    expect(bridge({ cookie: cookie(), host: "evil.example:3000" })).toMatchObject({
      kind: "forbidden-host",
      status: 403,
    });
  });
  it("the cookie is per port: 3000's sign-in does not open 3100", () => {
    const other = guardRequest(
      new Request("http://127.0.0.1:3100/api/bridge/send", {
        method: "POST",
        headers: { host: "127.0.0.1:3100", cookie: cookie() },
        body: "{}",
      }),
    );
    expect(other).toMatchObject({ kind: "unauthorized" });
  });
  it("the cookie holds no token, and the token as a cookie value is refused", () => {
    expect(sessionCookieValue()).not.toContain(TOKEN);
    expect(bridge({ cookie: `${sessionCookieName("3000")}=${TOKEN}` })).toMatchObject({ kind: "unauthorized" });
  });
  it("a wrong token header is refused even with a valid cookie (no mixing)", () => {
    expect(bridge({ cookie: cookie(), [TOKEN_HEADER]: "nope" })).toMatchObject({ kind: "unauthorized" });
  });
});

describe("the launch URL signs the browser in and leaves the address bar clean", () => {
  it("GET /?token=<token> sets an HttpOnly, SameSite=Strict, Path=/ cookie and replaces the address with one without the token", async () => {
    const res = (await signInResponse(new Request(`http://${HOST}/?token=${TOKEN}&x=1`, { headers: { host: HOST } })))!;
    expect(res.status).toBe(200);
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toBe(`${sessionCookieName("3000")}=${sessionCookieValue()}; Path=/; HttpOnly; SameSite=Strict`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain('location.replace("/?x=1" + location.hash)');
    expect(html).not.toContain(TOKEN);
  });
  it("a wrong token goes back to the sign-in page (303, fragment kept by the browser) with no cookie", async () => {
    const res = (await signInResponse(new Request(`http://${HOST}/?token=wrong`, { headers: { host: HOST } })))!;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`http://${HOST}/?signin=failed`);
    expect(res.headers.get("set-cookie")).toBeNull();
  });
  it("the sign-in form posts the token in the body, never the URL", async () => {
    const post = (body: string) =>
      signInResponse(
        new Request(`http://${HOST}/?signin=post`, {
          method: "POST",
          headers: { host: HOST, "content-type": "application/x-www-form-urlencoded" },
          body,
        }),
      );
    const ok = (await post(`token=${TOKEN}`))!;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-cookie")).toContain("HttpOnly");
    // The form posts to /?signin=post: the continuation ("/") differs, so the browser really loads it.
    expect(await ok.text()).toContain('location.replace("/" + location.hash)');
    expect((await post("token=nope"))!.status).toBe(303);
    expect((await post(`token=${"a".repeat(5000)}`))!.status).toBe(413);
  });
  it("other requests are not sign-in attempts", async () => {
    expect(await signInResponse(new Request(`http://${HOST}/`))).toBeNull();
    expect(
      await signInResponse(
        new Request(`http://${HOST}/api/bridge/send?token=${TOKEN}`, { method: "POST", body: "{}" }),
      ),
    ).toBeNull();
  });
  it("markup in the rest of the address cannot break out of the continuation script", async () => {
    const res = (await signInResponse(
      new Request(`http://${HOST}/?token=${TOKEN}&q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E`, {
        headers: { host: HOST },
      }),
    ))!;
    const html = await res.text();
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<\/script><script>alert/);
  });
});
