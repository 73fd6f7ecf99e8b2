// End-to-end tests in real Chromium against the server `npm start` runs (dist-servers/server.mjs; E2E_SERVER=dev runs them on
// `npm run dev`'s). Assumes `npm run build` ran; builds and precompresses once if not.
// Every case is named after the rule it proves. Prints "N passed, N failed" and exits non-zero on failure.
import { mkdirSync, readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import {
  E2E_CHROMIUM,
  ensureBuilt,
  guardedContext,
  httpRequest,
  launchBrowser,
  requireChromium,
  ROOT,
  signIn,
  startServer,
} from "./harness.mjs";
import { PlaygroundPage } from "./pages/playground.mjs";
import { describeLeftovers, TEST_TIER_ENV, watchProcesses } from "../leftover-processes.mjs";
import { sampleTreeCpu } from "../../scripts/tree-cpu.mjs";
import { stepLog, withDeadline } from "./case-deadline.mjs";
import { coordinate, serveCases, workerNumber } from "./pool.mjs";

// The headless shell when it is installed (scripts/local-app.mjs E2E_CHROMIUM), else Chromium.
requireChromium(E2E_CHROMIUM);
ensureBuilt();

const SCREENSHOT = path.join(ROOT, "tests/e2e/screenshots/playground.png");
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const cases = [];
// options.expectedConsoleErrors: patterns of console errors the case provokes on purpose (e.g. a CSP violation it
// asks for); every other console error still fails the case.
const test = (name, fn, options = {}) =>
  cases.push({ name, fn, expectedConsoleErrors: options.expectedConsoleErrors ?? [] });

// ---- the page ----------------------------------------------------------------------------------------------

// The page's first rules, each a step on one page (issue 42: one load serves them; docs/testing.md lists the cases
// they were): the read-only looks first, then the send, the next template, the schema's problems, a frame not JSON.
test("the page loads with no request leaving 127.0.0.1, no console errors, and the token never in a URL; the editor opens holding a well-formed server/discover frame with the _meta envelope (no problems); Ctrl+Enter sends server/discover to the calendar (stdio) and the timeline shows supportedVersions 2026-07-28; ids increment: after a send, the next template gets the next id; the editor validates against the SDK-derived schema: jsonrpc 1.0 and a missing _meta are 2 problems; method names complete; a frame that is not JSON shows the parse error and is sent only after Send anyway", async ({
  pg,
  page,
  ctx,
  token,
}) => {
  await pg.open();
  // the page loads with no request leaving 127.0.0.1, no console errors, and the token never in a URL
  assert(
    (await pg.tid("timeline-empty").innerText()).includes("Press Ctrl+Enter"),
    "the empty timeline should invite the first send",
  );
  const noLeaks = () => {
    assert(ctx.foreign.length === 0, `requests left 127.0.0.1: ${ctx.foreign.join(", ")}`);
    const leaked = ctx.urls.filter((u) => u.includes(token));
    assert(leaked.length === 0, `the token appeared in a URL: ${leaked[0]}`);
  };
  noLeaks();

  // the editor opens holding a well-formed server/discover frame with the _meta envelope (no problems)
  const text = await pg.editorText();
  assert(text.includes('"method": "server/discover"'), `editor text: ${text}`);
  assert(text.includes("io.modelcontextprotocol/protocolVersion"), "the frame should carry the envelope");
  await pg.waitForMarkers("none");

  // Ctrl+Enter sends server/discover to the calendar (stdio) and the timeline shows supportedVersions 2026-07-28
  await pg.pressCtrlEnterInEditor();
  const status = await pg.settled(1);
  assert(status === "response", `card #1 status ${status}`);
  const trace = await pg.traceText(1);
  assert(
    trace.includes("→ server/discover") && trace.includes("supportedVersions") && trace.includes("2026-07-28"),
    `trace: ${trace}`,
  );
  await pg.openWire(1);
  mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
  await page.screenshot({ path: SCREENSHOT });

  // ids increment: after a send, the next template gets the next id
  await pg.chooseTemplate("tools/list");
  const editor = await pg.editorTextWith('"id": 2');
  assert(editor.includes('"id": 2'), `editor: ${editor}`);

  await schemaProblemsAndCompletion(pg, page);
  await notJsonSentOnlyOnInsistence(pg, 2);
  noLeaks();
});

/** The editor validates against the SDK-derived schema: jsonrpc 1.0 and a missing _meta are 2 problems; method names
 * complete. */
async function schemaProblemsAndCompletion(pg, page) {
  await pg.setEditorText('{"jsonrpc":"1.0","id":1,"method":"tools/list","params":{}}');
  await pg.waitForMarkers("some");
  const summary = await pg.tid("marker-count").innerText();
  assert(summary.startsWith("2 problems"), `marker summary: ${summary}`);
  await page.locator('[data-testid="marker-count"] summary').click();
  const list = await pg.tid("marker-count").innerText();
  assert(list.includes('Value must be "2.0"') && list.includes('Missing property "_meta"'), `markers: ${list}`);
  await pg.setEditorText('{"jsonrpc":"2.0","id":1,"method":""}');
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Control+Space");
  await page.waitForSelector(".suggest-widget .monaco-list-row", { timeout: 10_000 });
  const suggestions = await page.locator(".suggest-widget .monaco-list-rows").innerText();
  assert(
    suggestions.includes("server/discover") && suggestions.includes("subscriptions/listen"),
    `suggestions: ${suggestions}`,
  );
  await page.keyboard.press("Escape");
}

/** A frame that is not JSON shows the parse error and is sent only after Send anyway, as exchange `seq`. */
async function notJsonSentOnlyOnInsistence(pg, seq) {
  await pg.tid("timeout-input").fill("2000");
  await pg.setEditorText('{"jsonrpc": "2.0", oops');
  await pg.send();
  const problem = await pg.tid("send-problem").innerText();
  assert(problem.includes("not JSON"), `problem: ${problem}`);
  assert((await pg.cardCount()) === seq - 1, "nothing may be sent before the user insists");
  await pg.tid("send-anyway").click();
  await pg.settled(seq);
  assert((await pg.card(seq).innerText()).includes("timeout 2000 ms"), "the card shows the timeout used");
  assert(
    (await pg.card(seq).locator('[data-testid="not-json-tag"]').innerText()).includes("not JSON (sent on insistence)"),
    "the card is marked",
  );
}

test("tools/list without _meta (Remove _meta) is flagged in the editor and answered -32602 once the connection is modern", async ({
  pg,
}) => {
  await pg.open();
  // A fresh process: serveStdio settles the connection's era on the first request that is not server/discover.
  await pg.restartProcess();
  await pg.chooseTemplate("tools/list");
  assert(
    (await pg.editorTextWith('"method": "tools/list"')).includes('"method": "tools/list"'),
    "the template should replace the editor text",
  );
  assert(
    (await pg.sendAndSettle()) === "response",
    `the enveloped tools/list should be answered: ${await pg.traceText(1)}`,
  );
  await pg.tid("remove-meta").click();
  assert(!(await pg.editorTextWithout("_meta")).includes("_meta"), "Remove _meta should take the envelope out");
  await pg.waitForMarkers("some");
  const status = await pg.sendAndSettle(2);
  const trace = await pg.traceText(2);
  assert(status === "error" && trace.includes("← error -32602"), `status ${status}, trace: ${trace}`);
});

// server-everything over stdio, three rules on one page, one exchange each (issue 42).
test("the Wire view shows the exact stdin line and server-everything's stderr line; server strings render as text: an echoed <img onerror> creates no element and runs nothing; Cancel stops an in-flight request: the card ends cancelled and stdio carried notifications/cancelled", async ({
  pg,
  page,
}) => {
  await pg.openOn("everything-stdio");
  // the Wire view shows the exact stdin line and server-everything's stderr line
  await pg.closeKeptProcess();
  const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
  await pg.setEditorText(frame);
  await pg.sendAndSettle(1, 30_000);
  const wire = await pg.openWire(1);
  const stdin = await wire.locator('[data-testid="wire-row"][data-kind="stdin"]').first().innerText();
  assert(stdin.includes(frame), `stdin row: ${stdin}`);
  const stderr = await wire.locator('[data-testid="wire-row"][data-kind="stderr"]').allInnerTexts();
  assert(
    stderr.some((l) => l.includes("Starting default (STDIO) server...")),
    `stderr rows: ${stderr.join(" | ")}`,
  );
  assert(
    (await wire.locator('[data-testid="wire-row"][data-kind="spawn"]').count()) === 1,
    "the first send spawns the process (spawn row with pid)",
  );

  // server strings render as text: an echoed <img onerror> creates no element and runs nothing
  const payload = "<img src=x onerror=window.__xss=1><b>bold</b>";
  await pg.setEditorRequest(9, "tools/call", { name: "echo", arguments: { message: payload } });
  await pg.sendAndSettle(2, 30_000);
  const echoed = await pg.traceText(2);
  assert(echoed.includes("<img src=x onerror=window.__xss=1>"), `the payload should be shown as text: ${echoed}`);
  await pg.openWire(2);
  assert(
    (await page.locator('[data-testid="timeline"] img, [data-testid="timeline"] b').count()) === 0,
    "server text became HTML elements",
  );
  assert((await page.evaluate(() => window.__xss)) === undefined, "the payload ran");

  await cancelStopsInFlight(pg, 3);
});

/** Cancel stops an in-flight request (exchange `seq`): the card ends cancelled and stdio carried
 * notifications/cancelled. */
async function cancelStopsInFlight(pg, seq) {
  await pg.setEditorRequest(31, "tools/call", {
    name: "trigger-long-running-operation",
    arguments: { duration: 8, steps: 4 },
  });
  await pg.send();
  await pg.card(seq).waitFor();
  assert((await pg.card(seq).getAttribute("data-status")) === "pending", "the request should be in flight");
  // A Cancel that reaches the bridge before the send has is answered "nothing to cancel" (the page shows no change):
  // click again until the bridge answers that it cancelled the send, while the card is still in flight.
  for (let cancelled = false; !cancelled && (await pg.card(seq).getAttribute("data-status")) === "pending";) {
    const reply = pg.page.waitForResponse((r) => r.url().endsWith("/api/bridge/cancel"));
    await pg.tid("cancel-send").click();
    cancelled = (await (await reply).json()).value?.cancelled === true;
  }
  const status = await pg.settled(seq, 10_000);
  const trace = await pg.traceText(seq);
  assert(status === "failure" && trace.includes("✕ cancelled"), `status ${status}: ${trace}`);
  const wire = await pg.openWire(seq);
  const stdin = await wire.locator('[data-testid="wire-row"][data-kind="stdin"]').allInnerTexts();
  assert(
    stdin.some((l) => l.includes("notifications/cancelled") && l.includes('"requestId":31')),
    `stdin rows: ${stdin.join(" | ")}`,
  );
}

test("Probe era against server-everything (stdio) shows -32601, then initialize answered 2025-11-25, and a legacy verdict", async ({
  pg,
}) => {
  const verdict = await pg.openAndProbe("everything-stdio");
  const text = await verdict.innerText();
  assert((await verdict.getAttribute("data-era")) === "legacy", `verdict: ${text}`);
  assert(text.includes("-32601") && text.includes("2025-11-25"), `verdict: ${text}`);
  const step1 = await pg.traceText(1);
  assert(step1.includes("← error -32601 Method not found"), `step 1: ${step1}`);
  assert(
    (await pg.card(1).locator('[data-testid="exchange-label"]').innerText()).startsWith(
      "probe step 1: server/discover",
    ),
    "step 1 label",
  );
  const step2 = await pg.traceText(2);
  assert(step2.includes("→ initialize") && step2.includes('"protocolVersion":"2025-11-25"'), `step 2: ${step2}`);
});

// Two HTTP targets on one page (issue 42): the calendar's send, then server-everything's probe and legacy session.
test("calendar over Streamable HTTP: the Wire view marks the headers the bridge added (Mcp-Method); a legacy HTTP session from the probe is remembered, sent on the next request, and can be forgotten", async ({
  pg,
}) => {
  // calendar over Streamable HTTP: the Wire view marks the headers the bridge added (Mcp-Method)
  const status = await pg.openAndSend({ target: "calendar-http" });
  assert(status === "response", `status ${status}: ${await pg.traceText(1)}`);
  const wire = await pg.openWire(1);
  const added = await wire.locator('[data-testid="wire-header"][data-added="true"]').allInnerTexts();
  assert(
    added.some((h) => /^mcp-method: server\/discover/i.test(h) && h.includes("added by bridge (implied by the frame)")),
    `added headers: ${added.join(" | ")}`,
  );
  assert(
    (await wire.locator('[data-testid="wire-row"][data-kind="http-response"]').count()) === 1,
    "one HTTP response row",
  );

  // a legacy HTTP session from the probe is remembered, sent on the next request, and can be forgotten
  await pg.chooseTarget("everything-http");
  const verdict = await pg.probe();
  assert((await verdict.getAttribute("data-era")) === "legacy", `verdict: ${await verdict.innerText()}`);
  const chip = await pg.tid("http-session").innerText();
  assert(/Mcp-Session-Id\s+[0-9a-f-]{36}/.test(chip) && chip.includes("2025-11-25"), `session chip: ${chip}`);
  await pg.chooseTemplate("tools/list (legacy)");
  await pg.send();
  const seq = await pg.cardCount();
  assert((await pg.settled(seq, 30_000)) === "response", `tools/list in the session: ${await pg.traceText(seq)}`);
  const headers = await (await pg.openWire(seq)).locator('[data-testid="wire-header"]').allInnerTexts();
  assert(
    headers.some((h) => /^Mcp-Session-Id: [0-9a-f-]{36}/i.test(h) && h.includes("remembered legacy session")),
    `request headers: ${headers.join(" | ")}`,
  );
  await pg.tid("forget-session").click();
  assert((await pg.tid("http-session").count()) === 0, "forget session removes it");
});

// ---- the guards (plain HTTP with explicit headers) --------------------------------------------------------

const sendBody = JSON.stringify({
  sendId: "e2e-guard",
  target: { kind: "demo", server: "calendar", transport: "stdio" },
  frame: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } }),
});

