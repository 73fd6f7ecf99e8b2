// Page object for the Cache tab (and the cache marks on timeline cards). Selectors live here.
import { PlaygroundPart } from "./tab.mjs";

export class CachePage extends PlaygroundPart {
  /** The playground opened (on the preset `target`, when given), the timeline showing. */
  static async on(pg, target) {
    await pg.openOn(target);
    return new CachePage(pg);
  }

  /** The playground opened (on the preset `target`, when given) with the client cache switched on. */
  static async openWithCacheOn(pg, target) {
    const cache = await CachePage.on(pg, target);
    await cache.enable();
    return cache;
  }

  /** The playground opened (on the preset `target`, when given) with the Cache tab open. */
  static async openOn(pg, target) {
    const cache = await CachePage.on(pg, target);
    await cache.openTab();
    return cache;
  }

  async openTab() {
    await this.pg.tid("tab-cache").click();
    await this.pg.tid("cache-panel").waitFor();
  }

  async openTimeline() {
    await this.pg.tid("tab-timeline").click();
    await this.pg.tid("timeline").waitFor();
  }

  /** Switches the client cache on (from the Cache tab) and comes back to the timeline. */
  async enable() {
    await this.openTab();
    await this.pg.tid("cache-toggle").check();
    await this.page.waitForSelector('[data-testid="cache-toggle"][data-enabled="true"]');
    await this.openTimeline();
  }

  badge(seq) {
    return this.pg.card(seq).locator('[data-testid="cache-badge"]');
  }

  served(seq) {
    return this.pg.card(seq).locator('[data-testid="served-from-cache"]');
  }

  entry(keyLabel) {
    return this.page.locator(`[data-testid="cache-entries"] [data-testid="cache-entry"][data-key="${keyLabel}"]`);
  }

  /** Wire rows of card #seq by kind (stdin, stdout, http-request, note, …). */
  async wireKinds(seq) {
    const wire = await this.pg.openWire(seq);
    return wire.locator('[data-testid="wire-row"]').evaluateAll((rows) => rows.map((r) => r.getAttribute("data-kind")));
  }

  async openListen(uris = "calendar://week") {
    await this.pg.tid("listen-uris").fill(uris);
    await this.pg.tid("listen-open").click();
    await this.page.waitForSelector('[data-testid="listen-stream"][data-status="open"]', { timeout: 20_000 });
  }

  /** Waits for the n-th notification of the newest stream and returns its text. */
  async notification(n = 1) {
    const items = this.page.locator('[data-testid="listen-notification"]');
    await items.nth(n - 1).waitFor({ timeout: 20_000 });
    return items.nth(n - 1).innerText();
  }

  async closeListen() {
    await this.pg.tid("listen-close").click();
    await this.page.waitForSelector('[data-testid="listen-stream"][data-status="ended"]', { timeout: 20_000 });
    return this.pg.tid("listen-status").innerText();
  }

  /** Replays the editor's frame as both gateway users and returns [{user, decision, text}]. */
  /** Chooses the template `templateId`, opens the Cache tab and replays the gateway: each step's user and decision. */
  async replayGatewayOf(templateId) {
    await this.pg.chooseTemplate(templateId);
    await this.openTab();
    return this.replayGateway();
  }

  async replayGateway() {
    const list = this.pg.tid("gateway-steps");
    const run = (await list.count()) === 0 ? 1 : Number(await list.getAttribute("data-run")) + 1;
    await this.pg.tid("gateway-replay").click();
    await this.page.waitForSelector(`[data-testid="gateway-steps"][data-run="${run}"]`, { timeout: 30_000 });
    const steps = this.page.locator('[data-testid="gateway-step"]');
    const out = [];
    for (let i = 0; i < (await steps.count()); i++) {
      const s = steps.nth(i);
      out.push({
        user: await s.getAttribute("data-user"),
        decision: await s.getAttribute("data-decision"),
        text: await s.innerText(),
      });
    }
    return out;
  }

  /** Runs "Check all cacheable methods" and returns the summary text and [{method, violations: [rule]}]. */
  async audit() {
    await this.pg.tid("cache-audit-run").click();
    await this.pg.tid("cache-audit-summary").waitFor({ timeout: 30_000 });
    await this.page.waitForSelector('[data-testid="cache-audit-run"]:not([disabled])', { timeout: 30_000 });
    const rows = this.page.locator('[data-testid="cache-audit-row"]');
    const out = [];
    for (let i = 0; i < (await rows.count()); i++) {
      const row = rows.nth(i);
      const rules = await row
        .locator('[data-testid="cache-violation"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-rule")));
      out.push({ method: await row.getAttribute("data-method"), rules });
    }
    return { summary: await this.pg.tid("cache-audit-summary").innerText(), rows: out };
  }
}
