// e2e cases for issue 27 item 10: saved frames per target, search, run again, history, and collections that run in
// order (stopping at the first error) and travel as a link that never acts by itself.
import { COLOUR_RULES, WIDE_AND_NARROW, axeOn, eachSizeAndScheme, spills } from "../pages/a11y.mjs";
import { SavedPage } from "../pages/saved.mjs";
import { request } from "../steps/frames.mjs";

const WIDE = { width: 1440, height: 900 };

const LIST = request(1, "tools/list");
const BROKEN = { ...LIST, id: 2, method: "no/such-method" };

/** Cards whose label starts with `prefix`, once `n` of them have settled (the timeline may be hidden behind a tab). */
async function settledLabelled(page, prefix, n, timeout = 30_000) {
  await page.waitForFunction(
    ([p, count]) =>
      [...document.querySelectorAll('[data-testid="exchange-card"]')].filter(
        (c) =>
          c.querySelector('[data-testid="exchange-label"]')?.textContent?.startsWith(p) &&
          c.getAttribute("data-status") !== "pending",
      ).length >= count,
    [prefix, n],
    { timeout },
  );
  return page.$$eval(
    '[data-testid="exchange-card"]',
    (cards, p) =>
      cards
        .map((c) => ({
          label: c.querySelector('[data-testid="exchange-label"]')?.textContent ?? "",
          status: c.getAttribute("data-status"),
        }))
        .filter((c) => c.label.startsWith(p)),
    prefix,
  );
}

/** The Saved panel (a frame and a collection in it) fits, shows its controls and passes axe at 1440×900 and 800×700,
 * light and dark (the dark pass: the colour rules; the light pass has read the same DOM with every rule). */
async function panelFitsEverywhere(pg, page, assert) {
  const found = [];
  await eachSizeAndScheme(page, WIDE_AND_NARROW, async (size, scheme) => {
    const box = await pg.tid("saved-list").boundingBox();
    assert(
      box && box.width > 200 && box.x + box.width <= size.width + 1,
      `${size.width} ${scheme}: list box ${JSON.stringify(box)}`,
    );
    for (const id of ["saved-save", "saved-item", "collection-run"])
      assert(await pg.tid(id).first().isVisible(), `${size.width} ${scheme}: ${id} shows`);
    const spilt = await spills(page, '[data-testid="saved-panel"]');
    assert(spilt.length === 0, `${size.width} ${scheme}: ${spilt.join("; ")}`);
    await page.screenshot({ path: `test-results/saved-${size.width}-${scheme}.png` });
    const rules = scheme === "dark" ? COLOUR_RULES : undefined;
    found.push(...(await axeOn(page, '[data-testid="saved-panel"]', `${size.width} ${scheme}`, { rules })));
  });
  assert(found.length === 0, `axe:\n${found.join("\n")}`);
}

