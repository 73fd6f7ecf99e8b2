// The everyday path (issue 15): the page stays where the user is, links replay honestly, recorded times are real,
// a reload keeps the session, readable replies, where to answer, templates that follow the target, ids.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT, recordSends } from "../harness.mjs";

/** Screenshots of what each rule looks like (test-results/screenshots/ unless E2E_UPDATE_SCREENSHOTS=1). */
const shot = (page, name) =>
  page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots", `everyday-${name}.png`) });
import { fragmentOf } from "../pages/share.mjs";
import { openASessionToShare, openLinkRecordingSends, ranLive, shareAndOpenTheLink } from "../steps/share.mjs";

const ENV = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const EVERYTHING = { kind: "demo", server: "everything", transport: "stdio" };
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 700 };

/** Where the newest card is relative to whatever scrolls the timeline (the tab panel when it scrolls, else the window). */
function newestCardPlacement(page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('[data-testid="exchange-card"]')];
    const card = cards[cards.length - 1].getBoundingClientRect();
    const panel = document.getElementById("panel-timeline");
    const panelScrolls = panel.scrollHeight > panel.clientHeight + 1 && getComputedStyle(panel).overflowY !== "visible";
    const view = panelScrolls ? panel.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    return {
      top: card.top,
      bottom: card.bottom,
      viewTop: view.top,
      viewBottom: view.bottom,
      panelScrolls,
      scrollY: window.scrollY,
      panelTop: panel.scrollTop,
    };
  });
}

async function waitNewestInView(page, timeout = 5000) {
  const deadline = Date.now() + timeout;
  let p;
  while (Date.now() < deadline) {
    p = await newestCardPlacement(page);
    if (p.top >= p.viewTop - 1 && p.bottom <= p.viewBottom + 1) return p;
    await page.waitForTimeout(100);
  }
  throw new Error(`the newest card is not fully in view: ${JSON.stringify(p)}`);
}

/** After the first send (1440×900): the editor's id advances and the card shows the JSON-RPC id next to its number. */
async function idAdvancesAfterSend(pg, assert) {
  assert((await pg.card(1).locator('[data-testid="exchange-rpc-id"]').innerText()) === "id 1", "card #1 shows id 1");
  const editor = await pg.editorTextWith('"id": 2');
  assert(editor.includes('"id": 2'), `editor after Send: ${editor}`);
}

/** Four cards sent at 1440×900 and the newest in view: a user scrolled up to read an older card is not yanked by a new
 * reply; a 'newest ↓' button appears instead, and goes once it has brought the newest into view. */
async function scrolledUpReaderStays(pg, page, assert) {
  await waitNewestInView(page);
  // Scrolled up, and the page has judged that scroll (it measures in the frame after the scroll event).
  await page.locator("#panel-timeline").evaluate(
    (el) =>
      new Promise((resolve) => {
        if (el.scrollTop === 0) return resolve();
        el.addEventListener("scroll", () => requestAnimationFrame(() => resolve()), { once: true });
        el.scrollTo(0, 0);
      }),
  );
  await pg.sendAndSettle(5, 30_000);
  await pg.tid("show-newest").waitFor({ timeout: 5000 });
  await shot(page, "newest-button");
  // A fixed wait on purpose: it proves that the reader is not moved.
  await page.waitForTimeout(500);
  const top = await page.locator("#panel-timeline").evaluate((el) => el.scrollTop);
  assert(top === 0, `the reader was moved to scrollTop ${top}`);
  await pg.tid("show-newest").click();
  await waitNewestInView(page);
  assert((await pg.tid("show-newest").count()) === 0, "the button goes once the newest is in view");
}

