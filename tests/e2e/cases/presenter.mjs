// e2e cases for issue 27 item 11: presenter mode for a projector, and Reset demo servers for the start of a class.
import { COLOUR_RULES, WIDE_AND_NARROW, axeOn, eachSizeAndScheme, spills } from "../pages/a11y.mjs";

/** Waits (10 s at most) until the timeline's newest card has its top on screen; fails with `message` if it does not. */
async function newestCardInView(page, message) {
  await page
    .waitForFunction(
      () => {
        const cards = document.querySelectorAll('[data-testid="exchange-card"]');
        const r = cards[cards.length - 1].getBoundingClientRect();
        return r.top >= 0 && r.top < window.innerHeight;
      },
      null,
      { timeout: 10_000 },
    )
    .catch(() => {
      throw new Error(message);
    });
}

/** Projector: each control under the editor (problems, Explain this frame, Envelope settings) is what the user hits at
 * its own centre (scrolled into view if the column scrolls). */
async function editorCoversNothing(page, assert, where) {
  const found = await page.evaluate(() => {
    const out = [];
    const panel = document.querySelector('[data-testid="editor-panel"]');
    for (const el of [
      panel.querySelector('[data-testid="marker-count"] summary'),
      ...panel.querySelectorAll('[data-testid="explain-editor"] > div:first-child button'),
      panel.querySelector(":scope > details:last-of-type summary"),
    ]) {
      if (!el) {
        out.push("a control under the editor is missing");
        continue;
      }
      el.scrollIntoView({ block: "nearest" });
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + Math.min(8, r.width / 2), r.top + r.height / 2);
      if (!top || !(el === top || el.contains(top)))
        out.push(`"${el.textContent.trim().slice(0, 30)}" is covered by ${top?.tagName}.${top?.className}`);
    }
    return out;
  });
  assert(found.length === 0, `${where}: ${found.join("; ")}`);
}

/** In presenter mode no tab of the strip is cut off and the template menu ends inside the editor's column. */
async function tabsAndMenuOnScreen(pg, page, assert, scheme) {
  const cut = await page.$$eval('[role="tablist"] [role="tab"]', (tabs) =>
    tabs
      .filter((t) => {
        const r = t.getBoundingClientRect();
        const strip = t.parentElement.getBoundingClientRect();
        return r.left < strip.left - 1 || r.right > strip.right + 1 || r.right > window.innerWidth;
      })
      .map((t) => t.textContent),
  );
  assert(cut.length === 0, `${scheme}: tabs cut off in presenter mode: ${cut.join(", ")}`);
  const menu = await pg.tid("template-select").boundingBox();
  const column = await pg.tid("editor-panel").boundingBox();
  assert(
    menu.x + menu.width <= column.x + column.width + 1,
    `${scheme}: the template menu ends at ${menu.x + menu.width}, its column at ${column.x + column.width}`,
  );
  await page.screenshot({ path: `test-results/presenter-r4-1024-${scheme}.png` });
}