async function bridgeCall(srv, headers) {
  const r = await httpRequest({
    port: srv.port,
    method: "POST",
    path: "/api/bridge/send",
    headers: { "content-type": "application/json", ...headers },
    body: sendBody,
  });
  let json = null;
  try {
    json = JSON.parse(r.text);
  } catch {
    /* not JSON */
  }
  return { status: r.status, json };
}

// Each refusal: the case's name, the headers of the call (from the server and its token), the status and the kind.
for (const [name, headers, status, kind] of [
  [
    "a bridge call without the token is refused with 401 {ok:false, kind:unauthorized}",
    () => ({}),
    401,
    "unauthorized",
  ],
  [
    "a bridge call from a foreign Origin is refused with 403 even with the right token",
    ({ token }) => ({ "x-playground-token": token, origin: "http://evil.example" }),
    403,
    "forbidden-origin",
  ],
  [
    "a bridge call with a foreign Host (DNS rebinding) is refused with 403 even with the right token",
    ({ srv, token }) => ({ "x-playground-token": token, Host: `evil.example:${srv.port}` }),
    403,
    "forbidden-host",
  ],
])
  test(name, async ({ srv, token }) => {
    const r = await bridgeCall(srv, headers({ srv, token }));
    assert(
      r.status === status && r.json?.ok === false && r.json?.kind === kind,
      `got ${r.status} ${JSON.stringify(r.json)}`,
    );
  });

