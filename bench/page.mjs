// The page against MCP Inspector's, in one run, in Debian Chromium: a cold browser context for every load, one
// discarded warm-up load each, then `loads` loads each, ours and Inspector's interleaved so load on the machine
// hits both alike. Times are from navigation start (performance.now() in the page), stamped in the page by a
// MutationObserver the moment the element appears (no polling delay), and never earlier than the page's first
// contentful paint (an element parsed before anything is painted is not yet seen):
//   ours: frame usable   = the server-rendered frame's textarea is in the page and editable: it can be read and
//                          edited, and a send asked for (Ctrl/Cmd+Enter, Send) is kept (lib/session/early-frame.ts);
//         send live      = the page has hydrated (data-hydrated="true"): a send goes out the moment it is asked;
//         Monaco ready   = Monaco has taken over (data-editor="monaco") and rendered its lines;
//   Inspector 2.12.0: first interactive = the first server card's "Connect or disconnect" switch is in the page and
//                          enabled (its SPA renders it with its handlers, after fetching its server list).
// First-load JS: the <script src> files the HTML names, gzipped, less noModule ones (Monaco, fetched in parallel, is
// not counted).
// Nothing leaves the machine: Chromium's proxy for every non-loopback host is a closed loopback port (no request
// interception, which would slow both pages), and requests to other hosts are counted.
// Served by scripts/serve.mjs (what `npm start` runs), signed in once with its launch URL.
//   node bench/page.mjs [--loads 7] [--json]        (needs a build: `npm run build`)
// Importable: pageBench({ app?, token?, peer?, loads? }) → see the object it returns (PageBenchResult below).
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, freePort, httpRequest, signIn } from "../scripts/local-app.mjs";
import { INSPECTOR_VERSION, ensureInspector, startInspector } from "./inspector.mjs";
import { ROOT, startApp, stats } from "./lib.mjs";

/** The aims (issue 17 item 3), as ratios to Inspector's first interactive screen, and a weight. */
export const PAGE_AIMS = { frameUsableOverInspector: 0.5, monacoReadyOverInspector: 1.0, firstLoadJsGzipKB: 200 };

const MARKS = {
  ours: {
    frameUsable: '[data-testid="editor"] [data-testid="editor-plain-text"]:not([readonly])',
    sendLive: '[data-testid="playground"][data-hydrated="true"]',
    monacoReady: '[data-editor="monaco"] .monaco-editor .view-lines',
  },
  inspector: { firstInteractive: 'input[role="switch"][aria-label^="Connect or disconnect"]:not([disabled])' },
};
export const PAGE_DEFINITIONS = {
  frameUsable: `navigation → ${MARKS.ours.frameUsable} in the page (the frame readable and editable; a send asked for is kept)`,
  sendLive: `navigation → ${MARKS.ours.sendLive} in the page (hydrated: a send goes out at once)`,
  monacoReady: `navigation → ${MARKS.ours.monacoReady} in the page (Monaco took over)`,
  inspectorFirstInteractive: `navigation → ${MARKS.inspector.firstInteractive} in the page (the first server's Connect switch, enabled)`,
  firstLoadJs:
    "the <script src> files of the HTML a module-running browser fetches (noModule left out), each gzipped (level 6), summed",
};

/** Runs in the page before its own scripts: stamps when each selector first matches. */
function stampMarks(marks) {
  const stamped = (window.__benchMarks = {});
  const check = () => {
    for (const [name, selector] of Object.entries(marks))
      if (!(name in stamped) && document.querySelector(selector)) stamped[name] = performance.now();
    if (Object.keys(stamped).length === Object.keys(marks).length) observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["readonly", "disabled", "data-editor", "data-hydrated", "class"],
  });
}

const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function firstLoadJs(base, headers = {}) {
  const html = (await httpRequest({ port: Number(new URL(base).port), path: "/", headers })).text;
  // noModule scripts (Next's legacy polyfills) are never fetched by a browser that runs modules.
  const scripts = [
    ...new Set(
      [...html.matchAll(/<script([^>]+)>/g)]
        .filter((m) => !/\bnoModule\b/i.test(m[1]))
        .map((m) => /src="([^"]+\.js)"/.exec(m[1])?.[1])
        .filter(Boolean),
    ),
  ];
  let raw = 0;
  let gz = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body).length;
  }
  return { files: scripts.length, rawKB: round(raw / 1024), gzipKB: round(gz / 1024) };
}

