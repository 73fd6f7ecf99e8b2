// e2e cases for issue 27 items 12–14: choose what goes into a link (share-pick), the live stderr and notifications
// pane beside the timeline (stderr-pane), and exporting a Checks run as the CLI writes it (checks-export).
import { readFileSync } from "node:fs";
import { COLOUR_RULES, WIDE_AND_NARROW as SIZES, axeOn, eachSizeAndScheme, spills } from "../pages/a11y.mjs";
import { ChecksPage } from "../pages/checks.mjs";

/** At 1440×900, server-everything (stdio) answers a tools/list: its process runs and has written to stderr. */
async function listToolsOfEverything(pg, page, { freshProcess = false } = {}) {
  await page.setViewportSize(SIZES[0]);
  await pg.open();
  await pg.chooseTarget("everything-stdio");
  if (freshProcess) await pg.closeKeptProcess();
  await pg.setEditorText(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }));
  await pg.send();
  await pg.settled(1, 30_000);
}

async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path(), "utf8") };
}

/** Where the open stderr pane is relative to the first card. */
async function stderrPanePlace(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      pane: box(document.querySelector('[data-testid="stderr-pane"]')),
      card: box(document.querySelector('[data-testid="exchange-card"]')),
    };
  });
}

/** From 1280 px up the open pane sits beside the cards (to their right, level with them); narrower, above them. */
function assertPanePlace({ pane, card }, width, assert) {
  if (width >= 1280)
    assert(
      pane.left >= card.right - 1 && pane.top < card.bottom && pane.bottom > card.top,
      `${width}: the open pane is not beside the timeline's cards: pane ${JSON.stringify(pane)}, card ${JSON.stringify(card)}`,
    );
  else
    assert(
      pane.bottom <= card.top + 1,
      `${width}: the pane should stack above the cards: pane ${JSON.stringify(pane)}, card ${JSON.stringify(card)}`,
    );
}

