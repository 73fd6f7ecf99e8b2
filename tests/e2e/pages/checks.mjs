// Page object for the Checks tab (selectors are the panel's data-testid contract).
export class ChecksPage {
  constructor(page) {
    this.page = page;
  }

  /** The playground opened on a custom stdio server that runs `command`, with its Checks tab open. */
  static async openOn(pg, command) {
    await pg.open();
    await pg.chooseCustomStdio(command);
    return ChecksPage.openedOn(pg);
  }

  /** The playground opened on the preset `target`, with its Checks tab open. */
  static async openOnPreset(pg, target) {
    await pg.open();
    await pg.chooseTarget(target);
    return ChecksPage.openedOn(pg);
  }

  /** The Checks tab of the playground `pg`, opened. */
  static async openedOn(pg) {
    const checks = new ChecksPage(pg.page);
    await checks.open();
    return checks;
  }

  tid(id) {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  async open() {
    await this.tid("tab-checks").click();
    await this.tid("checks-panel").waitFor();
  }

  /** Presses "Run all checks" and waits until the run is over; returns the panel's phase (done / error). */
  async runAll(timeout = 120_000) {
    await this.tid("checks-run").click();
    await this.page.waitForSelector('[data-testid="checks-panel"][data-phase="running"]', { timeout: 10_000 });
    await this.page.waitForSelector(
      '[data-testid="checks-panel"][data-phase="done"], [data-testid="checks-panel"][data-phase="error"]',
      { timeout },
    );
    return this.tid("checks-panel").getAttribute("data-phase");
  }

  row(id) {
    return this.page.locator(`[data-testid="check-row"][data-check-id="${id}"]`);
  }

  /** Ids of the rows with this status. */
  async idsWithStatus(status) {
    return this.page
      .locator(`[data-testid="check-row"][data-status="${status}"]`)
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-check-id")));
  }

  async summary() {
    const s = this.tid("checks-summary");
    const n = async (a) => Number(await s.getAttribute(`data-${a}`));
    return {
      passed: await n("passed"),
      failed: await n("failed"),
      warned: await n("warned"),
      skipped: await n("skipped"),
    };
  }

  /** Clicks the first frame link of a check; the timeline tab opens on that exchange. */
  async showEvidence(id) {
    const link = this.row(id).locator('[data-testid="check-evidence"]').first();
    const sendId = await link.getAttribute("data-send-id");
    await link.click();
    const card = this.page.locator(`[data-testid="exchange-card"][data-send-id="${sendId}"]`);
    await this.page.waitForSelector(`[data-testid="exchange-card"][data-send-id="${sendId}"][data-focused="true"]`, {
      state: "visible",
      timeout: 10_000,
    });
    return card;
  }
}
