// End-to-end cases of the Tasks view (issue 19), in real Chromium against the embedded tasks server.
export function register({ test, assert }) {
  test("Tasks: confirm_booking through the diagram — working, input_required answered with tasks/update (not a retry), working, completed", async ({ pg, page }) => {
    await pg.open();
    await pg.chooseTarget("tasks-stdio");
    await pg.tid("tab-tasks").click();
    const panel = page.locator('[data-testid="tasks-panel"]');
    await panel.locator('[data-testid="task-tool"]').fill("confirm_booking");
    await panel.locator('[data-testid="task-arguments"]').fill('{"room": "Lab 3"}');
    await panel.locator('[data-testid="task-start"]').click();
    const card = panel.locator('[data-testid="task-card"]').first();
    await card.locator('[data-testid="task-state-input_required"][data-current="true"]').waitFor({ timeout: 20_000 });
    const message = await card.locator('[data-testid="mrtr-message"]').innerText();
    assert(message === "Book Lab 3 on 2026-09-10?", `question: ${message}`);
    const why = await card.locator('[data-testid="task-move"][data-to="input_required"]').innerText();
    assert(why.includes("answered with tasks/update (not a retry)"), `why it moved: ${why}`);
    // Polling goes on while the question waits; it is shown once however many polls repeat it.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="task-card"] [data-testid="task-exchange"][data-method="tasks/get"]').length >= 3, null, { timeout: 20_000 });
    assert((await card.locator('[data-testid="task-input-request"]').count()) === 1, "one question, however many polls");
    await card.locator('[data-testid="mrtr-accept-confirm"]').click();
    await card.locator('[data-testid="task-send-update"]').click();
    await card.locator('[data-testid="task-state-completed"][data-current="true"]').waitFor({ timeout: 20_000 });
    const states = await card.locator('[data-testid="task-move"]').evaluateAll((els) => els.map((e) => e.dataset.to));
    assert(states.join() === "working,input_required,working,completed", `moves: ${states.join()}`);
    const methods = await card.locator('[data-testid="task-exchange"]').evaluateAll((els) => els.map((e) => e.dataset.method));
    assert(methods.filter((m) => m === "tools/call").length === 1 && methods.filter((m) => m === "tasks/update").length === 1, `exchanges: ${methods.join()}`);
    const outcome = await card.locator('[data-testid="task-outcome"]').innerText();
    assert(outcome.includes("Booked Lab 3 on 2026-09-10"), `outcome: ${outcome}`);
    assert((await card.locator('[data-testid="task-edge-input_required-working"]').getAttribute("data-taken")) === "true", "the edge back to working is marked");
    // Every poll is a visible exchange in the timeline too.
    await pg.tid("tab-timeline").click();
    const labels = await page.locator("body").innerText();
    assert(labels.includes("confirm_booking: tasks/get"), "polls are labelled in the timeline");
  });

  test("Tasks: two tasks at once — long_import cancelled with tasks/cancel while slow_report completes", async ({ pg, page }) => {
    await pg.open();
    await pg.chooseTarget("tasks-stdio");
    await pg.tid("tab-tasks").click();
    const panel = page.locator('[data-testid="tasks-panel"]');
    await panel.locator('[data-testid="task-tool"]').fill("long_import");
    await panel.locator('[data-testid="task-start"]').click();
    await panel.locator('[data-testid="task-tool"]').fill("slow_report");
    await panel.locator('[data-testid="task-start"]').click();
    const longImport = panel.locator('[data-testid="task-card"]').nth(1);
    await longImport.locator('[data-testid="task-state-working"][data-current="true"]').waitFor({ timeout: 20_000 });
    await longImport.locator('[data-testid="task-cancel"]').click();
    await longImport.locator('[data-testid="task-state-cancelled"][data-current="true"]').waitFor({ timeout: 20_000 });
    const slow = panel.locator('[data-testid="task-card"]').nth(0);
    await slow.locator('[data-testid="task-state-completed"][data-current="true"]').waitFor({ timeout: 20_000 });
    const said = await longImport.locator('[data-testid="task-status-message"]').innerText();
    assert(/^Cancelled by tasks\/cancel: kept the \d+ of 6000 rows imported so far$/.test(said), `statusMessage: ${said}`);
  });
}