export function register({ test, assert }) {
  // One run on the embedded calendar serves three rules (issue 42: a Checks run costs 10–20 CPU-s): the MRTR
  // conversations it opened are ended, then its export, then a link of the timeline it filled.
  test("a Checks run leaves no MRTR conversation waiting: the ones it opened are marked ended by it, and the badge counts none; Checks export and share pick: the run downloads as the CLI's JSON and JUnit; a link of the ticked cards leaves the Checks' frames out by default", async ({
    pg,
    page,
    ctx,
  }) => {
    await page.setViewportSize(SIZES[0]);
    await pg.open();
    await pg.send();
    await pg.settled(1);
    const checks = new ChecksPage(page);
    await checks.open();
    assert((await checks.runAll(180_000)) === "done", "the checks run");

    const waiting = await page.locator('[data-testid="mrtr-waiting"]').count();
    await pg.tid("tab-mrtr").click();
    const statuses = await page
      .locator('[data-testid="mrtr-conversation"]')
      .evaluateAll((els) => els.map((e) => e.dataset.status));
    assert(waiting === 0, `the MRTR badge shows a count after a Checks run (conversations: ${statuses.join(", ")})`);
    assert(statuses.includes("ended") && !statuses.includes("awaiting-input"), `conversations: ${statuses.join(", ")}`);
    const ended = await page
      .locator('[data-testid="mrtr-conversation"][data-status="ended"] [data-testid="mrtr-status"]')
      .first()
      .innerText();
    assert(ended.startsWith("ended by the Checks run"), `status: ${ended}`);

    await checks.open();
    // The score paragraph (the summary line repeats it in a span with the same test id).
    const score = Number(await page.locator('p[data-testid="checks-score"]').getAttribute("data-score"));
    const summary = await checks.summary();

    const json = await download(page, () => pg.tid("checks-export-json").click());
    assert(json.name === "mcp-checks-calendar-stdio.json", `file name: ${json.name}`);
    const report = JSON.parse(json.text);
    assert(
      report.score === score && report.passed === summary.passed && report.failed === summary.failed,
      `JSON agrees with the panel: ${json.text.slice(0, 300)}`,
    );
    assert(
      report.target === "calendar (stdio)" &&
        report.era === "modern" &&
        Array.isArray(report.checks) &&
        report.checks.length > 20,
      "the CLI's --json shape",
    );
    const junit = await download(page, () => pg.tid("checks-export-junit").click());
    assert(
      junit.name === "mcp-checks-calendar-stdio.xml" && junit.text.startsWith("<?xml"),
      `JUnit: ${junit.name} ${junit.text.slice(0, 80)}`,
    );
    const testcases = (junit.text.match(/<testcase /g) ?? []).length;
    assert(testcases === report.checks.length, `one testcase per check: ${testcases} vs ${report.checks.length}`);
    assert((junit.text.match(/<failure /g) ?? []).length === report.failed, "a failure element per failed check");

    // Share pick: the Checks' frames are unticked at first.
    await pg.tid("tab-share").click();
    await pg.tid("share-pick").waitFor({ timeout: 20_000 });
    const items = pg.tid("share-pick-item");
    const total = await items.count();
    const checksFrames = await page.locator('[data-testid="share-pick-item"][data-checks="true"]').count();
    assert(total > 5 && checksFrames > 0, `rows: ${total}, checks frames: ${checksFrames}`);
    const ticked = await page.locator('[data-testid="share-pick-item"]:checked').count();
    assert(ticked === total - checksFrames, `ticked at first: ${ticked} of ${total} (${checksFrames} checks frames)`);
    assert(
      !(await page.locator('[data-testid="share-pick-item"][data-checks="true"]').first().isChecked()),
      "a Checks frame starts unticked",
    );
    const urlBefore = page.url();
    await pg.tid("share-pick-make").click();
    await pg.tid("share-pick-result").waitFor();
    assert(
      (await pg.tid("share-pick-result").getAttribute("data-cards")) === String(ticked),
      "the link holds the ticked cards",
    );
    assert(page.url() === urlBefore, "making a link leaves the address bar alone");
    const link = await pg.tid("share-pick-url").inputValue();
    const viewer = await ctx.context.newPage();
    await viewer.goto(link);
    await viewer.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    await viewer.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="exchange-card"]').length === n,
      ticked,
      { timeout: 20_000 },
    );
    const labels = await viewer.$$eval('[data-testid="exchange-label"]', (els) => els.map((e) => e.textContent ?? ""));
    assert(!labels.some((l) => /check C\d/.test(l)), `no Checks frame in the link: ${labels.join(" | ")}`);
    await viewer.close();
  });

  // One page on server-everything (issue 42): the stderr pane's rules, then a Checks run on this legacy server (its
  // era report), then the look of the three tools over that state at two sizes in both themes.
  test("stderr pane: open, it sits beside the timeline from 1280 px (above it narrower); it shows server-everything's stderr and the process line, and stays live while open; Checks: a legacy server (server-everything over stdio) gets the era report with the era-ambiguity warning, beside the verdicts of its revision; share pick, stderr pane and checks export show at 1440×900 and 800×700, light and dark, with no axe violation", async ({
    pg,
    page,
  }) => {
    await listToolsOfEverything(pg, page, { freshProcess: true });
    const pane = pg.tid("stderr-pane");
    await pane.locator("summary").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="stderr-pane"] summary')?.textContent?.includes("running"),
      null,
      {
        timeout: 15_000,
      },
    );
    const text = await pane.innerText();
    assert(
      text.includes("Starting default (STDIO) server...") && text.includes("stderr"),
      `pane: ${text.slice(0, 500)}`,
    );
    assert(/pid \d+ running/.test(text), `the process line: ${text.slice(0, 200)}`);
    const spawn = await pane.locator('li[data-kind="spawn"]').count();
    assert(spawn === 1, `one spawn line: ${spawn}`);
    for (const width of [1440, 1280, 1279]) {
      await page.setViewportSize({ width, height: 900 });
      assertPanePlace(await stderrPanePlace(page), width, assert);
    }
    await page.setViewportSize(SIZES[0]);
    // A notification during a call lands in the pane too.
    await pg.sendProgressCall(2, 2);
    assert(
      (await pane.locator('li[data-kind="notification"]').first().innerText()).includes("notifications/progress"),
      "the progress notification is shown",
    );

    const checks = new ChecksPage(page);
    await checks.open();
    assert((await checks.runAll()) === "done", "the run should finish");
    const era = await checks.tid("checks-era-report").innerText();
    assert(era.includes("legacy server (2025-11-25)") && era.includes("-32601"), `era report: ${era}`);
    assert(
      (await checks.tid("checks-era-ambiguity").getAttribute("data-status")) === "warn",
      "server-everything serves tools/list without a handshake",
    );
    // Only the rules of its revision: no 2026-07-28-only row (C01 server/discover), and C19 fails (isError for an unknown tool).
    assert((await checks.row("C01").count()) === 0, "no 2026-07-28-only rows for a legacy server");
    assert((await checks.row("C19").getAttribute("data-status")) === "fail", "C19 fails on server-everything");

    // The dark pass follows the light one over the same states: only the colour rules can differ (docs/testing.md).
    const found = [];
    await eachSizeAndScheme(page, SIZES, async (size, scheme) => {
      for (const [tab, id] of [
        ["checks", "checks-export"],
        ["share", "share-pick"],
        ["timeline", "stderr-pane"],
      ]) {
        await pg.tid(`tab-${tab}`).click();
        await pg.tid(id).waitFor({ timeout: 20_000 });
        const box = await pg.tid(id).boundingBox();
        assert(
          box && box.width > 150 && box.x + box.width <= size.width + 1,
          `${size.width} ${scheme}: ${id} at ${JSON.stringify(box)}`,
        );
        const spilt = await spills(page, `[data-testid="${id}"]`);
        assert(spilt.length === 0, `${size.width} ${scheme}: ${spilt.join("; ")}`);
        if (id === "stderr-pane") assertPanePlace(await stderrPanePlace(page), size.width, assert);
        found.push(
          ...(await axeOn(page, `[data-testid="${id}"]`, `${size.width} ${scheme} ${id}`, {
            rules: scheme === "dark" ? COLOUR_RULES : undefined,
          })),
        );
        await page.screenshot({ path: `test-results/${id}-${size.width}-${scheme}.png` });
      }
    });
    assert(found.length === 0, `axe:\n${found.join("\n")}`);
  });
}