export function register({ test, assert }) {
  // The panel's look is checked on the list this case made (issue 42: it was a case of its own, "Saved: the panel fits
  // and is labelled …", which only saved a frame and made a collection to have something to show).
  test("Saved: a named frame is kept with its target, found by search, survives a reload, and Run sends it again onto the timeline; Saved: the panel fits and is labelled at 1440×900 and 800×700, light and dark, with no axe violation", async ({
    pg,
    page,
  }) => {
    await pg.openAt(WIDE);
    await pg.setEditorText(JSON.stringify(LIST));
    const saved = new SavedPage(pg);
    await saved.open();
    await saved.saveEditorAs("Calendar tools");
    await pg.chooseTemplate("tools/call");
    await saved.saveEditorAs("Dentist");
    assert((await pg.tid("saved-item").count()) === 2, "two saved frames");
    const item = await saved.item("Dentist").innerText();
    assert(
      item.includes("tools/call create_event") && item.includes("calendar (stdio)"),
      `the item names its method and target: ${item}`,
    );

    await pg.tid("saved-search").fill("create_event");
    assert((await pg.tid("saved-item").count()) === 1, "search by method finds one");
    await pg.tid("saved-search").fill("");
    // Another target has its own list.
    await pg.chooseTarget("everything-stdio");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="saved-item"]').length === 0);
    await pg.tid("saved-all-targets").check();
    assert((await pg.tid("saved-item").count()) === 2, "all targets shows both");
    await pg.tid("saved-all-targets").uncheck();
    await pg.chooseTarget("calendar-stdio");

    await pg.reload();
    await saved.open();
    await saved.item("Calendar tools").waitFor();
    await saved.item("Calendar tools").locator('[data-testid="saved-run"]').click();
    const cards = await settledLabelled(page, "saved Calendar tools", 1);
    assert(cards[0].status === "response", `the run-again card: ${JSON.stringify(cards)}`);
    const history = await pg.tid("saved-history").innerText();
    assert(history.includes("tools/list"), `history on this target: ${history}`);

    // Saved: the panel fits and is labelled at 1440×900 and 800×700, light and dark, with no axe violation
    await saved.createCollection("Demo");
    await saved.addTo("Calendar tools", "Demo");
    await panelFitsEverywhere(pg, page, assert);
  });

  test("Saved: a collection runs its frames in order onto the timeline, stops at the first error, and shares as a link that shows it and runs only on a click", async ({
    pg,
    page,
    ctx,
    storageState,
  }) => {
    const saved = await SavedPage.openAt(pg, WIDE);
    await pg.setEditorText(JSON.stringify(LIST));
    await saved.saveEditorAs("one: tools list");
    await pg.chooseTemplate("server/discover");
    await saved.saveEditorAs("two: discover");
    await saved.createCollection("Class 1");
    const collection = page.locator('[data-testid="saved-collection"][data-name="Class 1"]');
    await collection.waitFor();
    for (const name of ["one: tools list", "two: discover"]) await saved.addTo(name, "Class 1");
    assert((await collection.innerText()).includes("(2 frames)"), `collection: ${await collection.innerText()}`);

    const urlBefore = page.url();
    await collection.locator('[data-testid="collection-share"]').click();
    const link = await pg.tid("collection-link").inputValue();
    assert(link.includes("/#collection="), `link: ${link}`);
    assert(page.url() === urlBefore, `sharing must not change the sharer's address bar: ${page.url()}`);

    await collection.locator('[data-testid="collection-run"]').click();
    await page.waitForSelector('[data-testid="collection-run-status"][data-status="finished"]', { timeout: 30_000 });
    const ran = await settledLabelled(page, "collection Class 1", 2);
    assert(
      ran.map((c) => c.label).join(" | ") ===
        "collection Class 1 · 1/2 one: tools list | collection Class 1 · 2/2 two: discover",
      `in order: ${ran.map((c) => c.label).join(" | ")}`,
    );

    // An error in the middle stops the run there.
    await pg.setEditorText(JSON.stringify(BROKEN));
    await saved.saveEditorAs("broken");
    await saved.addTo("broken", "Class 1");
    await collection.getByRole("button", { name: "Move broken up" }).click();
    await collection.locator('[data-testid="collection-run"]').click();
    await page.waitForSelector('[data-testid="collection-run-status"][data-status="stopped"]', { timeout: 30_000 });
    const status = await pg.tid("collection-run-status").innerText();
    assert(status.includes('stopped at 2/3 "broken"') && status.includes("-32601"), `status: ${status}`);
    const second = await settledLabelled(page, "collection Class 1 · ", 4);
    assert(
      second.length === 4 && !second.some((c) => c.label.includes("3/3")),
      `the frame after the error is not sent: ${second.map((c) => c.label).join(" | ")}`,
    );

    // The link in another browser (signed in, nothing saved) shows the collection and sends nothing until Run.
    const other = await ctx.context.browser().newContext({ storageState });
    const viewer = await other.newPage();
    await viewer.goto(link);
    await viewer.waitForSelector('[data-testid="collection-opened"]', { timeout: 30_000 });
    const opened = await viewer.locator('[data-testid="collection-opened"]').innerText();
    assert(
      opened.includes("Class 1") && opened.includes("Nothing has been sent") && opened.includes("one: tools list"),
      `opened: ${opened}`,
    );
    assert(
      (await viewer.locator('[data-testid="exchange-card"], [data-testid="exchange-card-loading"]').count()) === 0,
      "opening the link sends nothing",
    );
    await viewer.locator('[data-testid="collection-opened"] [data-testid="collection-run"]').click();
    await viewer.waitForSelector('[data-testid="collection-run-status"][data-status="finished"]', { timeout: 30_000 });
    assert(
      (await settledLabelled(viewer, "collection Class 1", 2)).every((c) => c.status === "response"),
      "the link's frames were answered",
    );
    await other.close();
  });
}
