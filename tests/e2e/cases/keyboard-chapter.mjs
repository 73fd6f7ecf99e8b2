// Issue 16, "Done when": the chapter's click-by-click table (README "The chapter, click by click") done with the
// keyboard only. Every control is reached with Tab / Shift+Tab / arrows and operated with Enter, Space, arrows or
// typing — never page.click or fill. Locators only read the page to assert what a user would see or hear (the
// polite live region's sentences).
import { CHAPTER_FRESH_PROCESS_VERDICTS } from "../pages/lab.mjs";

const LONG = 60_000;

/** Keyboard-only moves on the playground, with a trail of where focus went (for a readable failure). */
class Keys {
  constructor(pg) {
    this.pg = pg;
    this.page = pg.page;
  }

  focused() {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      return el?.getAttribute("data-testid") || el?.id || el?.getAttribute("aria-label") || el?.tagName || "?";
    });
  }

  /** Presses Tab (or Shift+Tab) until focus is on an element matching `selector`; fails if it never gets there. */
  async tabTo(selector, { back = false, max = 160 } = {}) {
    const trail = [];
    for (let i = 0; i <= max; i++) {
      if (await this.page.evaluate((s) => !!document.activeElement?.matches(s), selector)) return;
      const here = await this.focused();
      if (trail.at(-1) !== here) trail.push(here);
      // In the editor Tab indents; the editor says "Escape then Tab leaves the editor", so that is what a user does.
      if (await this.page.evaluate(() => !!document.activeElement?.closest(".monaco-editor")))
        await this.page.keyboard.press("Escape");
      await this.page.keyboard.press(back ? "Shift+Tab" : "Tab");
    }
    throw new Error(`${back ? "Shift+Tab" : "Tab"} never reached ${selector}; focus went: ${trail.join(" → ")}`);
  }

  tid(id) {
    return `[data-testid="${id}"]`;
  }

  /** Tab to a button and press Enter. */
  async press(testid, key = "Enter") {
    await this.tabTo(this.tid(testid));
    await this.page.keyboard.press(key);
  }

  /** Tab to a <select> and move to the option with `value` with the arrow keys (a closed select changes as it moves). */
  async choose(testid, value) {
    await this.tabTo(this.tid(testid));
    const { from, to } = await this.page.evaluate(
      ([s, v]) => {
        const el = document.querySelector(s);
        return { from: el.selectedIndex, to: [...el.options].findIndex((o) => o.value === v) };
      },
      [this.tid(testid), value],
    );
    if (to < 0) throw new Error(`${testid} has no option ${value}`);
    for (let i = 0; i < Math.abs(to - from); i++) await this.page.keyboard.press(to > from ? "ArrowDown" : "ArrowUp");
    await this.page
      .waitForFunction(([s, v]) => document.querySelector(s)?.value === v, [this.tid(testid), value], {
        timeout: 5_000,
      })
      .catch(async () => {
        throw new Error(
          `the arrow keys did not select ${value} in ${testid}: it shows ${await this.page.locator(this.tid(testid)).inputValue()}`,
        );
      });
  }

  /** Tab to Probe era, press Enter and wait until the verdict is in. */
  async probe() {
    await this.press("probe");
    await this.page.waitForSelector('[data-testid="verdict"][data-status="done"]', { timeout: LONG });
  }

  /** Tab to the tab strip (one tab stop) and arrow to the tab `id`; its panel shows. */
  async openTab(id) {
    await this.tabTo('[role="tablist"] [role="tab"][tabindex="0"]');
    for (let i = 0; i < 20; i++) {
      if ((await this.focused()) === `tab-${id}`) break;
      await this.page.keyboard.press("ArrowRight");
    }
    await this.page.waitForSelector(`#panel-${id}:not([hidden])`, { timeout: 20_000 });
  }

  /** Tab into the frame editor (Monaco's textarea). */
  async intoEditor() {
    await this.tabTo('[data-testid="editor"] .monaco-editor *');
  }

  /** Leave the editor the documented way: Escape, then Tab. */
  async leaveEditor() {
    await this.page.keyboard.press("Escape");
    await this.page.keyboard.press("Tab");
  }
}

