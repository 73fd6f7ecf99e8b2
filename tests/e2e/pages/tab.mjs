// What the page objects of the playground's tabs share: the playground page they live on, and opening their tab.
export class TabPage {
  /** `tab` names the tab button (tab-<tab>); `panel` is what shows once it is open. */
  constructor(pg, tab, panel, openTimeoutMs) {
    this.pg = pg;
    this.page = pg.page;
    this.tabId = `tab-${tab}`;
    this.panelId = panel;
    this.openTimeoutMs = openTimeoutMs;
  }

  /** The playground opened (on the preset `target`, when given) with this tab open. */
  static async openOn(pg, target) {
    await pg.open();
    if (target) await pg.chooseTarget(target);
    const tab = new this(pg);
    await tab.open();
    return tab;
  }

  tid(id) {
    return this.pg.tid(id);
  }

  async open() {
    await this.tid(this.tabId).click();
    await this.tid(this.panelId).waitFor(this.openTimeoutMs ? { timeout: this.openTimeoutMs } : undefined);
  }
}