/** One cold load: a new context, navigate, wait for every mark; the marks, JS bytes fetched, foreign requests. */
async function load(browser, url, marks, storageState) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(storageState ? { storageState } : {}),
  });
  const foreign = [];
  context.on("request", (r) => {
    const { hostname, protocol } = new URL(r.url());
    const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(hostname) || hostname.endsWith(".localhost");
    if (!loopback && !["data:", "blob:"].includes(protocol)) foreign.push(r.url());
  });
  try {
    await context.addInitScript(stampMarks, marks);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction((n) => Object.keys(window.__benchMarks ?? {}).length === n, Object.keys(marks).length, {
      timeout: 60_000,
      polling: 50,
    });
    // Nothing is seen before the first paint: a mark stamped while the HTML was still being parsed counts from it.
    const stamped = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      return Object.fromEntries(Object.entries(window.__benchMarks).map(([name, at]) => [name, Math.max(at, paint)]));
    });
    const jsKB = await page.evaluate(
      () =>
        performance
          .getEntriesByType("resource")
          .filter((e) => /\.js(\?|$)/.test(e.name))
          .reduce((s, e) => s + e.encodedBodySize, 0) / 1024,
    );
    return { ...stamped, jsKB, foreign };
  } finally {
    await context.close();
  }
}

/**
 * @typedef {{ n: number, median: number, p10: number, p90: number, p99: number, min: number, max: number }} Stats
 * @typedef {{
 *   ours: { server: string, firstLoadJs: { files: number, rawKB: number, gzipKB: number }, frameUsableMs: Stats, sendLiveMs: Stats, monacoReadyMs: Stats, jsFetchedByMonacoReadyKB: number, requestsLeavingLoopback: number },
 *   inspector: { version: string, firstLoadJs: object, firstInteractiveMs: Stats, requestsLeavingLoopback: number } | { version: string, unavailable: string },
 *   ratios?: { frameUsableOverInspector: number, sendLiveOverInspector: number, monacoReadyOverInspector: number },
 *   aims: Record<string, { aim: number, value: number | null, met: boolean | null }>,
 *   definitions: typeof PAGE_DEFINITIONS, loads: number,
 * }} PageBenchResult
 */