export function register({ test, assert }) {
  // Presenter mode at 1024×768, three cases' rules on one page (issue 42; everyday-r4's "presenter at 1024×768" and
  // "Projector" were cases of their own): off first, then on (scrolled up: the newest card comes into view), the tab
  // strip and the template menu in both themes, a send while scrolled up, and the reload last.
  test("Presenter: at 1024×768 one switch gives larger type, a collapsed header and every tab on screen (two rows), keeps the newest card in view, and is remembered; presenter at 1024×768: every tab is on screen (a second row), the template menu stays in its column, and turning it on shows the newest card; Projector: at 1024×768, presenter off and on, the editor never covers the lines under it (problems, Explain this frame, Envelope settings)", async ({
    pg,
    page,
  }) => {
    await pg.openAt({ width: 1024, height: 768 });
    const tabTops = () =>
      page.$$eval('[role="tablist"] [role="tab"]', (tabs) => [
        ...new Set(tabs.map((t) => Math.round(t.getBoundingClientRect().top))),
      ]);
    const fontSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    assert((await pg.tid("presenter-toggle").getAttribute("aria-checked")) === "false", "off by default");
    const before = { font: await fontSize(), header: (await page.locator("header").first().boundingBox()).height };
    // tools/list answered: the template menu also offers a template per tool (its longest labels).
    await pg.chooseTemplate("tools/list");
    for (let i = 1; i <= 6; i++) await pg.sendAndSettle(i);
    await editorCoversNothing(page, assert, "presenter false");

    // Turning it on while scrolled up to the first card brings the newest one into view.
    await page.evaluate(() =>
      document.querySelector('[data-testid="exchange-card"]')?.scrollIntoView({ block: "start" }),
    );
    await pg.tid("presenter-toggle").click();
    await page.waitForSelector('html[data-presenter="true"]');
    await newestCardInView(page, "turning presenter mode on left the newest card out of view");
    assert((await pg.tid("presenter-toggle").getAttribute("aria-checked")) === "true", "the switch says on");
    assert(before.font === "16px" && (await fontSize()) === "18px", `type: ${before.font} → ${await fontSize()}`);
    // The page's header (the first; each card has a header of its own by now).
    const header = (await page.locator("header").first().boundingBox()).height;
    assert(header < before.header, `the header collapses: ${before.header} → ${header}`);
    // Every tab on screen (issue 44 point 5): the strip wraps onto a second row rather than hiding six tabs sideways.
    assert((await tabTops()).length === 2, `the tab strip is two rows: tops ${JSON.stringify(await tabTops())}`);
    await editorCoversNothing(page, assert, "presenter true");
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      await tabsAndMenuOnScreen(pg, page, assert, scheme);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // The newest card stays in view, even after scrolling back up to an older one.
    await page.evaluate(() =>
      document.querySelector('[data-testid="exchange-card"]')?.scrollIntoView({ block: "start" }),
    );
    await pg.sendAndSettle(7);
    await newestCardInView(page, "a send in presenter mode left the newest card out of view");
    await page.screenshot({ path: "test-results/presenter-1024.png" });

    await pg.reload();
    assert((await page.getAttribute("html", "data-presenter")) === "true", "remembered after a reload");
    assert((await pg.tid("presenter-toggle").getAttribute("aria-checked")) === "true", "the switch still says on");
    await pg.tid("presenter-toggle").click();
    await page.waitForFunction(() => !document.documentElement.hasAttribute("data-presenter"));
    assert((await fontSize()) === "16px", "off again");
  });

  test("Presenter and Reset: the switch and the button show at 1440×900 and 800×700, light and dark, presenter on and off, with no axe violation", async ({
    pg,
    page,
  }) => {
    const found = [];
    await pg.open();
    await eachSizeAndScheme(page, WIDE_AND_NARROW, async (size, scheme) => {
      for (const on of [false, true]) {
        if ((await pg.tid("presenter-toggle").getAttribute("aria-checked")) !== String(on))
          await pg.tid("presenter-toggle").click();
        for (const id of ["presenter-toggle", "reset-demo-servers"]) {
          const box = await pg.tid(id).boundingBox();
          assert(
            box && box.x >= 0 && box.x + box.width <= size.width + 1 && (await pg.tid(id).isVisible()),
            `${size.width} ${scheme} presenter ${on}: ${id} at ${JSON.stringify(box)}`,
          );
        }
        const spilt = await spills(page, "header");
        assert(spilt.length === 0, `${size.width} ${scheme} presenter ${on}: ${spilt.join("; ")}`);
        // The dark pass runs the colour rules only: the light pass has read the same DOM with every rule (issue 42).
        const rules = scheme === "dark" ? COLOUR_RULES : undefined;
        found.push(...(await axeOn(page, "header", `${size.width} ${scheme} presenter ${on}`, { rules })));
      }
      await page.screenshot({ path: `test-results/presenter-${size.width}-${scheme}.png` });
    });
    await pg.tid("reset-demo-servers").click();
    await pg.tid("reset-demo-confirm").waitFor();
    found.push(...(await axeOn(page, '[data-testid="reset-demo-confirm"]', "the reset confirmation")));
    await page.keyboard.press("Escape");
    assert(found.length === 0, `axe:\n${found.join("\n")}`);
  });

  test("Reset demo servers: after a confirmation, an event created earlier is gone from the calendar and the process line says it was closed", async ({
    pg,
    page,
  }) => {
    await pg.openAt({ width: 1440, height: 900 });
    await pg.chooseTemplate("tools/call");
    assert((await pg.sendAndSettle()) === "response", `create_event: ${await pg.traceText(1)}`);
    await pg.chooseTemplate("resources/read");
    await pg.sendAndSettle(2);
    await pg.openWire(2);
    assert((await pg.card(2).innerText()).includes("Dentist"), "the event is on the calendar before the reset");

    await pg.tid("reset-demo-servers").click();
    const confirm = await pg.tid("reset-demo-confirm").innerText();
    assert(confirm.includes("Reset the demo servers?") && confirm.includes("seed events"), `confirmation: ${confirm}`);
    await pg.tid("reset-demo-confirm-yes").click();
    await page.waitForSelector('[data-testid="reset-demo-status"][data-ok="true"]', { timeout: 20_000 });
    const status = await pg.tid("reset-demo-status").innerText();
    assert(status.includes("closed calendar (stdio)"), `status: ${status}`);
    await page.waitForSelector('[data-testid="process-panel"]:not([data-status="running"])', { timeout: 10_000 });

    await pg.chooseTemplate("resources/read");
    await pg.sendAndSettle(3);
    await pg.openWire(3);
    const after = await pg.card(3).innerText();
    assert(
      after.includes("Standup") && !after.includes("Dentist"),
      `after the reset the calendar has only its seed events: ${after.slice(0, 600)}`,
    );
  });
}
