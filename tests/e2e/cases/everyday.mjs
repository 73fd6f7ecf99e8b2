// The everyday path (issue 15): the page stays where the user is, links replay honestly, recorded times are real,
// a reload keeps the session, readable replies, where to answer, templates that follow the target, ids.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { SharePage, fragmentOf } from "../pages/share.mjs";

const ENV = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const EVERYTHING = { kind: "demo", server: "everything", transport: "stdio" };
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 800, height: 700 };

/** Every /api/bridge/send the page makes, as the parsed request body (target, frame). */
function recordSends(page) {
  const sends = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/bridge/send") && r.method() === "POST") sends.push(JSON.parse(r.postData() ?? "{}"));
  });
  return sends;
}

/** Where the newest card is relative to whatever scrolls the timeline (the tab panel when it scrolls, else the window). */
function newestCardPlacement(page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('[data-testid="exchange-card"]')];
    const card = cards[cards.length - 1].getBoundingClientRect();
    const panel = document.getElementById("panel-timeline");
    const panelScrolls = panel.scrollHeight > panel.clientHeight + 1 && getComputedStyle(panel).overflowY !== "visible";
    const view = panelScrolls ? panel.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    return { top: card.top, bottom: card.bottom, viewTop: view.top, viewBottom: view.bottom, panelScrolls, scrollY: window.scrollY, panelTop: panel.scrollTop };
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

async function sendAndSettle(pg, seq) {
  await pg.send();
  return pg.settled(seq, 30_000);
}

