// Issue 13 finding 3, issue 26 item 1, issue 43 item 1: the token is not on the page, and the browser's sign-in is
// bound to this launch's own origin (http://mcp-<random>.localhost:<port>). The launch URL's one-time code
// (#fragment) is traded by the page for a secret the answer sets as an HttpOnly, host-only cookie of that origin: no
// script reads it, and no other port on 127.0.0.1 (nor 127.0.0.1 itself) receives anything.
import { statSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { writeForwardingFile } from "../../../scripts/launch.mjs";
import { SESSION_COOKIE, browserSecret, httpRequest, newLaunchUrl, signedInHeaders } from "../harness.mjs";
import { PlaygroundPage } from "../pages/playground.mjs";
import { labFragment } from "../pages/share.mjs";
import { request } from "../steps/frames.mjs";
import { postJson } from "../steps/http.mjs";

const labLink = () =>
  labFragment(
    {
      format: "mcp-playground/lab-script@1",
      title: "Survives sign-in",
      target: { kind: "demo", server: "calendar", transport: "stdio" },
      steps: [{ id: "A", label: "tools/list", frame: request(1, "tools/list") }],
    },
    ["stdio-one-process"],
  );

/**
 * Runs `body({ page, context, requests })` on a page of a browser context with nothing kept (no sign-in), closed
 * after; `requests` is every request it makes: URL, method and body.
 */
async function inFreshBrowser(ctx, body) {
  const context = await ctx.context.browser().newContext({ locale: "en-US" });
  const requests = [];
  context.on("request", (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData() ?? "" }));
  try {
    const page = await context.newPage();
    await body({ page, context, requests });
  } finally {
    await context.close();
  }
}

const codeOf = (launchUrl) => new URLSearchParams(new URL(launchUrl).hash.slice(1)).get("launch");

/** The context's sign-in cookie once the page's trade has set it (waits up to 30 s for it). */
async function signInCookie(context, page) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    if (cookie) return cookie;
    if (Date.now() > deadline) throw new Error("the page set no sign-in cookie within 30 s");
    await page.waitForTimeout(50);
  }
}