/** Everything the live region says from now on, in order. */
async function listen(page) {
  await page.evaluate(() => {
    window.__heard = [];
    const region = document.querySelector('[data-testid="announcer"]');
    new MutationObserver(() => window.__heard.push(region.textContent.trim())).observe(region, {
      childList: true,
      subtree: true,
    });
  });
  return {
    heard: () => page.evaluate(() => window.__heard),
    waitFor: (text) =>
      page
        .waitForFunction((t) => window.__heard.some((h) => h.includes(t)), text, { timeout: LONG })
        .catch(async () => {
          throw new Error(
            `the live region never said "${text}"; it said: ${(await page.evaluate(() => window.__heard)).join(" | ")}`,
          );
        }),
  };
}

/** The playground opened for keys only (on the preset `target`, chosen by keys, when given), its live region recorded. */
async function openListening(pg, page, target) {
  const k = new Keys(pg);
  await pg.open();
  const live = await listen(page);
  if (target) await k.choose("target-select", target);
  return { k, live };
}

/** A fresh server process for the current target (the calendar decides a connection's era on its first request). */
async function restartByKeys(k) {
  await k.press("process-restart");
  await k.page.waitForSelector('[data-testid="process-panel"][data-status="running"]', { timeout: LONG });
}

export function register({ test, assert }) {
  // The chapter's calendar rows in one page (issue 42: each opened the page afresh), in the chapter's order.
  test("keyboard chapter: Template → tools/list and Send answer the enveloped list; Remove _meta and Send get -32602, each reply heard in the live region; keyboard chapter: one calendar three ways — resources/read, prompts/get and tools/call templates, each sent and heard; keyboard chapter: the Lab's Run experiment shows three process lanes and the state-lost verdict, and the live region says so once", async ({
    pg,
    page,
  }) => {
    const { k, live } = await openListening(pg, page);
    await restartByKeys(k);
    await k.choose("template-select", "tools/list");
    const template = await pg.editorTextWith('"method": "tools/list"');
    assert(template.includes('"method": "tools/list"'), `the template should be in the editor: ${template}`);
    await k.press("send");
    assert((await pg.settled(1, LONG)) === "response", `tools/list: ${await pg.traceText(1)}`);
    await live.waitFor("Reply to #1 tools/list: response.");
    await k.press("remove-meta");
    assert(!(await pg.editorTextWithout("_meta")).includes("_meta"), "Remove _meta should take the envelope out");
    await k.press("send");
    const status = await pg.settled(2, LONG);
    assert(
      status === "error" && (await pg.traceText(2)).includes("← error -32602"),
      `status ${status}: ${await pg.traceText(2)}`,
    );
    await live.waitFor("#2 tools/list ended with");
    const said = (await live.heard()).find((h) => h.includes("#2 tools/list"));
    assert(said.includes("-32602"), `the live region should name the error code: ${said}`);

    const sends = [
      ["resources/read", "resources/read", "calendar://week"],
      ["prompts/get", "prompts/get", "prepare_week"],
      ["tools/call", "tools/call", "Created e"],
    ];
    let seq = 2; // #1 and #2 are the tools/list above
    for (const [template, method, shows] of sends) {
      await k.choose("template-select", template);
      await k.press("send");
      seq++;
      assert((await pg.settled(seq, LONG)) === "response", `${method}: ${await pg.traceText(seq)}`);
      assert((await pg.traceText(seq)).includes(shows), `${method} card: ${await pg.traceText(seq)}`);
      await live.waitFor(`Reply to #${seq} ${method}: response.`);
    }

    await k.openTab("lab");
    await k.choose("lab-script", "chapter-isolation");
    await k.press("lab-run");
    const sel = '[data-testid="lab-column-stdio-fresh-process"] [data-testid="lab-verdict"]';
    await page.waitForSelector(sel, { timeout: 120_000 });
    const column = pg.tid("lab-column-stdio-fresh-process");
    const lanes = await column.locator('[data-testid="lab-lane"]').allInnerTexts();
    assert(
      lanes.length === 3 && lanes[0].startsWith("process A") && lanes[2].startsWith("process C"),
      `lanes: ${lanes.join(" | ")}`,
    );
    const verdicts = await column.locator('[data-testid="lab-verdict"]').allInnerTexts();
    for (const verdict of CHAPTER_FRESH_PROCESS_VERDICTS)
      assert(
        verdicts.some((v) => v.startsWith(verdict)),
        `verdicts: ${verdicts.join(" | ")}`,
      );
    await live.waitFor("Experiment finished:");
    const experiment = (await live.heard()).filter((h) => h.startsWith("Experiment finished:"));
    assert(
      experiment.length === 1 &&
        experiment[0].includes("a fresh process for every message: continuation survived, state lost, 3 processes"),
      `the live region said: ${experiment.join(" | ")}`,
    );
  });

  // The chapter's server-everything rows in one page (issue 42): the probe and the legacy list, the bill, then the
  // Checks run (the heaviest step, last).
  test("keyboard chapter: on server-everything Probe era is heard as legacy (2025-11-25), the legacy tools/list is served, and the Checks tab warns about it; keyboard chapter: the Catalogue bill of server-everything (legacy handshake, python layout) shows 1,307 / 52 / 235 / 312 / 1,619, and the live region says the total once", async ({
    pg,
    page,
  }) => {
    const { k, live } = await openListening(pg, page, "everything-stdio");
    await k.probe();
    const verdict = await pg.tid("verdict").innerText();
    assert(verdict.includes("-32601") && verdict.includes("2025-11-25"), `verdict: ${verdict}`);
    await live.waitFor("Probe verdict: legacy (2025-11-25).");
    await k.choose("template-select", "tools/list (legacy)");
    const legacy = await pg.editorTextWithout("_meta");
    assert(!legacy.includes("_meta"), `the legacy template has no envelope: ${legacy}`);
    await page.keyboard.press("Control+Enter");
    const seq = await pg.cardCount();
    assert((await pg.settled(seq, LONG)) === "response", `legacy tools/list: ${await pg.traceText(seq)}`);
    await live.waitFor(`Reply to #${seq}`);

    await k.openTab("catalog");
    await k.choose("catalog-handshake", "legacy");
    await k.choose("catalog-layout", "python");
    await k.press("catalog-fetch");
    await page.waitForSelector('[data-testid="catalog-panel"][data-status="billed"], [data-testid="catalog-error"]', {
      timeout: 120_000,
    });
    const shown = {};
    for (const id of ["bill-tools-tokens", "bill-cheapest", "bill-costliest", "bill-instructions", "bill-total"])
      shown[id] = (await pg.tid(id).innerText()).trim();
    const want = {
      "bill-tools-tokens": "1,307",
      "bill-cheapest": "52",
      "bill-costliest": "235",
      "bill-instructions": "312",
      "bill-total": "1,619",
    };
    assert(JSON.stringify(shown) === JSON.stringify(want), `shown ${JSON.stringify(shown)}`);
    await live.waitFor("Catalogue bill:");
    const bill = (await live.heard()).filter((h) => h.startsWith("Catalogue bill:"));
    assert(
      bill.length === 1 && bill[0] === "Catalogue bill: 1,619 tokens — 13 tools 1,307, instructions 312.",
      `the live region said: ${bill.join(" | ")}`,
    );

    await k.openTab("checks");
    await k.press("checks-run");
    await page.waitForSelector(
      '[data-testid="checks-panel"][data-phase="done"], [data-testid="checks-panel"][data-phase="error"]',
      { timeout: 180_000 },
    );
    const ambiguity = pg.tid("checks-era-ambiguity");
    assert((await ambiguity.getAttribute("data-status")) === "warn", `era ambiguity: ${await ambiguity.innerText()}`);
    assert(
      /warn/i.test(await ambiguity.innerText()),
      `the warning is said in words, not only colour: ${await ambiguity.innerText()}`,
    );
  });

  test("keyboard chapter: the Dentist round trip — startsAt deleted in the editor by keyboard, input_required, the MRTR form by Tab, Compose retry, Created e3", async ({
    pg,
    page,
  }) => {
    // Arrow keys move by the lines Monaco shows, and beside the argument form a narrower editor wraps startsAt's
    // value onto a second line: a wide window keeps every line of the template whole, so the keys below mean lines.
    await page.setViewportSize({ width: 1920, height: 1080 });
    const { k, live } = await openListening(pg, page);
    await restartByKeys(k);
    await k.choose("template-select", "tools/call");
    // Delete the startsAt line with keys inside Monaco. The template ends with arguments' last property, startsAt,
    // then three closing braces: go to the end, up three lines, select back to just before the comma above, Delete.
    await k.intoEditor();
    await page.keyboard.press("Control+End");
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowUp");
    await page.keyboard.press("End");
    await page.keyboard.press("Shift+ArrowUp");
    await page.keyboard.press("Shift+End");
    await page.keyboard.press("Shift+ArrowLeft");
    await page.keyboard.press("Delete");
    // The editor shows the lines around the cursor: the title stays, its comma and startsAt are gone.
    await page
      .waitForFunction(
        () => {
          const t = document.querySelector('[data-testid="editor"] .view-lines')?.textContent ?? "";
          return t.includes('"Dentist"') && !t.includes("startsAt") && !t.includes('"Dentist",');
        },
        null,
        { timeout: 10_000 },
      )
      .catch(async () => {
        throw new Error(`after the edit the editor shows: ${await pg.editorText()}`);
      });
    await k.leaveEditor();
    await k.press("send");
    assert((await pg.settled(1, LONG)) === "response", `round 1: ${await pg.traceText(1)}`);
    await live.waitFor("Reply to #1");
    await k.openTab("mrtr");
    await page.waitForSelector('[data-testid="mrtr-conversation"][data-status="awaiting-input"]', { timeout: LONG });
    const message = await page
      .locator('[data-testid="mrtr-request"][data-key="when"] [data-testid="mrtr-message"]')
      .first()
      .innerText();
    assert(message === 'When should "Dentist" start?', `message: ${message}`);
    // The form's field has a name a screen reader says, and is reached by Tab.
    await k.tabTo('[data-testid="mrtr-field-when-startsAt"]');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      return el.getAttribute("aria-label") || (el.labels?.[0]?.textContent ?? "");
    });
    assert(/start/i.test(name), `the field's accessible name: ${name}`);
    await page.keyboard.type("2026-09-10T08:30:00Z");
    await k.press("mrtr-accept-when");
    await k.press("mrtr-compose-retry");
    await pg.tid("mrtr-composed").first().waitFor({ timeout: LONG });
    // What the studio says it put in the editor (the frame is taller than the editor shows at once).
    const composed = await pg.tid("mrtr-composed").first().innerText();
    assert(composed.length > 0, "Compose retry says what it did");
    await page.keyboard.press("Control+Enter");
    const done = await page.waitForSelector(
      '[data-testid="mrtr-conversation"][data-status="complete"][data-rounds="2"]',
      { timeout: LONG },
    );
    assert(
      (await (await done.$('[data-testid="mrtr-final"]')).innerText()) ===
        "Created e3: Dentist at 2026-09-10T08:30:00Z",
      "final result",
    );
    await live.waitFor("Reply to #2");
    // The diagram's text alternative: a list of the same steps.
    const steps = await page
      .locator('[data-testid="mrtr-conversation"]')
      .first()
      .locator('[data-testid="mrtr-diagram-steps"] li')
      .allTextContents();
    assert(steps.length >= 6, `the diagram as a list of steps: ${steps.join(" | ")}`);
  });
}
