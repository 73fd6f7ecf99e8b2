// Measures what the issue asks us to report: first screen interactive (navigationStart → editor visible,
// median of 5 cold loads), JS gzipped before Monaco loads, total JS, and requests leaving 127.0.0.1.
// Usage (after next build): node tests/e2e/measure.mjs
import { coldLoad, firstLoadJs } from "../../scripts/local-app.mjs";
import { ensureBuilt, httpRequest, launchBrowser, requireChromium, signIn, startServer } from "./harness.mjs";

requireChromium();
ensureBuilt();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const srv = await startServer();
const browser = await launchBrowser();
try {
  // JS the HTML asks for: everything that loads before the lazy editor chunk is requested.
  // Signed in once with the launch URL the server printed; every cold load starts with the secret it kept.
  const storageState = await signIn(browser, srv);
  const html = (await httpRequest({ port: srv.port, path: "/" })).text;
  const { files, raw, gz } = await firstLoadJs(srv.base, html);

  const runs = [];
  let foreign = [];
  for (let i = 0; i < 5; i++) {
    const load = await coldLoad(browser, srv.base, storageState);
    runs.push({ hydrated: load.hydratedMs, editor: load.editorReadyMs, js: load.jsBytes });
    foreign = foreign.concat(load.foreign);
  }
  console.log(
    JSON.stringify(
      {
        firstScreenInteractiveMs: {
          median: Math.round(median(runs.map((r) => r.editor))),
          runs: runs.map((r) => Math.round(r.editor)),
        },
        shellHydratedMs: { median: Math.round(median(runs.map((r) => r.hydrated))) },
        jsBeforeMonaco: { files, raw: kb(raw), gzip: kb(gz) },
        jsAfterEditorReady: { encodedBody: kb(median(runs.map((r) => r.js))) },
        requestsLeaving127: foreign.length,
        nextStartReadyMs: srv.readyMs,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  srv.stop();
}