export function register({ test, assert }) {
  registerReloadAndReading({ test, assert });
  // ---- 1. the page stays where the user is --------------------------------------------------------------
  // At each size one page: nothing scrolls on load, then four sends (issue 42: these were a case per rule and size). At
  // 1440×900 the first send also shows the ids, and after the four a reader scrolled up is not yanked.
  for (const [name, size] of [
    ["1440×900", WIDE],
    ["800×700", NARROW],
  ]) {
    const wideOnly =
      size === WIDE
        ? "; after Send the editor's id advances and the card shows the JSON-RPC id next to its number; a user scrolled up to read an older card is not yanked by a new reply: a 'newest ↓' button appears instead"
        : "";
    test(`nothing scrolls on load at ${name} (B3); after each send the newest exchange is fully in view once its reply has arrived, at ${name} (B4)${wideOnly}`, async ({
      pg,
      page,
    }) => {
      // nothing scrolls on load (B3)
      await pg.openAt(size);
      // A fixed wait on purpose: it proves that nothing scrolls after the page is ready (no event to wait for).
      await page.waitForTimeout(800);
      const at = await page.evaluate(() => ({
        y: window.scrollY,
        panel: document.getElementById("panel-timeline").scrollTop,
      }));
      await shot(page, `load-${size.width}`);
      assert(at.y === 0 && at.panel === 0, `scrolled on load: ${JSON.stringify(at)}`);

      // after each send the newest exchange is fully in view once its reply has arrived (B4)
      for (let seq = 1; seq <= 4; seq++) {
        await pg.sendAndSettle(seq, 30_000);
        if (seq === 1 && size === WIDE) await idAdvancesAfterSend(pg, assert);
        const p = await waitNewestInView(page);
        if (size === NARROW) assert(!p.panelScrolls, "on a narrow window the window scrolls, not the panel");
      }
      const p = await newestCardPlacement(page);
      await shot(page, `after-sends-${size.width}`);
      assert(size === WIDE ? p.panelTop > 0 && p.scrollY === 0 : p.scrollY > 0, `what scrolled: ${JSON.stringify(p)}`);
      if (size === WIDE) await scrolledUpReaderStays(pg, page, assert);
    });
  }

  // ---- 2. links replay honestly ---------------------------------------------------------------------------
  /** The link's plan (which server each frame will go to) says every one of `lines`. */
  const assertPlanSays = async (sp, ...lines) => {
    const plan = await sp.tid("link-target-plan").innerText();
    assert(
      lines.every((line) => plan.includes(line)),
      `plan: ${plan}`,
    );
  };
  const discover = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENV } });
  const bareList = JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
  const bareList3 = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
  const twoTargets = fragmentOf({
    target: CALENDAR,
    exchanges: [
      { sent: discover, durationMs: 10 },
      { sent: bareList, durationMs: 10, target: EVERYTHING, targetLabel: "everything (stdio)" },
      // An older link: no per-exchange target, only the label naming the server it went to.
      { sent: bareList3, durationMs: 10, targetLabel: "everything (stdio)" },
    ],
  });

  test("a link recorded against two servers: Run live sends each frame to its own target and the banner says so before and after (B1, B7)", async ({
    page,
    srv,
  }) => {
    const { sp, sends } = await openLinkRecordingSends(page, srv.base, "/" + twoTargets);
    assert(
      (await sp.tid("link-banner-notice").innerText()) === "Opened from a link — nothing has been sent",
      "banner before",
    );
    const where = await sp.tid("link-targets").innerText();
    assert(where.includes("calendar") && where.includes("everything"), `targets named: ${where}`);
    await assertPlanSays(sp, "#1 → the embedded calendar server", "#2, #3 → the embedded everything server");
    const cards = await sp.cards().allInnerTexts();
    assert(
      cards[1].includes("everything (stdio)") && cards[0].includes("calendar (stdio)"),
      "cards keep their targets",
    );
    assert(sends.length === 0, "opening a link sends nothing");
    await shot(page, "link-before");
    // A double click must not send the frames twice.
    await sp.tid("run-live").dblclick();
    const after = await ranLive(sp, 60_000);
    assert(after === "Run live: 3 frames sent, 2 targets", `banner after: ${after}`);
    assert(await sp.tid("run-live").isDisabled(), "Run live cannot be pressed again");
    await shot(page, "link-after");
    assert(sends.length === 3, `bridge sends: ${sends.length}`);
    assert(
      JSON.stringify(sends.map((s) => s.target)) === JSON.stringify([CALENDAR, EVERYTHING, EVERYTHING]),
      `targets reached: ${JSON.stringify(sends.map((s) => s.target))}`,
    );
    assert(sends[1].frame === bareList, "the frame goes out as recorded");
  });

  test("a frame whose target a link does not describe is named before anything is sent, and is not sent", async ({
    page,
    srv,
  }) => {
    const { sp, sends } = await openLinkRecordingSends(
      page,
      srv.base,
      "/" +
        fragmentOf({
          target: CALENDAR,
          exchanges: [
            { sent: discover, durationMs: 10 },
            { sent: bareList, durationMs: 10, targetLabel: "python server.py" },
          ],
        }),
    );
    const skipped = await sp.tid("link-skipped-frame").innerText();
    assert(
      skipped.startsWith("#2 will not be sent") && skipped.includes('"python server.py"'),
      `skip note: ${skipped}`,
    );
    await sp.tid("run-live").click();
    const after = await ranLive(sp, 30_000);
    assert(after === "Run live: 1 frame sent, 1 target · 1 not sent (no target here)", `banner after: ${after}`);
    assert(
      sends.length === 1 && JSON.stringify(sends[0].target) === JSON.stringify(CALENDAR),
      `sends: ${JSON.stringify(sends.map((s) => s.target))}`,
    );
  });

  test("sharing a session sent to two servers records each exchange's target; the opened link shows both", async ({
    pg,
  }) => {
    const sp = await openASessionToShare(pg);
    await pg.chooseTarget("everything-stdio");
    await pg.setEditorText(bareList);
    await pg.sendAndSettle(2, 30_000);
    await pg.chooseTarget("calendar-stdio");
    await shareAndOpenTheLink(sp);
    await assertPlanSays(sp, "#1 → the embedded calendar server", "#2 → the embedded everything server");
  });

  // ---- 3. recorded times are real ------------------------------------------------------------------------
  test("a shared live exchange keeps when it was received: the opened link says 'recorded <date> · was fresh for'", async ({
    pg,
    page,
  }) => {
    const sp = await openASessionToShare(pg, "tools/list");
    await shareAndOpenTheLink(sp);
    const text = await page.locator('[data-testid="freshness"]').first().innerText();
    const year = new Date().getUTCFullYear();
    assert(
      text.startsWith(`recorded `) && text.includes(String(year)) && text.includes("· was fresh for"),
      `freshness: ${text}`,
    );
  });
}

