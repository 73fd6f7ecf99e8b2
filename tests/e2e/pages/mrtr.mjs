// Page object for the MRTR studio (the MRTR tab): tests speak in user actions; selectors live here.
import { TabPage } from "./tab.mjs";

export class MrtrStudio extends TabPage {
  constructor(pg) {
    super(pg, "mrtr", "mrtr-panel", 20_000);
  }

  /** The playground opened on the preset `target`, the MRTR tab not open yet. */
  static async onTarget(pg, target) {
    await pg.open();
    await pg.chooseTarget(target);
    return new MrtrStudio(pg);
  }

  /** The newest conversation (they are listed newest first). */
  conversation() {
    return this.tid("mrtr-conversation").first();
  }

  async waitFor(status, rounds, timeout = 20_000) {
    const sel = `[data-testid="mrtr-conversation"][data-status="${status}"]${rounds ? `[data-rounds="${rounds}"]` : ""}`;
    await this.page.waitForSelector(sel, { timeout });
    return this.page.locator(sel).first();
  }

  request(key) {
    return this.page.locator(`[data-testid="mrtr-request"][data-key="${key}"]`).first();
  }

  async fill(key, field, value) {
    await this.tid(`mrtr-field-${key}-${field}`).first().fill(value);
  }

  async answer(key, action) {
    await this.tid(`mrtr-${action}-${key}`).first().click();
  }

  fieldError(key, field) {
    return this.tid(`mrtr-error-${key}-${field}`).first();
  }

  async compose() {
    await this.tid("mrtr-compose-retry").first().click();
    await this.tid("mrtr-composed").first().waitFor();
  }

  async requestState() {
    return (await this.tid("mrtr-request-state").first().innerText()).trim();
  }

  async departures() {
    return this.conversation()
      .locator('[data-testid="mrtr-departure"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-rule")));
  }

  async violations() {
    return this.conversation()
      .locator('[data-testid="mrtr-violation"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-rule")));
  }

  diagram() {
    return this.conversation().locator('[data-testid="mrtr-diagram"]');
  }

  async setRoundLimit(n) {
    await this.tid("mrtr-round-limit").fill(String(n));
  }
}
