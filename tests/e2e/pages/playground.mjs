// Page object for the playground: tests speak in user actions; selectors live here (the data-testid contract).
export class PlaygroundPage {
  constructor(page, base) {
    this.page = page;
    this.base = base;
  }

  tid(id) {
    return this.page.locator(`[data-testid="${id}"]`);
  }

  async open() {
    await this.page.goto(this.base + "/");
    await this.waitHydrated();
    await this.waitForEditor();
  }

  /** Opens the playground in a window of `size` ({ width, height }). */
  async openAt(size) {
    await this.page.setViewportSize(size);
    await this.open();
  }

  /** Opens the playground (on the preset `target`, when given) and sends the frame its editor holds; returns card #1's
   * status once it has settled (within `timeout` ms). */
  async openAndSend({ target, timeout } = {}) {
    await this.openOn(target);
    return this.sendAndSettle(1, timeout);
  }

  /** Opens the playground on the preset `target` (on the default one when none is given). */
  async openOn(target) {
    await this.open();
    if (target) await this.chooseTarget(target);
  }

  /** Opens the playground on the preset `target` with the tab `tab` (apps, skills) open, and presses its List button. */
  async openOnAndList(target, tab) {
    await this.openOn(target);
    await this.tid(`tab-${tab}`).click();
    await this.tid(`${tab}-panel`).waitFor();
    await this.tid(`${tab}-list`).click();
  }

  /** Opens the playground with the text `frame` in the editor. */
  async openWithFrame(frame) {
    await this.open();
    await this.setEditorText(frame);
  }

  /** Opens the playground on the preset `target` and probes its era; returns the verdict once the probe is over. */
  async openAndProbe(target) {
    await this.openOn(target);
    return this.probe();
  }

  /** Opens the playground with the client emulation switch `switchId` (e.g. "noMrtr") on. */
  async openEmulating(switchId) {
    await this.open();
    await this.emulate(switchId);
  }

  /** Opens a path (e.g. "/#lab=…") and waits for hydration only (a link may open another tab than the editor). */
  async openPath(path) {
    await this.page.goto(this.base + path);
    await this.waitHydrated();
  }

  /** Waits until the playground has hydrated (after a navigation or a reload). */
  async waitHydrated() {
    await this.page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
  }

  /** Reloads the page and waits until the playground has hydrated again (Monaco may still be on its way). */
  async reload() {
    await this.page.reload();
    await this.waitHydrated();
  }

