// e2e cases for the Checks tab: the suite runs from the panel, visibly, against real servers.
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { ChecksPage } from "../pages/checks.mjs";
import { SharePage } from "../pages/share.mjs";
import { countRedraws } from "../steps/react-commits.mjs";

export function register({ test, assert }) {
  // One run against the C07 fixture serves two rules (issue 42: a Checks run costs 10–20 CPU-s): what the panel
  // says about it, then the same run shared as a link; the evidence link, which moves to the timeline, goes last.
  test("Checks: against a stdio fixture that serves requests without clientCapabilities, C07 fails (MUST) and its frames open in the timeline; the run shared as a link opens on the Checks tab offline, read-only, with its verdicts and frames; nothing is sent", async ({
    pg,
    page,
    srv,
    ctx,
  }) => {
    const checks = await ChecksPage.openOn(pg, "node tests/fixtures/checks/stdio.mjs --violate C07");
    const phase = await checks.runAll();
    if (phase !== "done") assert(false, `the run ended ${phase}: ${await checks.tid("checks-error").innerText()}`);
    assert(
      (await checks.idsWithStatus("fail")).join() === "C07",
      `failing checks: ${await checks.idsWithStatus("fail")}`,
    );
    assert((await checks.idsWithStatus("warn")).length === 0, `warnings: ${await checks.idsWithStatus("warn")}`);
    const row = checks.row("C07");
    assert((await row.getAttribute("data-level")) === "MUST", "C07 is a MUST");
    const detail = await row.locator('[data-testid="check-detail"]').innerText();
    assert(detail.includes("without clientCapabilities was served"), `detail: ${detail}`);
    const summary = await checks.summary();
    assert(summary.failed === 1 && summary.passed >= 40, `summary: ${JSON.stringify(summary)}`);

    // The run shared as a link.
    await checks.tid("checks-share").click();
    await checks.tid("checks-share-dialog").waitFor();
    const url = await checks.tid("checks-share-url").inputValue();
    assert(url.includes("#v=1&s="), `link: ${url.slice(0, 80)}`);
    const markdown = await checks.tid("checks-share-markdown").inputValue();
    // The page runs on 127.0.0.1: a README link to it would open only for a reader running a playground on this same
    // port, so the badge links to the run's JSON export committed beside it (issue 44 point 5).
    assert(
      /^\[!\[MCP conformance\]\(mcp-checks-badge\.svg\)\]\(mcp-checks-[\w.-]+\.json\)$/.test(markdown) &&
        (await checks.tid("checks-share-markdown").getAttribute("data-links")) === "report-file",
      `badge markdown: ${markdown.slice(0, 120)}`,
    );
    assert(await checks.tid("checks-share-badge-preview").isVisible(), "the badge preview shows");

    const other = await ctx.context.newPage();
    const viewer = await SharePage.viewOffline(other, srv.base, url);
    await other.locator('[data-testid="checks-shared-run"]').waitFor({ timeout: 20_000 });
    assert(
      (await other.locator('[data-testid="tab-checks"]').getAttribute("aria-selected")) === "true",
      "the link opens on the Checks tab",
    );
    const c07 = other.locator('[data-testid="checks-shared-row"][data-check-id="C07"]');
    assert((await c07.getAttribute("data-status")) === "fail", "C07 failed in the shared run");
    const frames = await c07.locator('[data-testid="checks-shared-frame"]').allInnerTexts();
    assert(
      frames.some((f) => f.startsWith("→") && f.includes("tools/list")) && frames.some((f) => f.startsWith("←")),
      `C07's frames: ${frames.join(" | ").slice(0, 400)}`,
    );
    const passed = await other.locator('[data-testid="checks-shared-row"][data-status="pass"]').count();
    assert(passed >= 40, `passes in the shared run: ${passed}`);
    assert(
      viewer.bridgeCalls.length === 0,
      `opening the shared run called the bridge: ${viewer.bridgeCalls.join(", ")}`,
    );
    await other.close();

    // Back in the sharer's page: the problems only, and C07's evidence in the timeline.
    await checks.tid("checks-share-dialog-close").click();
    await checks.tid("checks-share-dialog").waitFor({ state: "detached" });
    await checks.tid("checks-problems-only").check();
    await page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots/checks.png") });

    const card = await checks.showEvidence("C07");
    assert((await pg.tid("tab-timeline").getAttribute("aria-selected")) === "true", "the timeline tab should open");
    const label = await card.locator('[data-testid="exchange-label"]').innerText();
    const trace = await card.locator('[data-testid="trace"]').innerText();
    assert(label.startsWith("check C07"), `label: ${label}`);
    assert(trace.includes("→ tools/list"), `the evidence should be the tools/list: ${trace}`);
    await card.locator('[data-testid="toggle-wire"]').click();
    const wire = await card.locator('[data-testid="wire-view"]').innerText();
    assert(
      wire.includes("io.modelcontextprotocol/protocolVersion") &&
        !wire.includes("io.modelcontextprotocol/clientCapabilities"),
      `the stdin line should lack clientCapabilities: ${wire}`,
    );
  });
  // Why a Checks run cost the page 10–20 CPU-seconds (issue 42): every exchange it added drew every card of the
  // timeline again (a run adds ~70), hidden tab or not. A card is drawn when its own exchange changes, not another's.
  test("a new exchange leaves the cards already drawn alone: card #1 is not drawn again while three more exchanges arrive", async ({
    pg,
    page,
  }) => {
    const card = await countRedraws(page, "exchange-card", { "data-seq": "1" });
    await pg.open();
    assert((await pg.sendAndSettle(1)) === "response", `card #1: ${await pg.traceText(1)}`);
    await pg.cardCount(); // its code has loaded: the card itself is on the page
    const before = await card.drawn();
    for (const seq of [2, 3, 4]) assert((await pg.sendAndSettle(seq)) === "response", `card #${seq}`);
    const again = (await card.drawn()) - before;
    assert(again === 0, `card #1 was drawn again ${again} times while three other exchanges arrived`);
  });

  // "Checks: a legacy server … era report …" shares server-everything's page and run with the stderr pane and the
  // look of the report tools (report-tools.mjs).
}
