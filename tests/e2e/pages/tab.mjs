// What the page objects of the playground share: the playground page they live on, opening it, and opening their tab.
export class PlaygroundPart {
  constructor(pg) {
    this.pg = pg;
    this.page = pg.page;
  }

  /** The playground opened (with the tab `tab` showing, when given), with this part of it at hand. */
  static async open(pg, tab) {
    await pg.open();
    if (tab) await pg.openTab(tab);
    return new this(pg);
  }

  tid(id) {
    return this.pg.tid(id);
  }
}

export class TabPage extends PlaygroundPart {
  /** `tab` names the tab button (tab-<tab>); `panel` is what shows once it is open. */
  constructor(pg, tab, panel, openTimeoutMs) {
    super(pg);
    this.tabId = `tab-${tab}`;
    this.panelId = panel;
    this.openTimeoutMs = openTimeoutMs;
  }

  /** The playground opened (on the preset `target`, when given) with this tab open. */
  static async openOn(pg, target) {
    await pg.openOn(target);
    const tab = new this(pg);
    await tab.open();
    return tab;
  }

  /** The playground opened in a window of `size` with this tab open. */
  static async openAt(pg, size) {
    await pg.openAt(size);
    const tab = new this(pg);
    await tab.open();
    return tab;
  }

  async open() {
    await this.tid(this.tabId).click();
    await this.tid(this.panelId).waitFor(this.openTimeoutMs ? { timeout: this.openTimeoutMs } : undefined);
  }
}