test("the token from the launch URL is accepted by the bridge (so the refusals above are about the headers)", async ({
  srv,
  token,
}) => {
  const r = await bridgeCall(srv, { "x-playground-token": token });
  assert(r.status === 200 && r.json?.ok === true, `got ${r.status} ${JSON.stringify(r.json)?.slice(0, 300)}`);
});

test("the page itself refuses a foreign Host and does not hand out the token", async ({ srv, token }) => {
  const r = await httpRequest({ port: srv.port, path: "/", headers: { Host: "evil.example" } });
  assert(r.status === 403 && r.text.includes("refused"), `status ${r.status}, body ${r.text.slice(0, 200)}`);
  assert(!r.text.includes(token), "the refusal page leaked the token");
  assert(!r.text.includes('data-testid="playground"'), "the playground was rendered for a foreign Host");
});

// ---- feature cases: every tests/e2e/cases/<topic>.mjs exports register({ test, assert, ENVELOPE }) -----------

const CASES_DIR = path.join(ROOT, "tests/e2e/cases");
for (const file of readdirSync(CASES_DIR)
  .filter((f) => f.endsWith(".mjs"))
  .sort()) {
  const mod = await import(pathToFileURL(path.join(CASES_DIR, file)).href);
  mod.register({ test, assert, ENVELOPE });
}

