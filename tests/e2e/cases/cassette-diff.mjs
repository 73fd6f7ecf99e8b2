// The Cassette diff tab (issue 30, item 3, page half): a cassette file replayed against the current target through
// the page's bridge client, classified by lib/cassette's diff, shown recorded | live per interaction. Discovered by run.mjs.
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { A11yPage, COLOUR_RULES } from "../pages/a11y.mjs";
import { TabPage } from "../pages/tab.mjs";

const FIXTURES = path.join(ROOT, "tests/fixtures/cassettes");

class CassetteDiffPage extends TabPage {
  constructor(pg) {
    super(pg, "cassette", "cassette-panel");
  }

  async load(file) {
    await this.tid("cassette-file").setInputFiles(path.join(FIXTURES, file));
  }

  /** Clicks Diff and waits for the result (or the error). */
  async diff() {
    await this.tid("cassette-diff-run").click();
    await this.page.waitForSelector('[data-testid="cassette-diff"], [data-testid="cassette-diff-error"]', {
      timeout: 60_000,
    });
    const error = this.tid("cassette-diff-error");
    if (await error.count()) throw new Error(`the diff failed: ${await error.innerText()}`);
    return this.tid("cassette-diff");
  }

  rows() {
    return this.page.locator('[data-testid="cassette-diff-row"]').evaluateAll((rows) =>
      rows.map((r) => ({
        breaking: r.dataset.breaking === "true",
        title: r.querySelector("h3")?.textContent ?? "",
        text: r.textContent,
      })),
    );
  }
}

/** Nothing in the tab is wider than the tab, and the page does not scroll sideways. */
function overflow(page) {
  return page.evaluate(() => {
    const panel = document.querySelector('[data-testid="cassette-panel"]');
    const wide = [...panel.querySelectorAll("*")].filter((el) => {
      if (el.closest("pre")) return false; // frames scroll inside their own box
      const r = el.getBoundingClientRect();
      const p = panel.getBoundingClientRect();
      return r.width > 0 && (r.right > p.right + 1 || r.left < p.left - 1);
    });
    return {
      page: document.documentElement.scrollWidth > window.innerWidth,
      items: wide.slice(0, 3).map((el) => `${el.tagName}.${el.className}`.slice(0, 120)),
    };
  });
}

export function register({ test, assert }) {
  test("Cassette diff: a recording of the embedded calendar against the embedded calendar has no breaking changes, and each replayed request is on the timeline", async ({
    pg,
    page,
  }) => {
    const tab = await CassetteDiffPage.openOn(pg);
    assert(!(await pg.tid("cassette-diff-run").isEnabled()), "Diff waits for a cassette");
    await tab.load("calendar.json");
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="cassette-loaded"]')?.textContent.includes("calendar.json"),
    );
    const result = await tab.diff();
    const summary = await result.innerText();
    assert(
      summary.includes("No breaking changes") && summary.includes("4 of 4 answers the same"),
      `summary: ${summary.slice(0, 300)}`,
    );
    const rows = await tab.rows();
    assert(
      rows.length === 4 && rows.every((r) => !r.breaking && r.title.includes("the same")),
      `rows: ${JSON.stringify(rows.map((r) => r.title))}`,
    );
    assert(
      rows.some((r) => r.title.includes('tools/call {"name":"create_event"')),
      "the create_event call is a row",
    );
    await pg.tid("tab-timeline").click();
    const labels = await page.locator('[data-testid="exchange-label"]').allInnerTexts();
    assert(
      labels.some((l) => l.includes("server/discover")) && labels.some((l) => l.includes("cassette diff: tools/call")),
      `timeline labels: ${labels.join(" | ")}`,
    );
  });

  test("Cassette diff: a bad file gets a clear error and nothing is sent", async ({ pg, page }) => {
    const tab = await CassetteDiffPage.openOn(pg);
    await tab.load("memory-changed.mjs");
    const error = await pg.tid("cassette-file-error").innerText();
    // The page reads files with the CLI's reader (lib/cassette/input.ts), which names both formats it tried.
    assert(error.includes("memory-changed.mjs is not JSON, and not a JSON Lines transcript"), `error: ${error}`);
    assert(!(await pg.tid("cassette-diff-run").isEnabled()), "Diff stays off after a bad file");
    await pg.tid("tab-timeline").click();
    assert((await page.locator('[data-testid="exchange-label"]').count()) === 0, "nothing was sent");
  });

  test("Cassette diff: a recording that lists a tool the live calendar lacks shows that row as breaking, explained, at 1440×900 and 800×700, light and dark, axe clean", async ({
    pg,
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const tab = await CassetteDiffPage.openOn(pg);
    await tab.load("calendar-extra-tool.json");
    const result = await tab.diff();
    const summary = await result.innerText();
    assert(summary.includes("1 breaking change;"), `summary: ${summary.slice(0, 300)}`);
    const rows = await tab.rows();
    const breaking = rows.filter((r) => r.breaking);
    assert(
      breaking.length === 2 &&
        breaking[0].title.startsWith("#2 tools/list") &&
        breaking[1].title.includes('"name":"cancel_event"'),
      `breaking rows: ${JSON.stringify(breaking.map((r) => r.title))}`,
    );
    assert(
      breaking[0].text.includes('the tool "cancel_event" is gone'),
      `explained: ${breaking[0].text.slice(0, 300)}`,
    );
    assert(
      rows.filter((r) => !r.breaking).every((r) => r.title.includes("the same")),
      "the other rows are the same",
    );
    const a11y = new A11yPage(pg);
    const found = [];
    for (const [width, height] of [
      [1440, 900],
      [800, 700],
    ]) {
      await page.setViewportSize({ width, height });
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((d) => document.documentElement.classList.contains("dark") === d, scheme === "dark");
        const row = page.locator('[data-testid="cassette-diff-row"][data-breaking="true"]').first();
        await row.scrollIntoViewIfNeeded();
        assert(await row.isVisible(), `${width}×${height} ${scheme}: the breaking row is visible`);
        const o = await overflow(page);
        assert(!o.page && o.items.length === 0, `${width}×${height} ${scheme}: overflow ${JSON.stringify(o)}`);
        // The dark pass follows the light one over the same state: only the colour rules can differ.
        const rules = scheme === "dark" ? COLOUR_RULES : undefined;
        found.push(...(await a11y.axe(`${width}×${height} ${scheme} · cassette diff`, { rules })));
        await page.screenshot({ path: path.join(ROOT, `tests/e2e/screenshots/cassette-diff-${width}-${scheme}.png`) });
      }
    }
    assert(found.length === 0, `${found.length} axe violation(s):\n${found.map((x) => x.line).join("\n")}`);
  });
}
