// The everyday path, round 3 (issue 27 bugs 1–8): sharing leaves the sharer's page alone, a reload however quick
// keeps what was on screen, the process line tells the truth in link views, the legacy era is followed everywhere,
// Start fresh can be undone, Checks and Diagnose clean up after themselves, one client emulation, and small truths.
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { ChecksPage } from "../pages/checks.mjs";
import { SharePage, fragmentOf } from "../pages/share.mjs";
import { openASessionToShare } from "../steps/share.mjs";
import { TasksPage, waitForTaskState } from "../pages/tasks.mjs";

const shot = (page, name) =>
  page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots", `everyday-r3-${name}.png`) });
const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const ENV = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};
const DISCOVER = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENV } });
/** A recorded server/discover and its reply, as a shared link carries it. */
const DISCOVERED = {
  sent: DISCOVER,
  durationMs: 10,
  received: [
    {
      jsonrpc: "2.0",
      id: 1,
      result: {
        resultType: "complete",
        supportedVersions: ["2026-07-28"],
        capabilities: {},
        serverInfo: { name: "calendar", version: "1" },
      },
    },
  ],
};

/** Counts (and lets through) every call the page makes to the bridge and the auth routes. */
function countCalls(page) {
  const calls = [];
  page.on("request", (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith("/api/bridge/") || p.startsWith("/api/auth/")) calls.push(p);
  });
  return calls;
}

async function reloadAndWaitRestored(pg) {
  await pg.reload();
  await pg.tid("saved-session-notice").waitFor({ timeout: 15_000 });
}