// Run only the cases whose name contains E2E_ONLY (handy while building one feature); "a||b" runs the cases naming either.
const only = process.env.E2E_ONLY?.split("||").filter(Boolean);
if (only?.length) cases.splice(0, cases.length, ...cases.filter((c) => only.some((part) => c.name.includes(part))));

// ---- runner ------------------------------------------------------------------------------------------------

// Cases save screenshots under tests/e2e/screenshots/ (the README shows some). A test run must not rewrite tracked
// files, so they land in test-results/screenshots/ unless E2E_UPDATE_SCREENSHOTS=1 asks to refresh the committed ones.
const SHOT_DIR = path.join(ROOT, "tests/e2e/screenshots");
function keepCommittedScreenshots(page) {
  if (process.env.E2E_UPDATE_SCREENSHOTS === "1") return;
  const elsewhere = (opts = {}) => {
    if (!opts.path || !path.resolve(opts.path).startsWith(SHOT_DIR)) return opts;
    const target = path.join(ROOT, "test-results/screenshots", path.relative(SHOT_DIR, path.resolve(opts.path)));
    mkdirSync(path.dirname(target), { recursive: true });
    return { ...opts, path: target };
  };
  const take = page.screenshot.bind(page);
  page.screenshot = (opts) => take(elsewhere(opts));
  // A part of the page (locator.screenshot) too: every locator of every page shares one prototype, patched once.
  const locators = Object.getPrototypeOf(page.locator("html"));
  if (locators.screenshot.keepsCommitted) return;
  const takePart = locators.screenshot;
  locators.screenshot = Object.assign(
    function (opts) {
      return takePart.call(this, elsewhere(opts));
    },
    { keepsCommitted: true },
  );
}

