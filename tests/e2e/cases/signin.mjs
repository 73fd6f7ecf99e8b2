// Issue 13 finding 3: the token is not on the page; a browser signs in with the launch URL the server prints.
import { statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { deflateRawSync } from "node:zlib";
import { writeForwardingFile } from "../../../scripts/launch.mjs";
import { cookieHeader, httpRequest } from "../harness.mjs";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const labLink = () =>
  `#lab=${deflateRawSync(
    Buffer.from(
      JSON.stringify({
        script: {
          format: "mcp-playground/lab-script@1",
          title: "Survives sign-in",
          target: { kind: "demo", server: "calendar", transport: "stdio" },
          steps: [
            {
              id: "A",
              label: "tools/list",
              frame: { jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: ENVELOPE } },
            },
          ],
        },
        conditions: ["stdio-one-process"],
      }),
    ),
  ).toString("base64url")}`;

async function assertAnonymousPage(assert, srv, label) {
  const r = await httpRequest({ port: srv.port, path: "/" });
  assert(r.status === 200, `${label}: GET / → ${r.status}`);
  assert(!r.text.includes(srv.token), `${label}: an anonymous GET / contains the token`);
  assert(
    r.text.includes('data-testid="signin"') && r.text.includes("/?token=…"),
    `${label}: GET / does not show how to sign in: ${r.text.slice(0, 300)}`,
  );
  assert(!r.text.includes('data-testid="playground"'), `${label}: the playground was rendered anonymously`);
}

export function register({ test, assert }) {
  test("sign-in: an anonymous GET / never contains the token and shows how to sign in; the server prints the launch URL", async ({
    srv,
  }) => {
    await assertAnonymousPage(assert, srv, "npm start's server");
    assert(
      srv.log().includes(`Open this URL to sign in`) && srv.log().includes(srv.launchUrl),
      `the server's output: ${srv.log()}`,
    );
    assert(srv.log().includes("Not opening a browser"), "under a test the browser is never opened, and it says so");
  });

  test("sign-in: the launch URL sets an HttpOnly SameSite=Strict Path=/ cookie, cleans the address bar, a send works, and no later request carries the token", async ({
    pg,
    page,
    ctx,
    srv,
  }) => {
    await ctx.context.clearCookies();
    await page.goto(srv.launchUrl);
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
    assert(page.url() === `${srv.base}/`, `the address bar still shows ${page.url()}`);
    assert(!(await page.content()).includes(srv.token), "the signed-in page holds the token");
    const cookies = await ctx.context.cookies(srv.base);
    const signin = cookies.find((c) => c.name === `mcp-playground-${srv.port}`);
    assert(signin, `no sign-in cookie: ${JSON.stringify(cookies)}`);
    assert(
      signin.httpOnly && signin.sameSite === "Strict" && signin.path === "/" && !signin.value.includes(srv.token),
      `cookie: ${JSON.stringify({ ...signin, value: "…" })}`,
    );
    assert(
      !(await page.evaluate(() => document.cookie)).includes("mcp-playground"),
      "the page's script can read the cookie",
    );
    await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', {
      state: "visible",
      timeout: 30_000,
    });
    await pg.send();
    const status = await pg.settled(1, 30_000);
    assert(status === "response", `the first send after sign-in: ${status}`);
    const signInAt = ctx.urls.indexOf(srv.launchUrl);
    const leaked = ctx.urls.slice(signInAt + 1).filter((u) => u.includes(srv.token));
    assert(signInAt >= 0 && leaked.length === 0, `a request after sign-in carried the token: ${leaked[0]}`);
  });

  test("sign-in: the private file the run command hands the browser (never the URL: argv is public) signs it in", async ({
    ctx,
    srv,
  }) => {
    const file = writeForwardingFile(srv.launchUrl);
    assert(
      (statSync(file).mode & 0o077) === 0 && (statSync(path.dirname(file)).mode & 0o077) === 0,
      "the forwarding file is readable by others",
    );
    // A fresh browser context of its own: the guarded one only lets loopback http through, not file:.
    const browserContext = await ctx.context.browser().newContext();
    try {
      const page = await browserContext.newPage();
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
      assert(page.url() === `${srv.base}/`, `landed on ${page.url()}`);
    } finally {
      await browserContext.close();
    }
  });

  test("sign-in: a lab link opened before signing in survives pasting the token into the form; a wrong token says so", async ({
    page,
    ctx,
    srv,
  }) => {
    await ctx.context.clearCookies();
    const link = labLink();
    await page.goto(`${srv.base}/${link}`);
    await page.waitForSelector('[data-testid="signin"][data-hydrated="true"]', { timeout: 30_000 });
    assert((await page.locator('[data-testid="playground"]').count()) === 0, "the playground showed before sign-in");
    await page.locator('[data-testid="signin-token"]').fill("not-the-token");
    await page.locator('[data-testid="signin-submit"]').click();
    await page.waitForSelector('[data-testid="signin-failed"]', { timeout: 10_000 });
    await page.waitForSelector('[data-testid="signin"][data-hydrated="true"]');
    await page.locator('[data-testid="signin-token"]').fill(srv.token);
    await page.locator('[data-testid="signin-submit"]').click();
    await page.waitForSelector('[data-testid="lab-from-link"]', { timeout: 30_000 });
    assert(new URL(page.url()).hash === link, `the fragment was lost: ${page.url()}`);
    assert(
      !page.url().includes(srv.token) && !ctx.urls.some((u) => u.includes(srv.token)),
      "the form put the token in a URL",
    );
  });

  test("sign-in: a session link clicked on another site opens straight into a signed-in playground", async ({
    ctx,
    srv,
  }) => {
    // A separate tab: the link's source is a data: page (another site), so the Strict cookie is held back on the
    // first request and the page asks again from its own origin.
    const page = await ctx.context.newPage();
    const link = `${srv.base}/${labLink()}`;
    await page.goto(`data:text/html,${encodeURIComponent(`<a id="l" href="${link}">open</a>`)}`);
    await page.click("#l");
    await page.waitForSelector('[data-testid="lab-from-link"]', { timeout: 30_000 });
    assert(page.url() === link, `landed on ${page.url()}`);
    await page.close();
  });

  test("sign-in: the cookie alone is a credential only from our own page (cross-site Origin 403, no cookie or header 401)", async ({
    srv,
    storageState,
  }) => {
    const body = JSON.stringify({ action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } });
    const call = (headers) =>
      httpRequest({
        port: srv.port,
        method: "POST",
        path: "/api/bridge/process",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
    const cookie = cookieHeader(storageState);
    const own = await call({ cookie, origin: srv.base, "sec-fetch-site": "same-origin" });
    assert(own.status === 200, `our page with the cookie: ${own.status} ${own.text.slice(0, 200)}`);
    const foreign = await call({ cookie, origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    assert(
      foreign.status === 403 && JSON.parse(foreign.text).kind === "forbidden-origin",
      `cross-site with the cookie: ${foreign.status} ${foreign.text}`,
    );
    const none = await call({});
    assert(
      none.status === 401 && JSON.parse(none.text).kind === "unauthorized",
      `neither: ${none.status} ${none.text}`,
    );
  });
}