/** @returns {Promise<PageBenchResult>} `app` ({ base, port }) must be started with PLAYGROUND_TOKEN = `token`. */
export async function pageBench({ app, token, peer, loads = 7 } = {}) {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}`);
  let ownApp;
  if (!app) {
    token = "bench-page-" + Math.random().toString(36).slice(2);
    app = ownApp = await startApp({ token, server: "start" });
  }
  peer ??= ensureInspector();
  const inspector = peer.unavailable
    ? undefined
    : await startInspector(peer.dir, [
        process.execPath,
        path.join(ROOT, "node_modules", "@modelcontextprotocol", "server-everything", "dist", "index.js"),
        "stdio",
      ]);
  const deadPort = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      `--proxy-server=http://127.0.0.1:${deadPort}`,
      "--proxy-bypass-list=127.0.0.1;localhost;*.localhost;[::1]",
    ],
  });
  try {
    // Signed in once with a launch URL, as a user is; every cold load starts with the browser secret it kept.
    const storageState = await signIn(browser, { base: app.base, token });

    const runs = { ours: [], inspector: [] };
    for (let i = 0; i <= loads; i++) {
      // Alternating who goes first; load 0 of each is the discarded warm-up (server caches, disk cache).
      const order = i % 2 ? ["inspector", "ours"] : ["ours", "inspector"];
      for (const who of order) {
        if (who === "inspector" && !inspector) continue;
        const r =
          who === "ours"
            ? await load(browser, `${app.pageBase}/`, MARKS.ours, storageState)
            : await load(browser, inspector.pageUrl, MARKS.inspector);
        if (i > 0) runs[who].push(r);
      }
    }
    const jsOurs = await firstLoadJs(app.base, { Host: new URL(app.pageBase).host });
    const ours = {
      server: "scripts/serve.mjs",
      firstLoadJs: jsOurs,
      frameUsableMs: stats(runs.ours.map((r) => r.frameUsable)),
      sendLiveMs: stats(runs.ours.map((r) => r.sendLive)),
      monacoReadyMs: stats(runs.ours.map((r) => r.monacoReady)),
      jsFetchedByMonacoReadyKB: round(stats(runs.ours.map((r) => r.jsKB)).median),
      requestsLeavingLoopback: runs.ours.reduce((s, r) => s + r.foreign.length, 0),
    };
    const result = { ours, loads, definitions: PAGE_DEFINITIONS };
    const aim = (value, limit) => ({ aim: limit, value, met: value === null ? null : value <= limit });
    if (inspector) {
      const first = stats(runs.inspector.map((r) => r.firstInteractive));
      result.inspector = {
        version: INSPECTOR_VERSION,
        firstLoadJs: await firstLoadJs(`http://127.0.0.1:${inspector.port}`),
        firstInteractiveMs: first,
        requestsLeavingLoopback: runs.inspector.reduce((s, r) => s + r.foreign.length, 0),
      };
      result.ratios = {
        frameUsableOverInspector: round(ours.frameUsableMs.median / first.median, 2),
        sendLiveOverInspector: round(ours.sendLiveMs.median / first.median, 2),
        monacoReadyOverInspector: round(ours.monacoReadyMs.median / first.median, 2),
      };
    } else result.inspector = { version: INSPECTOR_VERSION, unavailable: peer.unavailable };
    result.aims = {
      frameUsableOverInspector: aim(
        result.ratios?.frameUsableOverInspector ?? null,
        PAGE_AIMS.frameUsableOverInspector,
      ),
      monacoReadyOverInspector: aim(
        result.ratios?.monacoReadyOverInspector ?? null,
        PAGE_AIMS.monacoReadyOverInspector,
      ),
      firstLoadJsGzipKB: aim(jsOurs.gzipKB, PAGE_AIMS.firstLoadJsGzipKB),
    };
    return result;
  } finally {
    await browser.close();
    await inspector?.close();
    await ownApp?.stop();
  }
}

/** The result as lines a person reads. */
export function formatPageBench(r) {
  const s = (x) => `${Math.round(x.median)} ms (p10-p90 ${Math.round(x.p10)}-${Math.round(x.p90)})`;
  const lines = [
    `ours (${r.ours.server}), ${r.loads} cold loads:`,
    `  frame usable          ${s(r.ours.frameUsableMs)}`,
    `  send live (hydrated)  ${s(r.ours.sendLiveMs)}`,
    `  Monaco ready          ${s(r.ours.monacoReadyMs)}`,
    `  first-load JS         ${r.ours.firstLoadJs.gzipKB} KB gzip (${r.ours.firstLoadJs.files} files, ${r.ours.firstLoadJs.rawKB} KB raw); ${r.ours.jsFetchedByMonacoReadyKB} KB JS fetched by Monaco ready`,
  ];
  if (r.inspector.unavailable)
    lines.push(`Inspector ${r.inspector.version}: not measured (${r.inspector.unavailable})`);
  else {
    lines.push(
      `Inspector ${r.inspector.version}:`,
      `  first interactive     ${s(r.inspector.firstInteractiveMs)}`,
      `  first-load JS         ${r.inspector.firstLoadJs.gzipKB} KB gzip (${r.inspector.firstLoadJs.files} files)`,
    );
  }
  for (const [name, a] of Object.entries(r.aims))
    lines.push(
      `aim ${name.padEnd(26)} ${a.value ?? "n/a"} (≤ ${a.aim}) ${a.met === null ? "not measured" : a.met ? "met" : "MISSED"}`,
    );
  lines.push(
    `requests leaving loopback: ours ${r.ours.requestsLeavingLoopback}, Inspector ${r.inspector.requestsLeavingLoopback ?? "n/a"}`,
  );
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { loads: { type: "string", default: "7" }, json: { type: "boolean", default: false } },
  });
  const result = await pageBench({ loads: Number(values.loads) });
  console.log(values.json ? JSON.stringify(result, null, 2) : formatPageBench(result));
}