const failShot = (c) => path.join(ROOT, "test-results", `e2e-fail-${cases.indexOf(c) + 1}.png`);

/**
 * One case in a fresh, signed-in browser context of this worker's Chromium, within its deadline; the page must send
 * nothing beyond 127.0.0.1 and log no console error the case did not ask for.
 * @returns {Promise<{ ok: boolean, name: string, ms: number, message?: string }>}
 */
async function runCase(c, { browser, srv, storageState }) {
  const started = Date.now();
  // What the case cost this worker's processes (its server, Chromium's renderers, what the case started).
  const cpu = sampleTreeCpu({ envName: TEST_TIER_ENV, mark: process.env[TEST_TIER_ENV] ?? "" });
  const cpuSeconds = () => Math.round(cpu.stop() * 10) / 10;
  const steps = stepLog(started);
  const ctx = await guardedContext(browser, { storageState, logger: steps.logger });
  const page = await ctx.context.newPage();
  keepCommittedScreenshots(page);
  const consoleErrors = [];
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("pageerror", (e) => consoleErrors.push(`pageerror: ${e.message}`));
  try {
    const pg = steps.trackCalls(new PlaygroundPage(page, srv.base), "pg");
    await withDeadline(() => c.fn({ pg, page, ctx, srv, token: srv.token, storageState }), {
      name: c.name,
      steps,
      // Every context open now is this case's (signIn's is closed): a hung case is stopped by closing them.
      onDeadline: async () => {
        await page.screenshot({ path: failShot(c), timeout: 10_000 }).catch(() => {});
        await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
      },
    });
    assert(ctx.foreign.length === 0, `requests left 127.0.0.1: ${ctx.foreign.join(", ")}`);
    const unexpected = consoleErrors.filter((m) => !c.expectedConsoleErrors.some((re) => re.test(m)));
    assert(unexpected.length === 0, `console errors: ${unexpected.join(" | ")}`);
    await ctx.context.close();
    return { ok: true, name: c.name, ms: Date.now() - started, cpuSeconds: cpuSeconds() };
  } catch (e) {
    await page.screenshot({ path: failShot(c), timeout: 10_000 }).catch(() => {});
    await ctx.context.close();
    return { ok: false, name: c.name, ms: Date.now() - started, cpuSeconds: cpuSeconds(), message: e.message };
  }
}