const MODERN_ENV = { ...ENV, "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } } };

/** Waits until the debounced save has written the session (the page saves ~0.7 s after the last change). */
async function waitSaved(page, predicate = "true") {
  await page.waitForFunction(
    `(() => { const t = localStorage.getItem("mcp-playground/session"); if (!t) return false; const s = JSON.parse(t); return ${predicate}; })()`,
    null,
    { timeout: 10_000 },
  );
}

function registerReloadAndReading({ test, assert }) {
  // ---- 4. a reload keeps the session ------------------------------------------------------------------------
  test("a reload keeps the session: timeline, editor and target come back (nothing re-sent), the process line shows the process the bridge still holds; Start fresh forgets it", async ({
    pg,
    page,
  }) => {
    await pg.openAndSend({ timeout: 30_000 });
    await pg.chooseTemplate("tools/list");
    await pg.sendAndSettle(2, 30_000);
    await pg.setEditorText('{"jsonrpc":"2.0","id":7,"method":"prompts/list","params":{}}');
    await waitSaved(
      page,
      "(s.session.state.exchanges || []).length === 2 && (s.session.state.editor || '').includes('prompts/list')",
    );
    await pg.waitForProcess("running");
    const pid = (await pg.tid("process-status").innerText()).match(/pid (\d+)/)?.[1];
    const sends = recordSends(page);
    await pg.reload();
    await pg.tid("saved-session-notice").waitFor({ timeout: 10_000 });
    const notice = await pg.tid("saved-session-notice").innerText();
    assert(notice.includes("2 exchanges") && notice.includes("nothing was re-sent"), `notice: ${notice}`);
    await shot(page, "restored");
    assert((await pg.cardCount()) === 2, `cards after reload: ${await pg.cardCount()}`);
    assert((await pg.traceText(2)).includes("→ tools/list"), "card #2 is the tools/list exchange");
    await pg.waitForEditor();
    assert((await pg.editorText()).includes("prompts/list"), `editor after reload: ${await pg.editorText()}`);
    await pg.waitForProcess("running", 10_000);
    assert(
      (await pg.tid("process-status").innerText()).includes(`pid ${pid}`),
      `process line: ${await pg.tid("process-status").innerText()} (was pid ${pid})`,
    );
    assert(sends.length === 0, `a reload sent ${sends.length} frame(s)`);
    await pg.tid("start-fresh").click();
    await pg.tid("timeline-empty").waitFor();
    await pg.reload();
    // A fixed wait on purpose: it proves that no restored session shows up.
    await page.waitForTimeout(1000);
    assert(
      (await pg.cardCount()) === 0 && (await pg.tid("saved-session-notice").count()) === 0,
      "after Start fresh a reload starts empty",
    );
  });

  test("a reload of a page nobody touched says nothing about a restored session (there is nothing to restore)", async ({
    pg,
    page,
  }) => {
    await pg.open();
    await waitSaved(page);
    await page.reload();
    await pg.open();
    // A fixed wait on purpose: it proves that no notice shows up.
    await page.waitForTimeout(1000);
    assert(
      (await pg.tid("saved-session-notice").count()) === 0,
      `notice: ${await pg
        .tid("saved-session-notice")
        .innerText()
        .catch(() => "")}`,
    );
  });

  test("a saved session this page cannot restore is never overwritten: set aside, OK and new work keep it intact, and Download it gives it back", async ({
    pg,
    page,
  }) => {
    // A save written by a newer playground: this page cannot restore it. Put in place before the page's scripts run
    // (a reload would first save the open page over it on pagehide).
    const unreadable = JSON.stringify({ format: "mcp-playground/saved-session", version: 99, savedAt: 1, session: {} });
    await page.addInitScript((text) => {
      if (sessionStorage.getItem("seeded")) return;
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("mcp-playground/session", text);
    }, unreadable);
    await pg.open();
    const notice = pg.tid("saved-session-notice");
    await notice.and(page.locator('[data-kind="unreadable"]')).waitFor({ timeout: 10_000 });
    const said = await notice.innerText();
    assert(said.includes("could not be restored") && said.includes("set aside"), `notice: ${said}`);
    const [download] = await Promise.all([page.waitForEvent("download"), pg.tid("saved-session-download").click()]);
    assert(readFileSync(await download.path(), "utf8") === unreadable, "Download it gives back the save as it was");
    await pg.tid("dismiss-saved-notice").click();
    await pg.setEditorText('{"jsonrpc":"2.0","id":9,"method":"ping"}');
    await waitSaved(page, "s.version === 1 && (s.session.state.editor || '').includes('ping')");
    const kept = await page.evaluate(() => localStorage.getItem("mcp-playground/session.unreadable"));
    assert(kept === unreadable, `the unreadable save after OK and a new save: ${kept}`);
  });

  test("a reload keeps the Lab's last result, verdicts first, and says nothing ran", async ({ pg, page }) => {
    await pg.open();
    await pg.tid("tab-lab").click();
    await pg.tid("lab-run").click();
    await page.waitForSelector('[data-testid="lab-verdict"]', { timeout: 60_000 });
    const before = await page.locator('[data-testid="lab-verdict"]').allInnerTexts();
    // The result is kept (lib/lab/persist.ts's key) before the reload.
    await page.waitForFunction(() => localStorage.getItem("mcp-playground/lab-result") !== null, null, {
      timeout: 10_000,
    });
    await pg.reload();
    await pg.tid("tab-lab").click();
    await pg.tid("lab-restored").waitFor({ timeout: 20_000 });
    const after = await page.locator('[data-testid="lab-verdict"]').allInnerTexts();
    assert(JSON.stringify(after) === JSON.stringify(before), `verdicts after reload: ${after.join(" | ")}`);
    // Verdicts first: each column shows its verdict above its steps.
    const order = await page
      .locator('[data-testid^="lab-column-"]')
      .first()
      .evaluate((col) => {
        const v = col.querySelector('[data-testid="lab-verdict"]');
        const s = col.querySelector('[data-testid="lab-step"]');
        return v && s ? v.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
      });
    assert(order !== 0, "the verdict comes before the steps");
  });

  // ---- 5. readable replies ---------------------------------------------------------------------------------
  // ---- 6. where to answer ------------------------------------------------------------------------------------
  // The tab strip's layout with the waiting badge is checked on the same page (issue 42: a11y.mjs's "layout: …" case
  // made the same send on a page of its own).
  test("an input_required card names the requested inputs and points to MRTR; the MRTR tab counts the conversation waiting; layout: at 1440×900 every tab of the strip fits on one row, also with the MRTR tab's waiting badge", async ({
    pg,
    page,
  }) => {
    await pg.openAt(WIDE);
    await pg.setEditorRequest(5, "tools/call", {
      _meta: MODERN_ENV,
      name: "create_event",
      arguments: { title: "Dentist" },
    });
    await pg.sendAndSettle(1, 30_000);
    const line = await pg.card(1).locator('[data-testid="input-required-line"]').innerText();
    assert(line.includes("startsAt (date-time, required)"), `requested inputs: ${line}`);
    await page.waitForSelector('[data-testid="mrtr-waiting"]', { timeout: 10_000 });
    await shot(page, "input-required");
    assert((await pg.tid("mrtr-waiting").innerText()) === "1", "one conversation waits for the user");
    // layout: at 1440×900 every tab of the strip fits on one row, also with the MRTR tab's waiting badge
    const rows = await page
      .locator('[role="tablist"] [role="tab"]')
      .evaluateAll((tabs) => [...new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top)))]);
    assert(rows.length === 1, `the tabs sit on ${rows.length} rows (tops ${rows.join(", ")})`);
    await pg.card(1).locator('[data-testid="answer-in-mrtr"]').click();
    assert((await pg.tid("tab-mrtr").getAttribute("aria-selected")) === "true", "Answer in MRTR → opens the MRTR tab");
  });

  // ---- 7. templates that follow the target -------------------------------------------------------------
  test("templates follow the target: after tools/list on a legacy server, tools/call <name> with required arguments and no _meta; no calendar templates; the editor checks the legacy era", async ({
    pg,
  }) => {
    await pg.openAndProbe("everything-stdio");
    await pg.setEditorRequest(9, "tools/list", {});
    await pg.send();
    // The probe of a legacy server leaves three cards (server/discover, initialize, notifications/initialized):
    // the tools/list is the fourth.
    await pg.settled(4, 30_000);
    const options = await pg.tid("template-select").locator("option").allInnerTexts();
    assert(options.includes("tools/call echo"), `templates: ${options.join(" | ")}`);
    assert(
      !options.includes("tools/call create_event") && !options.includes("prompts/get prepare_week"),
      "no calendar templates for server-everything",
    );
    await pg.tid("template-select").selectOption({ label: "tools/call echo" });
    const text = await pg.editorTextWith('"name": "echo"');
    assert(
      text.includes('"name": "echo"') && text.includes('"message": "<message>"') && !text.includes("_meta"),
      `derived template: ${text}`,
    );
    const subtitle = await pg.tid("editor-panel").locator("p").first().innerText();
    assert(subtitle.includes("legacy era"), `editor says which era it checks: ${subtitle}`);
    await pg.waitForMarkers("none");
  });

  // ---- 9. small truths ---------------------------------------------------------------------------------------
  test("an npx command gets the longer first-run timeout and the card says why", async ({ pg }) => {
    await pg.open();
    await pg.chooseCustomStdio("npx --version");
    await pg.send();
    await pg.card(1).waitFor({ timeout: 20_000 });
    const note = await pg.card(1).locator('[data-testid="first-run-note"]').innerText();
    assert(note.includes("first run may download the package"), `note: ${note}`);
    assert((await pg.card(1).innerText()).includes("timeout 120000 ms"), "the longer timeout is shown");
    await pg.settled(1, 60_000);
  });
}
