// Where a cold load's main-thread time goes, from first paint to Monaco ready: one warm-up load, then one cold load of
// ours (scripts/serve.mjs, signed in) under a Chromium performance trace; prints the marks (first contentful paint,
// frame usable, hydrated, Monaco ready), every main-thread task over 8 ms with what ran in it (HTML parse, style and
// layout, script evaluation per file, timers, animation frames), and when each script arrived.
//   node bench/page-trace.mjs [--out /tmp/page-trace.json]     (needs a build: `npm run build`)
// Tracing itself slows the page (~1.5–2×): read the shares, not the milliseconds.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM, CHROMIUM_ARGS, signIn } from "../scripts/local-app.mjs";
import { startApp } from "./lib.mjs";

const { values } = parseArgs({ options: { out: { type: "string", default: "/tmp/page-trace.json" } } });
const CATEGORIES = ["devtools.timeline", "v8.execute", "blink.user_timing", "loading", "toplevel"];
const MARKS = {
  frameUsable: '[data-testid="editor"] [data-testid="editor-plain-text"]',
  hydrated: '[data-testid="playground"][data-hydrated="true"]',
  monacoReady: '[data-editor="monaco"] .monaco-editor .view-lines',
};

function stamp(marks) {
  window.__traceMarks = {};
  new MutationObserver(() => {
    for (const [name, selector] of Object.entries(marks))
      if (!(name in window.__traceMarks) && document.querySelector(selector)) {
        window.__traceMarks[name] = performance.now();
        performance.mark(`bench:${name}`);
      }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function traceOneLoad() {
  const token = "trace-" + Math.random().toString(36).slice(2);
  const app = await startApp({ token, server: "start" });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const storageState = await signIn(browser, { base: app.base, token });
    for (const traced of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
      try {
        await context.addInitScript(stamp, MARKS);
        const page = await context.newPage();
        if (traced) await browser.startTracing(page, { path: values.out, categories: CATEGORIES });
        await page.goto(`${app.pageBase}/`);
        await page.waitForFunction(() => "monacoReady" in (window.__traceMarks ?? {}), null, { timeout: 60_000 });
        if (traced) await browser.stopTracing();
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

const INSIDE = new Set(["ParseHTML", "EvaluateScript", "FunctionCall", "UpdateLayoutTree", "Layout", "Paint"]);
INSIDE.add("TimerFire").add("FireAnimationFrame").add("EventDispatch").add("RunMicrotasks").add("V8.CompileCode");

function summarise(file) {
  const events = JSON.parse(readFileSync(file, "utf8")).traceEvents;
  const threads = new Map();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const count = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (threads.get(key) === "CrRendererMain") count.set(key, (count.get(key) ?? 0) + 1);
  }
  const [main] = [...count].sort((a, b) => b[1] - a[1])[0];
  const [pid, tid] = main.split(":").map(Number);
  const nav = events.find((e) => e.name === "navigationStart" && e.args?.data?.documentLoaderURL?.startsWith("http"));
  const ms = (ts) => Math.round((ts - nav.ts) / 1000);
  const lines = [];
  const seen = new Set();
  for (const e of events)
    if (e.pid === pid && (e.name.startsWith("bench:") || e.name === "firstContentfulPaint") && !seen.has(e.name)) {
      seen.add(e.name);
      lines.push(`mark ${e.name.replace("bench:", "")} at ${ms(e.ts)} ms`);
    }
  const onMain = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.ts >= nav.ts)
    .sort((a, b) => a.ts - b.ts);
  const tasks = onMain.filter((e) => e.name === "ThreadControllerImpl::RunTask" || e.name === "RunTask");
  let busy = 0;
  let last = 0;
  for (const task of tasks) {
    if (task.ts < last) continue; // nested RunTask
    last = task.ts + task.dur;
    busy += task.dur;
    if (task.dur < 8000) continue;
    const inside = new Map();
    for (const e of onMain)
      if (e !== task && e.ts >= task.ts && e.ts + e.dur <= last && INSIDE.has(e.name)) {
        const url = (e.args?.data?.url ?? "").split("/").pop();
        const key = url ? `${e.name}(${url})` : e.name;
        inside.set(key, (inside.get(key) ?? 0) + e.dur / 1000);
      }
    const top = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5);
    lines.push(
      `task at ${ms(task.ts)} ms, ${(task.dur / 1000).toFixed(1)} ms: ${top.map(([k, d]) => `${k} ${d.toFixed(1)}`).join(", ")}`,
    );
  }
  lines.push(`main thread busy ${Math.round(busy / 1000)} ms until the trace ended`);
  const sent = new Map();
  for (const e of events) {
    if (e.name === "ResourceSendRequest") sent.set(e.args.data.requestId, { url: e.args.data.url, at: e.ts });
    if (e.name === "ResourceFinish" && sent.has(e.args.data.requestId)) sent.get(e.args.data.requestId).done = e.ts;
  }
  for (const r of [...sent.values()].sort((a, b) => a.at - b.at))
    if (r.at >= nav.ts && /\.(js|css)$/.test(r.url))
      lines.push(`fetch ${r.url.split("/").pop()} ${ms(r.at)} → ${r.done ? ms(r.done) : "?"} ms`);
  return lines.join("\n");
}

await traceOneLoad();
console.log(summarise(values.out));
