// Issue 26 (info): the page's Content-Security-Policy has a script-src. Each page answer carries a fresh nonce, on
// every script the server rendered (ours and Next's); a script injected without it does not run, and the page
// still works (every other case fails on a console error, a CSP refusal included).
import { httpRequest } from "../harness.mjs";

const scriptSrc = (csp) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src")) ?? "";

export function register({ test, assert }) {
  test("CSP: every page answer has script-src with a fresh nonce, and every script the server rendered carries it", async ({
    srv,
  }) => {
    const nonces = [];
    for (const path of ["/", "/", "/examples"]) {
      const r = await httpRequest({ port: srv.port, path });
      assert(r.status === 200, `GET ${path} → ${r.status}`);
      const csp = String(r.headers["content-security-policy"] ?? "");
      const src = scriptSrc(csp);
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
      assert(nonce && !src.includes("'unsafe-inline'"), `GET ${path}: script-src is ${JSON.stringify(src)}`);
      assert(csp.includes("frame-ancestors 'none'"), `GET ${path}: the CSP lost frame-ancestors: ${csp}`);
      const tags = [...r.text.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      const without = tags.filter((t) => !t.includes(`nonce="${nonce}"`));
      assert(tags.length > 0 && without.length === 0, `GET ${path}: scripts without the nonce: ${without.join(" ")}`);
      nonces.push(nonce);
    }
    assert(new Set(nonces).size === nonces.length, `a nonce was reused: ${nonces.join(", ")}`);
  });

  test(
    "CSP: an inline script injected into the page (no nonce) is refused and does not run; the page still sends",
    async ({ pg, page }) => {
      await pg.open();
      const outcome = await page.evaluate(
        () =>
          new Promise((resolve) => {
            document.addEventListener("securitypolicyviolation", (e) => resolve({ refused: e.violatedDirective }), {
              once: true,
            });
            const s = document.createElement("script");
            s.textContent = "window.__injected = true";
            document.head.appendChild(s);
            setTimeout(() => resolve({ ran: window.__injected === true }), 2000);
          }),
      );
      assert(outcome.refused?.startsWith("script-src"), `the injected script: ${JSON.stringify(outcome)}`);
      assert((await page.evaluate(() => window.__injected)) !== true, "the injected script ran");
      await pg.send();
      const status = await pg.settled(1, 30_000);
      assert(status === "response", `a send after the refusal: ${status}`);
    },
    { expectedConsoleErrors: [/inline script violates the following Content Security Policy directive/i] },
  );
}
