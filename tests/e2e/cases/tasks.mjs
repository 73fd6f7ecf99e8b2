// End-to-end cases of the Tasks view (issue 19), in real Chromium against the embedded tasks server.
import { TasksPage, answerConfirm, waitForTaskState } from "../pages/tasks.mjs";

export function register({ test, assert }) {
  test("Tasks: confirm_booking through the diagram — working, input_required answered with tasks/update (not a retry), working, completed", async ({
    pg,
    page,
  }) => {
    const tasks = await TasksPage.openOn(pg, "tasks-stdio");
    await tasks.start("confirm_booking", '{"room": "Lab 3"}');
    const card = tasks.card();
    await waitForTaskState(card, "input_required");
    const message = await card.locator('[data-testid="mrtr-message"]').innerText();
    assert(message === "Book Lab 3 on 2026-09-10?", `question: ${message}`);
    const why = await card.locator('[data-testid="task-move"][data-to="input_required"]').innerText();
    assert(why.includes("answered with tasks/update (not a retry)"), `why it moved: ${why}`);
    // Polling goes on while the question waits; it is shown once however many polls repeat it.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="task-card"] [data-testid="task-exchange"][data-method="tasks/get"]')
          .length >= 3,
      null,
      { timeout: 20_000 },
    );
    assert(
      (await card.locator('[data-testid="task-input-request"]').count()) === 1,
      "one question, however many polls",
    );
    await answerConfirm(card);
    await waitForTaskState(card, "completed");
    const states = await card.locator('[data-testid="task-move"]').evaluateAll((els) => els.map((e) => e.dataset.to));
    assert(states.join() === "working,input_required,working,completed", `moves: ${states.join()}`);
    const methods = await card
      .locator('[data-testid="task-exchange"]')
      .evaluateAll((els) => els.map((e) => e.dataset.method));
    assert(
      methods.filter((m) => m === "tools/call").length === 1 &&
        methods.filter((m) => m === "tasks/update").length === 1,
      `exchanges: ${methods.join()}`,
    );
    const outcome = await card.locator('[data-testid="task-outcome"]').innerText();
    assert(outcome.includes("Booked Lab 3 on 2026-09-10"), `outcome: ${outcome}`);
    assert(
      (await card.locator('[data-testid="task-edge-input_required-working"]').getAttribute("data-taken")) === "true",
      "the edge back to working is marked",
    );
    // Every poll is a visible exchange in the timeline too.
    await pg.tid("tab-timeline").click();
    const labels = await page.locator("body").innerText();
    assert(labels.includes("confirm_booking: tasks/get"), "polls are labelled in the timeline");
  });

  test("Tasks: two tasks at once — long_import cancelled with tasks/cancel while slow_report completes", async ({
    pg,
  }) => {
    const tasks = await TasksPage.openOn(pg, "tasks-stdio");
    await tasks.start("long_import");
    await tasks.start("slow_report");
    const longImport = tasks.card(1);
    await waitForTaskState(longImport, "working");
    await longImport.locator('[data-testid="task-cancel"]').click();
    await waitForTaskState(longImport, "cancelled");
    await waitForTaskState(tasks.card(0), "completed");
    const said = await longImport.locator('[data-testid="task-status-message"]').innerText();
    assert(
      /^Cancelled by tasks\/cancel: kept the \d+ of 6000 rows imported so far$/.test(said),
      `statusMessage: ${said}`,
    );
  });

  test("Tasks: a task created from the editor is listed from the session's exchanges (as links and session files carry it) and Resume follows it to completed", async ({
    pg,
    page,
  }) => {
    await pg.openOn("tasks-stdio");
    const meta = {
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": { extensions: { "io.modelcontextprotocol/tasks": {} } },
    };
    await pg.setEditorRequest(1, "tools/call", { _meta: meta, name: "slow_report", arguments: { steps: 2 } });
    await pg.sendAndSettle();
    await pg.tid("tab-tasks").click();
    const recorded = page.locator('[data-testid="task-recorded"]');
    await recorded.first().waitFor({ timeout: 10_000 });
    assert(
      (await recorded.first().getAttribute("data-status")) === "working",
      "last seen working (the CreateTaskResult)",
    );
    await recorded.first().locator('[data-testid="task-recorded-resume"]').click();
    const card = new TasksPage(pg).card();
    await waitForTaskState(card, "completed");
    assert((await page.locator('[data-testid="task-recorded"]').count()) === 0, "a followed task is not listed twice");
    const moves = await card.locator('[data-testid="task-move"]').evaluateAll((els) => els.map((e) => e.dataset.to));
    assert(moves.at(-1) === "completed", `moves: ${moves.join()}`);
  });

  test("Tasks: Push on — subscriptions/listen with taskIds; confirm_booking's moves arrive as notifications/tasks, marked pushed on the diagram, polls relaxed", async ({
    pg,
  }) => {
    const tasks = await TasksPage.openOn(pg, "tasks-http");
    await tasks.tid("task-push").check();
    assert(
      (await tasks.tid("task-push-status").getAttribute("data-state")) === "idle",
      "no task yet: nothing to listen to",
    );
    await tasks.start("confirm_booking");
    await tasks.panel.locator('[data-testid="task-push-status"][data-state="listening"]').waitFor({ timeout: 20_000 });
    const card = tasks.card();
    // Asked mid-task (by a poll or a push: the ack may come after the first poll on a loaded machine).
    await waitForTaskState(card, "input_required");
    await answerConfirm(card);
    await waitForTaskState(card, "completed");
    // After the answer, polls wait 5 s while pushed: the booking's 1 s of work and its completion arrive by push.
    const moves = await card
      .locator('[data-testid="task-move"]')
      .evaluateAll((els) => els.map((e) => `${e.dataset.to}:${e.dataset.via}`));
    assert(moves.slice(-2).join() === "working:push,completed:push", `moves: ${moves.join()}`);
    assert(
      (await card.locator('[data-testid="task-move-pushed"]').count()) >= 2,
      "pushed moves carry the pushed badge",
    );
    assert(
      (await card.locator('[data-testid="task-edge-pushed-working-completed"]').count()) === 1,
      "the pushed edge is marked on the diagram",
    );
    const methods = await card
      .locator('[data-testid="task-exchange"]')
      .evaluateAll((els) => els.map((e) => e.dataset.method));
    assert(methods.includes("notifications/tasks"), `pushes on the poll line: ${methods.join()}`);
    const outcome = await card.locator('[data-testid="task-outcome"]').innerText();
    assert(outcome.includes("Booked") && outcome.includes("notifications/tasks"), `outcome: ${outcome}`);
  });

  test("Tasks: on another target the empty Tasks tab offers the tasks server in one click, and a task then works", async ({
    pg,
    page,
  }) => {
    await TasksPage.openOn(pg);
    await pg.tid("tasks-use-preset").click();
    assert(
      (await pg.tid("target-select").inputValue()) === "tasks-stdio",
      `target: ${await pg.tid("target-select").inputValue()}`,
    );
    assert((await pg.tid("tasks-use-preset").count()) === 0, "the offer goes once the tasks server is the target");
    await pg.tid("task-start").click();
    await page
      .locator('[data-testid="task-card"] [data-testid="task-state-completed"][data-current="true"]')
      .waitFor({ timeout: 40_000 });
  });
}
