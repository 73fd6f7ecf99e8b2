/**
 * The demo user's part, driven over HTTP for headless runs (CLI, tests): follow the authorization server's
 * redirects with a cookie jar, fill the login form, press Allow, and stop at the redirect to the client's
 * callback (never fetched: the callback URL is the result). Only for the embedded authorization server.
 */
import { DEMO_USER } from "@/lib/node/demo-servers/protected-auth-server";

export function demoUserAgent(
  redirectUri: string,
  opts: { deny?: boolean } = {},
): (authorizationUrl: string) => Promise<string | null> {
  return async (authorizationUrl) => {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let init: RequestInit = {};
    for (let hop = 0; hop < 16; hop++) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      const res = await fetch(url, { ...init, headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const eq = pair.indexOf("=");
        if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = res.headers.get("location");
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, url).href;
        if (next.startsWith(redirectUri)) return next;
        url = next;
        init = {};
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
      if (!res.ok || !action) {
        const said = /<p>([\s\S]{0,300}?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]*>/g, "") ?? "";
        throw new Error(
          `the demo sign-in stopped at ${res.status} on ${new URL(url).pathname}${said ? `: ${said}` : ""}`,
        );
      }
      const form = new URLSearchParams();
      let target = action;
      if (action.endsWith("/login")) {
        form.set("login", DEMO_USER.login);
        form.set("password", DEMO_USER.password);
      } else if (opts.deny) target = action.replace(/\/confirm$/, "/abort");
      url = new URL(target, url).href;
      init = {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      };
    }
    throw new Error("the demo sign-in did not reach the callback within 16 steps");
  };
}
