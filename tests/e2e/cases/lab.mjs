// The experiments lab: the chapter's isolation experiment in one click, and the explicit-handle fix.
import { execFileSync } from "node:child_process";
import { thisTiersProcesses } from "../../leftover-processes.mjs";
import { CHAPTER_FRESH_PROCESS_VERDICTS, LabPage } from "../pages/lab.mjs";

async function runExperiment(pg, scriptId) {
  const lab = await LabPage.openWithScript(pg, scriptId);
  await lab.run();
  const column = pg.tid("lab-column-stdio-fresh-process");
  const lanes = await column.locator('[data-testid="lab-lane"]').allInnerTexts();
  const verdicts = await column.locator('[data-testid="lab-verdict"]').allInnerTexts();
  return { lanes, verdicts, column };
}

function pidsAlive(pids) {
  const table = execFileSync("ps", ["-eo", "pid="], { encoding: "utf8" })
    .split("\n")
    .map((l) => Number(l.trim()));
  return pids.filter((p) => table.includes(p));
}

export function register({ test, assert }) {
  registerLinks({ test, assert });
  test("lab: the chapter's experiment in one click shows three process lanes with distinct pids and the state-lost verdict", async ({
    pg,
    page,
  }) => {
    const { lanes, verdicts, column } = await runExperiment(pg, "chapter-isolation");
    const pids = lanes.map((l) => Number(/pid (\d+)/.exec(l)?.[1]));
    assert(lanes.length === 3 && new Set(pids).size === 3, `lanes: ${lanes.join(" | ")}`);
    assert(lanes[0].startsWith("process A") && lanes[2].startsWith("process C"), `lanes: ${lanes.join(" | ")}`);
    const steps = await column.locator('[data-testid="lab-step"]').allInnerTexts();
    assert(steps[0].includes("eyJ0aXRsZSI6IkRlbnRpc3QifQ=="), `step A: ${steps[0]}`);
    assert(steps[1].includes("Created e3: Dentist at 2026-09-10T08:30:00Z"), `step B: ${steps[1]}`);
    for (const verdict of CHAPTER_FRESH_PROCESS_VERDICTS)
      assert(
        verdicts.some((v) => v.startsWith(verdict)),
        `verdicts: ${verdicts.join(" | ")}`,
      );
    const kept = await pg.tid("lab-column-stdio-one-process").locator('[data-testid="lab-verdict"]').allInnerTexts();
    assert(
      kept.some((v) => v.startsWith("state kept")),
      `one-process verdicts: ${kept.join(" | ")}`,
    );
    const differing = await page.locator('[data-testid="lab-diff-row"][data-differs="true"]').count();
    assert(differing === 1, `the diff should mark exactly step C, marked ${differing}`);
    assert(pidsAlive(pids).length === 0, `lab processes still alive: ${pidsAlive(pids).join(", ")}`);
  });
  // "lab: the explicit-handle server keeps the event …" runs in the link case's page, after its link ran nothing.
}

export function registerLinks({ test, assert }) {
  test("lab: an experiment link opens the script and its conditions in the Lab tab and runs nothing until Run; lab: the explicit-handle server keeps the event even with a fresh process per message", async ({
    pg,
    ctx,
  }) => {
    const opened = await LabPage.openWithScript(pg, "explicit-handle");
    await pg.tid("lab-copy-link").click();
    const link = await pg.tid("lab-link").inputValue();
    assert(/#lab=[A-Za-z0-9_-]+$/.test(link), `link: ${link}`);
    const other = await ctx.context.newPage();
    await other.goto(link);
    await other.waitForSelector('[data-testid="lab-from-link"]', { timeout: 30_000 });
    const lab = await other.locator('[data-testid="lab"]').innerText();
    assert(
      lab.includes("whose state lives behind an opaque handle"),
      `the linked script should be loaded: ${lab.slice(0, 400)}`,
    );
    // The script is editable in Monaco (plain JSON there: the frame schema applies only to the frame editor).
    await other.locator('[data-testid="lab"] summary').first().click();
    await other.waitForSelector('[data-testid="lab-script-editor"] .monaco-editor .view-lines', { timeout: 30_000 });
    // The editor lays itself out after the <details> opens; wait until the script's lines are drawn.
    const shown = await other
      .waitForFunction(
        () =>
          document
            .querySelector('[data-testid="lab-script-editor"] .view-lines')
            ?.textContent?.includes("lab-script@1"),
        null,
        {
          timeout: 10_000,
        },
      )
      .then(() => true)
      .catch(() => false);
    const text = await other.locator('[data-testid="lab-script-editor"] .view-lines').innerText();
    assert(shown, `the editor should show the script: ${text.slice(0, 200)}`);
    assert((await other.locator('[data-testid="lab-verdict"]').count()) === 0, "a link must not run the experiment");
    // A fixed wait on purpose: it proves that nothing is spawned (an absence has no event to wait for).
    await other.waitForTimeout(1000);
    // This tier's processes only: `npm test` runs vitest beside e2e, and its tests start calendar-handles too.
    const running = thisTiersProcesses()
      .map((r) => r.args)
      .filter((l) => l.includes("calendar-handles.mjs"));
    assert(running.length === 0, `a link spawned: ${running.join(" | ")}`);
    await other.close();

    // The sharer's page runs the same script (issue 42: this opened a page of its own).
    await opened.run();
    const column = pg.tid("lab-column-stdio-fresh-process");
    const lanes = await column.locator('[data-testid="lab-lane"]').allInnerTexts();
    const verdicts = await column.locator('[data-testid="lab-verdict"]').allInnerTexts();
    assert(lanes.length === 4, `lanes: ${lanes.join(" | ")}`);
    assert(
      verdicts.some((v) => v.startsWith("state kept: step C lists e3")),
      `verdicts: ${verdicts.join(" | ")}`,
    );
  });
}
