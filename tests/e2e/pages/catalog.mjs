// Page object for the Catalogue tab (the data-testid contract of components/tokens/).
import { TabPage } from "./tab.mjs";

export class CataloguePage extends TabPage {
  constructor(pg) {
    super(pg, "catalog", "catalog-panel");
  }

  /** The bill of the preset `target` (the default one when not given), fetched after the `handshake` when given. */
  static async billOf(pg, target, handshake) {
    const cat = await CataloguePage.openOn(pg, target);
    if (handshake) await cat.setHandshake(handshake);
    await cat.fetch();
    return cat;
  }

  async setHandshake(handshake) {
    await this.tid("catalog-handshake").selectOption(handshake);
  }

  /** Clicks Fetch and waits until the bill is on screen (or the fetch failed). */
  async fetch(timeout = 60_000) {
    await this.tid("catalog-fetch").click();
    await this.waitSettled(timeout);
  }

  async waitSettled(timeout = 30_000) {
    await this.page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="catalog-panel"]');
        return (
          el && (el.getAttribute("data-status") === "billed" || document.querySelector('[data-testid="catalog-error"]'))
        );
      },
      null,
      { timeout },
    );
  }

  /** A figure of the summary (bill-tools-tokens, bill-total, …) as a number. */
  async figure(id) {
    return Number(await this.tid(id).getAttribute("data-value"));
  }

  /** [name, tokens] of every row, in the order shown. */
  async rows() {
    return this.page.$$eval('[data-testid="bill-row"]', (rows) =>
      rows.map((r) => [r.getAttribute("data-tool"), Number(r.getAttribute("data-tokens"))]),
    );
  }

  async measuredNote() {
    return this.tid("measured-note").innerText();
  }

  async editTool(name) {
    await this.page.locator(`[data-testid="bill-row"][data-tool="${name}"] [data-testid="bill-edit"]`).click();
    return this.tid("whatif-text");
  }

  /** Waits until the panel is billed and figure `id` compares to `value` ("<", "===", "!=="), then returns it. */
  async waitFigure(id, op, value, timeout = 15_000) {
    await this.page.waitForFunction(
      ([tid, o, want]) => {
        const el = document.querySelector(`[data-testid="${tid}"]`);
        if (!el || document.querySelector('[data-testid="catalog-panel"]')?.getAttribute("data-status") !== "billed")
          return false;
        const v = Number(el.getAttribute("data-value"));
        return o === "<" ? v < want : o === "===" ? v === want : v !== want;
      },
      [id, op, value],
      { timeout },
    );
    return this.figure(id);
  }

  /** A tall window, so a screenshot shows the whole bill (the panels scroll inside the page otherwise). */
  async screenshot(path) {
    await this.page.setViewportSize({ width: 1440, height: 2100 });
    await this.page.screenshot({ path });
  }
}
