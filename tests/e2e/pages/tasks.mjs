// Page object for the Tasks tab (the data-testid contract of components/tasks/): tests speak in user actions.
export class TasksPage {
  constructor(pg) {
    this.pg = pg;
    this.panel = pg.page.locator('[data-testid="tasks-panel"]');
  }

  /** The playground opened (on the preset `target`, when given) with the Tasks tab open. */
  static async openOn(pg, target) {
    await pg.openOn(target);
    await pg.tid("tab-tasks").click();
    return new TasksPage(pg);
  }

  tid(id) {
    return this.panel.locator(`[data-testid="${id}"]`);
  }

  /** Starts `tool` as a task (with `args`, the arguments' JSON text, when given). */
  async start(tool, args) {
    await this.tid("task-tool").fill(tool);
    if (args !== undefined) await this.tid("task-arguments").fill(args);
    await this.tid("task-start").click();
  }

  /** The n-th task card (the newest first). */
  card(n = 0) {
    return this.tid("task-card").nth(n);
  }
}

/** Waits until `card`'s diagram shows `state` as the current one. */
export async function waitForTaskState(card, state) {
  await card.locator(`[data-testid="task-state-${state}"][data-current="true"]`).waitFor({ timeout: 20_000 });
}

/** Accepts the confirm question on `card` and sends the answer with tasks/update. */
export async function answerConfirm(card) {
  await card.locator('[data-testid="mrtr-accept-confirm"]').click();
  await card.locator('[data-testid="task-send-update"]').click();
}