// After the run, the process table must hold nothing this run started from the checkout (servers, Chromium, stdio
// servers): a case that starts its own server must end it even when it fails.
const processes = watchProcesses({ root: ROOT });

if (workerNumber() > 0) {
  // A worker (tests/e2e/pool.mjs): its own server and Chromium, the cases the coordinator hands it.
  let srv;
  let browser;
  let storageState;
  await serveCases({
    names: cases.map((c) => c.name),
    setUp: async () => {
      srv = await startServer();
      browser = await launchBrowser(E2E_CHROMIUM);
      // Every case's browser context starts signed in the way a user signs in, with the secret the page kept after
      // opening the launch URL the server printed (tests/e2e/cases/signin.mjs).
      storageState = await signIn(browser, srv);
    },
    runCase: (index) => runCase(cases[index], { browser, srv, storageState }),
    tearDown: async () => {
      await browser?.close();
      await srv?.stop();
      // The last SIGKILLs need a moment to be reaped: poll briefly rather than guess a pause.
      const leftovers = await processes.settle(5_000);
      return leftovers.length > 0 ? [`${describeLeftovers(leftovers)}\n(after the e2e run)`] : [];
    },
  });
} else {
  const failures = [];
  const costs = [];
  let passed = 0;
  const problems = await coordinate({
    script: fileURLToPath(import.meta.url),
    names: cases.map((c) => c.name),
    onResult: (r) => {
      costs.push(r);
      if (r.ok) {
        passed++;
        console.log(`ok   ${r.name} (${r.ms} ms, CPU ${r.cpuSeconds?.toFixed(1)} s)`);
      } else {
        failures.push(`${r.name}: ${r.message.split("\n")[0]}`);
        console.log(`FAIL ${r.name}\n     ${r.message}`);
      }
    },
  });
  failures.push(...problems);
  const leftovers = await processes.settle(5_000);
  if (leftovers.length > 0) failures.push(`${describeLeftovers(leftovers)}\n(after the e2e run)`);

  // Where the tier's CPU goes: the dearest cases first (a change to the suite is measured, not guessed).
  const dearest = costs.toSorted((a, b) => (b.cpuSeconds ?? 0) - (a.cpuSeconds ?? 0)).slice(0, 12);
  const total = costs.reduce((sum, r) => sum + (r.cpuSeconds ?? 0), 0);
  console.log(`\ncases' CPU: ${total.toFixed(0)} s in all; the dearest:`);
  for (const r of dearest)
    console.log(
      `  ${r.cpuSeconds?.toFixed(1).padStart(6)} s  ${(r.ms / 1000).toFixed(1).padStart(6)} s wall  ${r.name}`,
    );
  console.log(`\n${passed} passed, ${failures.length} failed`);
  for (const f of failures) console.log(`  ✕ ${f}`);
  process.exit(failures.length === 0 ? 0 : 1);
}
