// Measures what the issue asks us to report: first screen interactive (navigationStart → editor visible,
// median of 5 cold loads), JS gzipped before Monaco loads, total JS, and requests leaving 127.0.0.1.
// Usage (after next build): node tests/e2e/measure.mjs
import { gzipSync } from "node:zlib";
import { cookieHeader, ensureBuilt, guardedContext, httpRequest, launchBrowser, requireChromium, signIn, startServer } from "./harness.mjs";

requireChromium();
ensureBuilt();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const srv = await startServer();
const browser = await launchBrowser();
try {
  // JS the HTML asks for: everything that loads before the lazy editor chunk is requested.
  // Signed in once with the launch URL the server printed; every cold load starts with that cookie.
  const storageState = await signIn(browser, srv);
  const html = (await httpRequest({ port: srv.port, path: "/", headers: { cookie: cookieHeader(storageState) } })).text;
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]))];
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const body = await fetch(srv.base + src).then((r) => r.arrayBuffer());
    raw += body.byteLength;
    gz += gzipSync(Buffer.from(body)).byteLength;
  }

  const runs = [];
  let foreign = [];
  for (let i = 0; i < 5; i++) {
    const ctx = await guardedContext(browser, { storageState });
    const page = await ctx.context.newPage();
    await page.goto(srv.base + "/");
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    const hydrated = await page.evaluate(() => performance.now());
    await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', { state: "visible", timeout: 30_000 });
    const editor = await page.evaluate(() => performance.now());
    const js = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((e) => /\.js(\?|$)/.test(e.name))
        .reduce((sum, e) => sum + e.encodedBodySize, 0),
    );
    runs.push({ hydrated, editor, js });
    foreign = foreign.concat(ctx.foreign);
    await ctx.context.close();
  }
  console.log(JSON.stringify({
    firstScreenInteractiveMs: { median: Math.round(median(runs.map((r) => r.editor))), runs: runs.map((r) => Math.round(r.editor)) },
    shellHydratedMs: { median: Math.round(median(runs.map((r) => r.hydrated))) },
    jsBeforeMonaco: { files: scripts.length, raw: kb(raw), gzip: kb(gz) },
    jsAfterEditorReady: { encodedBody: kb(median(runs.map((r) => r.js))) },
    requestsLeaving127: foreign.length,
    nextStartReadyMs: srv.readyMs,
  }, null, 2));
} finally {
  await browser.close();
  srv.stop();
}