export function register({ test, assert }) {
  // ---- bug 1 ------------------------------------------------------------------------------------------------
  test("Share link leaves the sharer's address bar and page alone: a later reload brings back the live session, not the link read-only", async ({
    pg,
    page,
  }) => {
    const sp = await openASessionToShare(pg);
    const { url } = await sp.share();
    assert(url.includes("#v=1&s="), `the link: ${url.slice(0, 60)}`);
    await page.keyboard.press("Escape");
    const address = await page.evaluate(() => location.href);
    assert(!address.includes("#"), `the sharer's address bar changed to ${address.slice(0, 80)}`);
    await pg.chooseTemplate("tools/list");
    await pg.sendAndSettle(2, 30_000);
    await reloadAndWaitRestored(pg);
    assert((await pg.tid("link-banner").count()) === 0, "the reload reopened the link read-only");
    assert(
      (await pg.cardCount()) === 2,
      `cards after the reload: ${await pg.cardCount()} (the exchange sent after sharing must be there)`,
    );
  });

  test("Close on a link's banner makes the cards the user's own: the link leaves the address bar and a reload keeps them", async ({
    pg,
    page,
    srv,
  }) => {
    const sp = new SharePage(page, srv.base);
    await sp.openLink("/" + fragmentOf({ target: CALENDAR, exchanges: [DISCOVERED] }));
    await sp.tid("close-link").click();
    assert((await page.evaluate(() => location.hash)) === "", "the fragment stayed after Close");
    await pg.setEditorText('{"jsonrpc":"2.0","id":5,"method":"prompts/list","params":{}}');
    await reloadAndWaitRestored(pg);
    assert(
      (await pg.tid("link-banner").count()) === 0 && (await pg.cardCount()) === 1,
      "the closed link's card is kept as the session",
    );
  });

  // ---- bug 2 ------------------------------------------------------------------------------------------------
  test("a reload right after a reply keeps that exchange and the chosen target (the session is written on pagehide, not only after a pause)", async ({
    pg,
  }) => {
    await pg.openAndSend({ target: "mrtr-scenarios-stdio", timeout: 30_000 });
    // No wait: the reload follows the reply at once.
    await reloadAndWaitRestored(pg);
    assert((await pg.cardCount()) === 1, `cards after a quick reload: ${await pg.cardCount()}`);
    assert(
      (await pg.tid("target-select").inputValue()) === "mrtr-scenarios-stdio",
      `target after the reload: ${await pg.tid("target-select").inputValue()}`,
    );
  });

  // ---- bug 3 ------------------------------------------------------------------------------------------------
  test("a page opened from a link never says 'not started' about a process it did not ask about: it says so, and Check asks", async ({
    pg,
    page,
    srv,
  }) => {
    await pg.openAndSend({ timeout: 30_000 });
    await pg.waitForProcess("running");
    const pid = (await pg.tid("process-status").innerText()).match(/pid (\d+)/)?.[1];
    const sp = new SharePage(page, srv.base);
    const calls = countCalls(page);
    await sp.openLink("/" + fragmentOf({ target: CALENDAR, exchanges: [DISCOVERED] }));
    await page
      .waitForSelector('[data-testid="process-panel"][data-status="unknown"]', { timeout: 10_000 })
      .catch(async () => {
        throw new Error(`process line in the link view: ${await pg.tid("process-status").innerText()}`);
      });
    const line = await pg.tid("process-status").innerText();
    await shot(page, "link-process-line");
    assert(!line.includes("not started") && line.startsWith("not checked"), `process line in the link view: ${line}`);
    assert(calls.length === 0, `the link view called ${calls.join(", ")}`);
    await pg.tid("process-check").click();
    await pg.waitForProcess("running", 10_000);
    const after = await pg.tid("process-status").innerText();
    assert(
      after.includes(`pid ${pid} · running · started`),
      `after Check: ${after} (the running process is pid ${pid})`,
    );
  });

  // ---- bug 4 ------------------------------------------------------------------------------------------------
  test("on a legacy target the status line and the generic templates follow the legacy era (no 2026-07-28 claim, no _meta)", async ({
    pg,
  }) => {
    const verdict = await pg.openAndProbe("everything-stdio");
    assert((await verdict.getAttribute("data-era")) === "legacy", `verdict: ${await verdict.innerText()}`);
    await pg.chooseTemplate("tools/list");
    const text = await pg.editorTextWith('"method": "tools/list"');
    assert(
      text.includes('"method": "tools/list"') && !text.includes("_meta"),
      `tools/list on a legacy target: ${text}`,
    );
    await pg.waitForMarkers("none");
    const status = await pg.tid("marker-count").locator("summary").innerText();
    assert(status === "no problems: a valid legacy-era (2025-11-25) client message", `status line: ${status}`);
  });

  // ---- bug 5 ------------------------------------------------------------------------------------------------
  test("Start fresh clears the session in one click and offers Undo, which brings back the timeline, the editor and the target", async ({
    pg,
    page,
  }) => {
    await pg.openAndSend({ target: "mrtr-scenarios-stdio", timeout: 30_000 });
    await pg.setEditorText('{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}');
    await pg.tid("start-fresh-bar").click();
    await pg.tid("timeline-empty").waitFor();
    const said = await pg.tid("start-fresh-done").innerText();
    assert(said.startsWith("Started fresh: 1 exchange"), `the undo notice: ${said}`);
    assert((await pg.tid("target-select").inputValue()) !== "mrtr-scenarios-stdio", "Start fresh resets the target");
    await shot(page, "start-fresh-undo");
    await pg.tid("start-fresh-undo").click();
    await pg.card(1).waitFor();
    assert((await pg.tid("target-select").inputValue()) === "mrtr-scenarios-stdio", "Undo brings the target back");
    assert((await pg.editorTextWith('"tools/list"')).includes('"tools/list"'), "Undo brings the editor text back");
    assert((await pg.tid("start-fresh-done").count()) === 0, "the notice goes with Undo");
    await reloadAndWaitRestored(pg);
    assert((await pg.cardCount()) === 1, "the undone session is the saved one again");
  });

  // ---- bug 6 ------------------------------------------------------------------------------------------------
  // "a Checks run leaves no MRTR conversation waiting…" shares its run with the Checks export case (report-tools.mjs).
  test("Diagnose on a process that never answers: says the page's own timeout control, says its verdict once, and ends the hung process", async ({
    pg,
    page,
  }) => {
    const checks = await ChecksPage.openOn(pg, 'node -e "setInterval(()=>{},1000)"');
    await pg.tid("timeout-input").fill("1500");
    await checks.tid("doctor-run").click();
    const result = checks.tid("doctor-result");
    await result.waitFor({ timeout: 60_000 });
    const rung = page.locator('[data-testid="doctor-rung"][data-ok="false"]');
    assert(
      (await rung.getAttribute("data-problem")) === "timeout",
      `problem: ${await rung.getAttribute("data-problem")}`,
    );
    const advice = await checks.tid("doctor-advice").innerText();
    assert(!advice.includes("--timeout") && advice.includes("the timeout field above the frame"), `advice: ${advice}`);
    const all = await result.innerText();
    const sentence = "No answer within 1500 ms";
    assert(all.split(sentence).length === 2, `the verdict is said ${all.split(sentence).length - 1} times:\n${all}`);
    await checks.tid("doctor-ended-process").waitFor();
    await pg.waitForProcess("exited", 10_000);
    await shot(page, "doctor-hung");
  });

  // ---- bug 7 ------------------------------------------------------------------------------------------------
  test("client emulation is one setting: the Checks tab and Envelope settings show and change the same switch", async ({
    pg,
  }) => {
    await pg.openEmulating("noMrtr");
    await ChecksPage.openedOn(pg);
    assert(await pg.tid("emulate-noMrtr").isChecked(), "the Checks tab shows the envelope's switch as on");
    await pg.tid("emulate-noMrtr").uncheck();
    await pg.tid("tab-timeline").click();
    assert(
      !(await pg.tid("envelope-emulate-noMrtr").isChecked()),
      "turning it off in Checks turns it off for every Send",
    );
    const summary = await pg.tid("envelope-emulation-summary").innerText();
    assert(summary.startsWith("Off"), `envelope summary: ${summary}`);
  });

  // ---- bug 8 ------------------------------------------------------------------------------------------------
  for (const [name, size, where] of [
    ["1440×900", { width: 1440, height: 900 }, "on the left"],
    ["800×700", { width: 800, height: 700 }, "in the editor above"],
  ]) {
    test(`the empty timeline points to where the editor is at ${name} (${where})`, async ({ pg }) => {
      await pg.openAt(size);
      const text = await pg.tid("timeline-empty").innerText();
      assert(text.startsWith(`Press Ctrl+Enter to send the frame ${where} to `), `empty timeline: ${text}`);
    });
  }

  test("a task's id stays inside its card at 800×700 (wrapped, not cut)", async ({ pg, page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    const tasks = await TasksPage.openOn(pg, "tasks-stdio");
    await tasks.start("slow_report");
    const card = tasks.card();
    await waitForTaskState(card, "completed");
    const box = await card.evaluate((c) => {
      const id = c.querySelector('[data-testid="task-id"]');
      const r = c.getBoundingClientRect();
      const i = id.getBoundingClientRect();
      return {
        cardRight: r.right,
        idRight: i.right,
        idText: id.textContent,
        visible: id.closest("span").scrollWidth <= id.closest("span").clientWidth,
      };
    });
    await card.scrollIntoViewIfNeeded();
    await shot(page, "task-id-800");
    assert(box.idRight <= box.cardRight && box.visible, `task id overflows its card: ${JSON.stringify(box)}`);
  });
}