export function register({ test, assert }) {
  test("sign-in: an anonymous GET / holds no token and no secret; the server prints a one-time launch URL (#launch=) and the token", async ({
    srv,
  }) => {
    const r = await httpRequest({ port: srv.port, path: "/" });
    assert(r.status === 200, `GET / → ${r.status}`);
    assert(!r.text.includes(srv.token), "an anonymous GET / contains the token");
    assert(!/set-cookie/i.test(Object.keys(r.headers).join(" ")), `GET / sets a cookie: ${JSON.stringify(r.headers)}`);
    const log = srv.log();
    assert(
      log.includes("Open this URL to sign in (it works once") && log.includes(srv.launchUrl),
      `the server's output: ${log}`,
    );
    assert(srv.launchUrl.includes("/#launch=") && !srv.launchUrl.includes(srv.token), `launch URL: ${srv.launchUrl}`);
    assert(log.includes("Not opening a browser"), "under a test the browser is never opened, and it says so");
  });

  test("sign-in: a launch URL signs a browser in once: the code leaves the address bar, is in no request line (only one POST body), the secret is an HttpOnly host-only cookie no script reads, a send works; opened again it is refused and says so", async ({
    ctx,
    srv,
  }) => {
    const launchUrl = await newLaunchUrl(srv);
    await inFreshBrowser(ctx, async ({ page, context, requests }) => {
      await page.goto(launchUrl);
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
      const cookie = await signInCookie(context, page);
      assert(page.url() === `${srv.base}/`, `the address bar still shows ${page.url()}`);
      const cookies = await context.cookies();
      assert(
        cookies.length === 1 &&
          cookie.httpOnly &&
          cookie.sameSite === "Strict" &&
          cookie.domain === new URL(srv.base).hostname &&
          cookie.expires === -1,
        `the cookies set: ${JSON.stringify(cookies)}`,
      );
      const readable = await page.evaluate(() => [
        document.cookie,
        JSON.stringify({ ...localStorage }),
        JSON.stringify({ ...sessionStorage }),
      ]);
      assert(
        !readable.some((text) => text.includes(cookie.value)),
        `a script of the page reads the secret: ${readable}`,
      );
      assert(!(await page.content()).includes(srv.token), "the signed-in page holds the token");
      await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', {
        state: "visible",
        timeout: 30_000,
      });
      const pg = new PlaygroundPage(page, srv.base);
      await pg.send();
      const status = await pg.settled(1, 30_000);
      assert(status === "response", `the first send after sign-in: ${status}`);
      const code = codeOf(launchUrl);
      const inUrl = requests.filter((r) => r.url.includes(code));
      assert(inUrl.length === 0, `a request line carried the launch code: ${inUrl.map((r) => r.url).join(", ")}`);
      const inBody = requests.filter((r) => r.body.includes(code));
      assert(
        inBody.length === 1 && inBody[0].method === "POST" && inBody[0].url === `${srv.base}/api/signin`,
        `the code went out in: ${JSON.stringify(inBody.map((r) => r.url))}`,
      );
      assert(!requests.some((r) => r.url.includes(srv.token)), "a request carried the token");
    });
    await inFreshBrowser(ctx, async ({ page }) => {
      await page.goto(launchUrl);
      await page.waitForSelector('[data-testid="signin"][data-reason="launch-spent"][data-hydrated="true"]', {
        timeout: 30_000,
      });
      const why = await page.locator('[data-testid="signin-why"]').innerText();
      assert(why.includes("already used") && why.includes("npm start"), `the spent launch URL says: ${why}`);
      assert(page.url() === `${srv.base}/`, `the spent code stayed in the address bar: ${page.url()}`);
    });
  });

  test("sign-in: the private file the run command hands the browser (never the URL: argv is public) signs it in", async ({
    ctx,
    srv,
  }) => {
    const file = writeForwardingFile(await newLaunchUrl(srv));
    assert(
      (statSync(file).mode & 0o077) === 0 && (statSync(path.dirname(file)).mode & 0o077) === 0,
      "the forwarding file is readable by others",
    );
    // A fresh browser context of its own: the guarded one only lets loopback http through, not file:.
    await inFreshBrowser(ctx, async ({ page }) => {
      await page.goto(pathToFileURL(file).href);
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
      await signInCookie(page.context(), page);
      assert(page.url() === `${srv.base}/`, `landed on ${page.url()}`);
    });
  });

  test("sign-in: a lab link opened before signing in survives pasting the token into the form; a wrong token says so", async ({
    ctx,
    srv,
  }) => {
    await inFreshBrowser(ctx, async ({ page, requests }) => {
      const link = labLink();
      await page.goto(`${srv.base}/${link}`);
      await page.waitForSelector('[data-testid="signin"][data-reason="none"][data-hydrated="true"]', {
        timeout: 30_000,
      });
      assert((await page.locator('[data-testid="playground"]').count()) === 0, "the playground stayed up signed out");
      await page.locator('[data-testid="signin-token"]').fill("not-the-token");
      await page.locator('[data-testid="signin-submit"]').click();
      await page.waitForSelector('[data-testid="signin-failed"]', { timeout: 10_000 });
      assert(
        (await page.locator('[data-testid="signin-failed"]').innerText()).includes("does not match"),
        "a wrong token does not say so",
      );
      await page.locator('[data-testid="signin-token"]').fill(srv.token);
      await page.locator('[data-testid="signin-submit"]').click();
      await page.waitForSelector('[data-testid="lab-from-link"]', { timeout: 30_000 });
      assert(new URL(page.url()).hash === link, `the fragment was lost: ${page.url()}`);
      assert(!requests.some((r) => r.url.includes(srv.token)), "the form put the token in a URL");
    });
  });

  test("sign-in: a link opened in a new tab of a signed-in browser (clicked on another site) opens straight into the signed-in playground", async ({
    ctx,
    srv,
  }) => {
    // A separate tab of the same browser: it finds the secret another tab kept in this origin's storage.
    const page = await ctx.context.newPage();
    const link = `${srv.base}/${labLink()}`;
    await page.goto(`data:text/html,${encodeURIComponent(`<a id="l" href="${link}">open</a>`)}`);
    await page.click("#l");
    await page.waitForSelector('[data-testid="lab-from-link"]', { timeout: 30_000 });
    assert(page.url() === link, `landed on ${page.url()}`);
    await page.close();
  });

  test("sign-in: another port on 127.0.0.1 gets nothing: no cookie reaches it, its storage has no secret (the cookie-port repro)", async ({
    ctx,
    srv,
    storageState,
  }) => {
    const seen = [];
    const other = http.createServer((req, res) => {
      seen.push(req.headers.cookie ?? "");
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<p>another local server</p>");
    });
    await new Promise((r) => other.listen(0, "127.0.0.1", r));
    const context = await ctx.context.browser().newContext({ storageState, locale: "en-US" });
    try {
      const page = await context.newPage();
      await page.goto(`${srv.base}/`);
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
      const secret = browserSecret(storageState, srv.base);
      const otherBase = `http://127.0.0.1:${other.address().port}`;
      await page.goto(`${otherBase}/`);
      const readable = await page.evaluate(() => [document.cookie, JSON.stringify({ ...localStorage })]);
      assert(!readable.some((text) => text.includes(secret)), `${otherBase}'s page reads the secret`);
      assert(seen.length > 0 && seen.every((c) => c === ""), `cookies sent to another port: ${JSON.stringify(seen)}`);
    } finally {
      await context.close();
      other.close();
    }
  });

  test("sign-in: the browser secret opens the bridge only from our own page (no Sec-Fetch-Site: 401; cross-site Origin: 403; nothing: 401)", async ({
    srv,
    storageState,
  }) => {
    const status = { action: "status", target: { kind: "demo", server: "calendar", transport: "stdio" } };
    const call = (headers) => postJson(srv.port, "/api/bridge/process", status, headers);
    const own = signedInHeaders(storageState, srv.base);
    assert(browserSecret(storageState, srv.base), "the signed-in state keeps no secret");
    const ok = await call(own);
    assert(ok.status === 200, `our page with the secret: ${ok.status} ${ok.text.slice(0, 200)}`);
    const curl = await call({ "x-playground-session": browserSecret(storageState, srv.base) });
    assert(
      curl.status === 401 && JSON.parse(curl.text).message.includes("same-origin"),
      `the secret from curl: ${curl.status} ${curl.text}`,
    );
    const foreign = await call({ ...own, origin: "http://evil.example", "sec-fetch-site": "cross-site" });
    assert(
      foreign.status === 403 && JSON.parse(foreign.text).kind === "forbidden-origin",
      `cross-site with the secret: ${foreign.status} ${foreign.text}`,
    );
    const none = await call({});
    assert(
      none.status === 401 && JSON.parse(none.text).kind === "unauthorized",
      `neither: ${none.status} ${none.text}`,
    );
  });

  test("sign-in: a secret this launch never made (the playground restarted) is dropped, and the page says to sign in again", async ({
    ctx,
    srv,
  }) => {
    const context = await ctx.context.browser().newContext({
      locale: "en-US",
      storageState: {
        cookies: [
          {
            name: SESSION_COOKIE,
            value: "a".repeat(43),
            domain: new URL(srv.base).hostname,
            path: "/",
            expires: -1,
            httpOnly: true,
            secure: false,
            sameSite: "Strict",
          },
        ],
        origins: [],
      },
    });
    // This tab was signed in before (the mark the page keeps in sessionStorage; never the secret).
    await context.addInitScript(() => sessionStorage.setItem("mcp-playground:signed-in", "1"));
    try {
      const page = await context.newPage();
      await page.goto(`${srv.base}/`);
      await page.waitForSelector('[data-testid="signin"][data-reason="restarted"][data-hydrated="true"]', {
        timeout: 30_000,
      });
      assert(
        (await page.locator('[data-testid="signin-why"]').innerText()).includes("restarted"),
        "the page does not say why",
      );
    } finally {
      await context.close();
    }
  });
}