  /** Waits until Monaco has drawn the frame editor's lines. */
  async waitForEditor() {
    await this.page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', {
      state: "visible",
      timeout: 30_000,
    });
  }

  /** Opens tab `id` by clicking it and waits until its panel shows. */
  async openTab(id) {
    await this.tid(`tab-${id}`).click();
    await this.page.locator(`#panel-${id}`).waitFor({ state: "visible" });
  }

  /** Waits until the process line says the target's process is `status` (running, exited, unknown, …). */
  async waitForProcess(status, timeout = 20_000) {
    await this.page.waitForSelector(`[data-testid="process-panel"][data-status="${status}"]`, { timeout });
  }

  /** Restarts the target's process from the process line and waits until the fresh one runs. */
  async restartProcess(timeout = 20_000) {
    await this.tid("process-restart").click();
    await this.waitForProcess("running", timeout);
  }

  /** The editor's text as Monaco renders it (all lines of a short frame are visible). */
  async editorText() {
    return (await this.page.locator('[data-testid="editor"] .view-lines').innerText()).replace(/\u00a0/g, " ");
  }

  /** The editor's text once it contains `needle` (Monaco paints a change on the next animation frame), or as it is after `timeout`. */
  async editorTextWith(needle, timeout = 5_000, contains = true) {
    await this.page
      .waitForFunction(
        ([n, wanted]) =>
          document
            .querySelector('[data-testid="editor"] .view-lines')
            ?.innerText.replace(/\u00a0/g, " ")
            .includes(n) === wanted,
        [needle, contains],
        { timeout },
      )
      .catch(() => {});
    return this.editorText();
  }

  /** The editor's text once `needle` is gone from it, or as it is after `timeout`. */
  editorTextWithout(needle, timeout = 5_000) {
    return this.editorTextWith(needle, timeout, false);
  }

  /** Clicks into the editor (Monaco), so the keyboard types there. */
  async focusEditor() {
    await this.page.locator('[data-testid="editor"] .monaco-editor').click();
  }

  /** Opens the envelope settings (the capabilities, the version and the client emulation switches). */
  async openEnvelopeSettings() {
    await this.tid("envelope-panel").locator("summary").click();
  }

  /** Turns a client emulation switch (e.g. "noMrtr") on or off in the envelope settings. */
  async emulate(switchId, on = true) {
    await this.openEnvelopeSettings();
    await this.tid(`envelope-emulate-${switchId}`).setChecked(on);
  }

  /** Puts the JSON-RPC request { id, method, params } in the editor (one line). */
  async setEditorRequest(id, method, params) {
    await this.setEditorText(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  }

  async setEditorText(text) {
    await this.focusEditor();
    await this.page.keyboard.press("ControlOrMeta+a");
    await this.page.keyboard.press("Delete");
    await this.page.keyboard.insertText(text);
  }

  async pressCtrlEnterInEditor() {
    await this.focusEditor();
    await this.page.keyboard.press("Control+Enter");
  }

  async chooseTarget(presetId) {
    await this.tid("target-select").selectOption(presetId);
  }

  /**
   * The app server keeps one stdio process per target for every browser; an earlier case on this server (cases run on
   * several servers, in no fixed order: tests/e2e/pool.mjs) may have left it running. Close it, so the next send spawns.
   */
  async closeKeptProcess() {
    const panel = '[data-testid="process-panel"]';
    await this.page.waitForSelector(`${panel}[data-status="running"], ${panel}[data-status="exited"]`, {
      timeout: 15_000,
    });
    if ((await this.page.getAttribute(panel, "data-status")) !== "running") return;
    await this.tid("process-close").click();
    await this.page.waitForSelector(`${panel}[data-status="exited"]`, { timeout: 15_000 });
  }

  /** A custom stdio target that runs `command`. */
  async chooseCustomStdio(command) {
    await this.chooseTarget("custom-stdio");
    await this.tid("custom-command").fill(command);
  }

  async chooseTemplate(templateId) {
    await this.tid("template-select").selectOption(templateId);
  }

  async send() {
    await this.tid("send").click();
  }

  cards() {
    return this.tid("exchange-card");
  }

  /** How many exchange cards the timeline shows, once every card's code has loaded (none is a placeholder box). */
  async cardCount() {
    await this.page.waitForFunction(() => !document.querySelector('[data-testid="exchange-card-loading"]'), null, {
      timeout: 30_000,
    });
    return this.cards().count();
  }

  card(seq) {
    return this.page.locator(`[data-testid="exchange-card"][data-seq="${seq}"]`);
  }

  /** Sends the editor's frame and waits until it has settled as card #seq; returns its status. */
  async sendAndSettle(seq = 1, timeout = undefined) {
    await this.send();
    return this.settled(seq, timeout);
  }

  /** server-everything's trigger-long-running-operation with a progressToken, sent as exchange `seq`; resolves once a
   * notifications/progress has reached the stderr & notifications pane (which must be open). */
  async sendProgressCall(seq, steps) {
    await this.setEditorRequest(seq, "tools/call", {
      name: "trigger-long-running-operation",
      arguments: { duration: 1, steps },
      _meta: { progressToken: "p1" },
    });
    await this.sendAndSettle(seq, 30_000);
    await this.page.waitForSelector('[data-testid="stderr-pane"] li[data-kind="notification"]', { timeout: 10_000 });
  }

  /** Waits until card #seq has settled and returns its status (response, error, notification, failure, …). */
  async settled(seq, timeout = 20_000) {
    const card = this.card(seq);
    await card.waitFor({ timeout });
    await this.page.waitForFunction(
      (s) => {
        const el = document.querySelector(`[data-testid="exchange-card"][data-seq="${s}"]`);
        return el && el.getAttribute("data-status") !== "pending";
      },
      seq,
      { timeout },
    );
    return card.getAttribute("data-status");
  }

  async traceText(seq) {
    return this.card(seq).locator('[data-testid="trace"]').innerText();
  }

  async openWire(seq) {
    await this.card(seq).locator('[data-testid="toggle-wire"]').click();
    return this.card(seq).locator('[data-testid="wire-view"]');
  }

  async markerCount() {
    return Number(await this.tid("marker-count").getAttribute("data-count"));
  }

  /** Waits until the marker count is zero ("none") or at least one ("some"). */
  async waitForMarkers(which, timeout = 10_000) {
    await this.page.waitForFunction(
      (w) => {
        const n = Number(document.querySelector('[data-testid="marker-count"]')?.getAttribute("data-count"));
        return w === "none" ? n === 0 : n > 0;
      },
      which,
      { timeout },
    );
  }

  async probe() {
    await this.tid("probe").click();
    await this.page.waitForSelector(
      '[data-testid="verdict"][data-status="done"], [data-testid="verdict"][data-status="error"]',
      { timeout: 40_000 },
    );
    return this.tid("verdict");
  }
}