export function register({ test, assert }) {
  // ---- 1. the page stays where the user is --------------------------------------------------------------
  for (const [name, size] of [["1440×900", WIDE], ["800×700", NARROW]]) {
    test(`nothing scrolls on load at ${name} (B3)`, async ({ pg, page }) => {
      await page.setViewportSize(size);
      await pg.open();
      await page.waitForTimeout(800);
      const at = await page.evaluate(() => ({ y: window.scrollY, panel: document.getElementById("panel-timeline").scrollTop }));
      assert(at.y === 0 && at.panel === 0, `scrolled on load: ${JSON.stringify(at)}`);
    });

    test(`after each send the newest exchange is fully in view once its reply has arrived, at ${name} (B4)`, async ({ pg, page }) => {
      await page.setViewportSize(size);
      await pg.open();
      for (let seq = 1; seq <= 4; seq++) {
        await sendAndSettle(pg, seq);
        const p = await waitNewestInView(page);
        if (size === NARROW) assert(!p.panelScrolls, "on a narrow window the window scrolls, not the panel");
      }
      const p = await newestCardPlacement(page);
      assert(size === WIDE ? p.panelTop > 0 && p.scrollY === 0 : p.scrollY > 0, `what scrolled: ${JSON.stringify(p)}`);
    });
  }

  test("a user scrolled up to read an older card is not yanked by a new reply: a 'newest ↓' button appears instead", async ({ pg, page }) => {
    await page.setViewportSize(WIDE);
    await pg.open();
    for (let seq = 1; seq <= 4; seq++) await sendAndSettle(pg, seq);
    await waitNewestInView(page);
    await page.locator("#panel-timeline").evaluate((el) => el.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await sendAndSettle(pg, 5);
    await pg.tid("show-newest").waitFor({ timeout: 5000 });
    await page.waitForTimeout(500);
    const top = await page.locator("#panel-timeline").evaluate((el) => el.scrollTop);
    assert(top === 0, `the reader was moved to scrollTop ${top}`);
    await pg.tid("show-newest").click();
    await waitNewestInView(page);
    assert((await pg.tid("show-newest").count()) === 0, "the button goes once the newest is in view");
  });

  // ---- 2. links replay honestly ---------------------------------------------------------------------------
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

  test("a link recorded against two servers: Run live sends each frame to its own target and the banner says so before and after (B1, B7)", async ({ page, srv }) => {
    const sp = new SharePage(page, srv.base);
    const sends = recordSends(page);
    await sp.openLink("/" + twoTargets);
    assert((await sp.tid("link-banner-notice").innerText()) === "Opened from a link — nothing has been sent", "banner before");
    const where = await sp.tid("link-targets").innerText();
    assert(where.includes("calendar") && where.includes("everything"), `targets named: ${where}`);
    const plan = await sp.tid("link-target-plan").innerText();
    assert(plan.includes("#1 → the embedded calendar server") && plan.includes("#2, #3 → the embedded everything server"), `plan: ${plan}`);
    const cards = await sp.cards().allInnerTexts();
    assert(cards[1].includes("everything (stdio)") && cards[0].includes("calendar (stdio)"), "cards keep their targets");
    assert(sends.length === 0, "opening a link sends nothing");
    // A double click must not send the frames twice.
    await sp.tid("run-live").dblclick();
    await page.waitForFunction(() => document.querySelector('[data-testid="link-banner-notice"]')?.textContent?.match(/^Run live: \d/), null, { timeout: 60_000 });
    assert((await sp.tid("link-banner-notice").innerText()) === "Run live: 3 frames sent, 2 targets", `banner after: ${await sp.tid("link-banner-notice").innerText()}`);
    assert(await sp.tid("run-live").isDisabled(), "Run live cannot be pressed again");
    assert(sends.length === 3, `bridge sends: ${sends.length}`);
    assert(JSON.stringify(sends.map((s) => s.target)) === JSON.stringify([CALENDAR, EVERYTHING, EVERYTHING]), `targets reached: ${JSON.stringify(sends.map((s) => s.target))}`);
    assert(sends[1].frame === bareList, "the frame goes out as recorded");
  });

  test("a frame whose target a link does not describe is named before anything is sent, and is not sent", async ({ page, srv }) => {
    const sp = new SharePage(page, srv.base);
    const sends = recordSends(page);
    await sp.openLink("/" + fragmentOf({ target: CALENDAR, exchanges: [{ sent: discover, durationMs: 10 }, { sent: bareList, durationMs: 10, targetLabel: "python server.py" }] }));
    const skipped = await sp.tid("link-skipped-frame").innerText();
    assert(skipped.startsWith("#2 will not be sent") && skipped.includes('"python server.py"'), `skip note: ${skipped}`);
    await sp.tid("run-live").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="link-banner-notice"]')?.textContent?.match(/^Run live: \d/), null, { timeout: 30_000 });
    const after = await sp.tid("link-banner-notice").innerText();
    assert(after === "Run live: 1 frame sent, 1 target · 1 not sent (no target here)", `banner after: ${after}`);
    assert(sends.length === 1 && JSON.stringify(sends[0].target) === JSON.stringify(CALENDAR), `sends: ${JSON.stringify(sends.map((s) => s.target))}`);
  });

  test("sharing a session sent to two servers records each exchange's target; the opened link shows both", async ({ pg, page, srv }) => {
    const sp = new SharePage(page, srv.base);
    await pg.open();
    await sendAndSettle(pg, 1);
    await pg.chooseTarget("everything-stdio");
    await pg.setEditorText(bareList);
    await sendAndSettle(pg, 2);
    await pg.chooseTarget("calendar-stdio");
    const { url } = await sp.share();
    await page.keyboard.press("Escape");
    const u = new URL(url);
    await sp.openLink(u.pathname + u.hash);
    const plan = await sp.tid("link-target-plan").innerText();
    assert(plan.includes("#1 → the embedded calendar server") && plan.includes("#2 → the embedded everything server"), `plan: ${plan}`);
  });

  // ---- 3. recorded times are real ------------------------------------------------------------------------
  test("a gallery example's cache badge says 'recorded — freshness not tracked', never an age from 1970 (B2)", async ({ page, srv }) => {
    const sp = new SharePage(page, srv.base);
    await sp.cutBridge();
    const href = (await sp.galleryLinks()).find((l) => l.id === "calendar-three-ways").href;
    await sp.openLink(href);
    const texts = await page.locator('[data-testid="freshness"]').allInnerTexts();
    assert(texts.length > 0 && texts.every((t) => t === "recorded — freshness not tracked"), `freshness: ${texts.join(" | ")}`);
  });

  test("a shared live exchange keeps when it was received: the opened link says 'recorded <date> · was fresh for'", async ({ pg, page, srv }) => {
    const sp = new SharePage(page, srv.base);
    await pg.open();
    await pg.chooseTemplate("tools/list");
    await sendAndSettle(pg, 1);
    const { url } = await sp.share();
    await page.keyboard.press("Escape");
    const u = new URL(url);
    await sp.openLink(u.pathname + u.hash);
    const text = await page.locator('[data-testid="freshness"]').first().innerText();
    const year = new Date().getUTCFullYear();
    assert(text.startsWith(`recorded `) && text.includes(String(year)) && text.includes("· was fresh for"), `freshness: ${text}`);
  });

  test("the MRTR conversation total is the sum of its rounds (B9)", async ({ page, srv }) => {
    const sp = new SharePage(page, srv.base);
    await sp.cutBridge();
    const example = JSON.parse(readFileSync(path.join(ROOT, "lib/share/examples/dentist-mrtr.json"), "utf8"));
    const sum = Math.round(example.payload.exchanges.reduce((s, x) => s + x.durationMs, 0));
    const href = (await sp.galleryLinks()).find((l) => l.id === "dentist-mrtr").href;
    await sp.openLink(href);
    await sp.tid("tab-mrtr").click();
    const total = await sp.tid("mrtr-total").first().innerText();
    assert(total === `${sum} ms`, `total ${total}, rounds add up to ${sum} ms`);
  });
}
