// Accessibility (issue 16): keyboard-only use, the theme, the live region, and the axe-core gate.
import { ROOT } from "../harness.mjs";
import { A11yPage, COLOUR_RULES } from "../pages/a11y.mjs";
import { SharePage, fragmentOf } from "../pages/share.mjs";

/**
 * What an axe gate runs in `scheme` inside `include` (the whole page when none): in light every WCAG 2.1 A/AA rule, in
 * dark only the colour rules — the others read the same DOM whatever the theme, and each dark pass follows a light
 * pass over the same states (issue 42; docs/testing.md).
 */
const gateScope = (scheme, include) => ({ include, rules: scheme === "dark" ? COLOUR_RULES : undefined });

/** An axe gate's record: `check(where, scheme, include)` adds what is serious or critical there to `found`. */
function gateFindings(a11y) {
  const found = [];
  const check = async (where, scheme, include) =>
    found.push(
      ...(await a11y.axe(`${scheme} · ${where}`, gateScope(scheme, include))).filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      ),
    );
  return { found, check };
}

/** Keyboard: the first Tab reaches 'Skip to timeline', which shows the timeline and moves focus into it. */
async function firstTabReachesSkipLink({ pg, page, a11y, assert }) {
  await page.keyboard.press("Tab");
  const f = await a11y.focused();
  assert(f.testid === "skip-to-timeline", `first Tab stop: ${JSON.stringify(f)}`);
  assert(await pg.tid("skip-to-timeline").isVisible(), "the skip link is visible when focused");
  // Another tab is in front: the link must bring the timeline forward.
  await page.evaluate(() => document.querySelector('[data-testid="tab-cache"]').click());
  await pg.tid("skip-to-timeline").focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "panel-timeline");
  assert(await pg.tid("timeline").isVisible(), "the timeline shows");
  assert(
    !page.url().includes("#"),
    `the skip link must not change the fragment (it carries share links): ${page.url()}`,
  );
}

/** Keyboard: the tab strip is one tab stop; arrows, Home and End move through every tab and show its panel. */
async function tabStripIsOneTabStop({ pg, page, a11y, assert }) {
  const ids = await a11y.tabIds();
  assert(ids.length >= 9, `tabs: ${ids.join(",")}`);
  const stops = await page.locator('[role="tab"][tabindex="0"]').count();
  assert(stops === 1, `tab stops in the strip: ${stops}`);
  await pg.tid(`tab-${ids[0]}`).focus();
  for (let i = 1; i <= ids.length; i++) {
    await page.keyboard.press("ArrowRight");
    const want = ids[i % ids.length];
    const f = await a11y.focused();
    assert(f.id === `tab-${want}`, `ArrowRight #${i}: focus on ${f.id}, wanted tab-${want}`);
    assert((await pg.tid(`tab-${want}`).getAttribute("aria-selected")) === "true", `${want} should be selected`);
    assert(await page.locator(`#panel-${want}`).isVisible(), `panel ${want} should show`);
    assert(
      (await page.locator('[role="tab"][tabindex="0"]').getAttribute("id")) === `tab-${want}`,
      "the single tab stop follows the selection",
    );
  }
  await page.keyboard.press("End");
  assert((await a11y.focused()).id === `tab-${ids.at(-1)}`, "End goes to the last tab");
  await page.keyboard.press("Home");
  assert((await a11y.focused()).id === `tab-${ids[0]}`, "Home goes to the first tab");
  await page.keyboard.press("ArrowLeft");
  assert((await a11y.focused()).id === `tab-${ids.at(-1)}`, "ArrowLeft wraps to the last tab");
  for (const id of ids) {
    const panel = page.locator(`#panel-${id}`);
    assert(
      (await panel.getAttribute("role")) === "tabpanel" &&
        (await panel.getAttribute("aria-labelledby")) === `tab-${id}`,
      `panel ${id} labelling`,
    );
    assert((await pg.tid(`tab-${id}`).getAttribute("aria-controls")) === `panel-${id}`, `tab ${id} aria-controls`);
  }
}

/** Keyboard: Escape then Tab leaves the editor (Shift+Tab too) with its text unchanged, and the editor says how. */
async function escapeThenTabLeavesEditor({ pg, page, a11y, assert }) {
  const before = await pg.editorText();
  await pg.focusEditor();
  const hint = pg.tid("editor-keyboard-hint");
  await hint.waitFor();
  assert((await hint.innerText()).includes("Esc then Tab leaves the editor"), `hint: ${await hint.innerText()}`);
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  let f = await a11y.focused();
  assert(!f.inEditor && f.tag !== "BODY", `focus after Esc, Tab: ${JSON.stringify(f)}`);
  assert((await hint.count()) === 0, "the hint shows only while the editor has focus");
  await pg.focusEditor();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Shift+Tab");
  f = await a11y.focused();
  assert(!f.inEditor && f.tag !== "BODY", `focus after Esc, Shift+Tab: ${JSON.stringify(f)}`);
  assert((await pg.editorText()) === before, `the editor's text changed:\n${await pg.editorText()}`);
}

/** Keyboard: a dialog keeps Tab inside while open and gives focus back to its opener when closed. */
async function dialogKeepsTabInside({ pg, page, assert }) {
  await pg.tid("share").focus();
  await page.keyboard.press("Enter");
  await pg.tid("share-dialog").waitFor();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[data-testid="share-dialog"]'));
    assert(inside, `Tab #${i + 1} left the dialog`);
  }
  await page.keyboard.press("Escape");
  await pg.tid("share-dialog").waitFor({ state: "detached" });
  const back = await page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
  assert(back === "share", `focus after closing: ${back}`);
}

/** Keyboard: Ctrl+Enter sends from anywhere, e.g. with focus on a tab. */
async function ctrlEnterSendsFromATab({ pg, page, assert }) {
  // The steps before left another tab in front: the timeline in front again, focus on its tab.
  await pg.tid("tab-timeline").click();
  await pg.tid("tab-timeline").focus();
  await page.keyboard.press("Control+Enter");
  assert((await pg.settled(1)) === "response", "Ctrl+Enter on a tab should send the frame");
}

/** Keyboard: Ctrl+M makes Tab move focus out of the editor, the editor says so, and a plain Tab still indents without it. */
async function ctrlMMakesTabMoveFocus({ pg, page, a11y, assert }) {
  const before = await pg.editorText();
  await pg.focusEditor();
  await page.keyboard.press("Control+m");
  await page.waitForSelector('[data-testid="editor-keyboard-hint"][data-tab-moves-focus="true"]');
  assert(
    (await pg.tid("editor-keyboard-hint").innerText()).startsWith("Tab moves focus"),
    "the hint says Tab moves focus",
  );
  await page.keyboard.press("Tab");
  const f = await a11y.focused();
  assert(!f.inEditor, `focus after Ctrl+M, Tab: ${JSON.stringify(f)}`);
  assert((await pg.editorText()) === before, "Ctrl+M and Tab changed the text");
  // Back to indenting: Ctrl+M again, and Tab inserts two spaces (the trap is a choice, not a bug).
  await pg.focusEditor();
  await page.keyboard.press("Control+m");
  await page.waitForSelector('[data-testid="editor-keyboard-hint"][data-tab-moves-focus="false"]');
  await page.keyboard.press("Tab");
  // Monaco paints the indent on its next frame: wait for the text to change (or give up after 5 s), then judge.
  await page
    .waitForFunction(
      (b) => document.querySelector('[data-testid="editor"] .view-lines')?.innerText.replace(/\u00a0/g, " ") !== b,
      before,
      { timeout: 5_000 },
    )
    .catch(() => {});
  assert((await pg.editorText()) !== before, "with Tab focus mode off, Tab indents");
}

export function register({ test, assert, ENVELOPE }) {
  // The keyboard's rules, each a step of one case on one page (issue 42: they only read the page, so one load serves
  // them all); the steps that change the page come last — the send, then Ctrl+M's indent.
  test("keyboard: the first Tab reaches 'Skip to timeline', which shows the timeline and moves focus into it; the tab strip is one tab stop, arrows, Home and End move through every tab and show its panel; Escape then Tab leaves the editor (Shift+Tab too) with its text unchanged, and the editor says how; a dialog keeps Tab inside while open and gives focus back to its opener when closed; Ctrl+Enter sends from anywhere, e.g. with focus on a tab; Ctrl+M makes Tab move focus out of the editor, the editor says so, and a plain Tab still indents without it", async ({
    pg,
    page,
  }) => {
    const a11y = await A11yPage.open(pg);
    await firstTabReachesSkipLink({ pg, page, a11y, assert });
    await tabStripIsOneTabStop({ pg, page, a11y, assert });
    await escapeThenTabLeavesEditor({ pg, page, a11y, assert });
    await dialogKeepsTabInside({ pg, page, assert });
    await ctrlEnterSendsFromATab({ pg, page, assert });
    await ctrlMMakesTabMoveFocus({ pg, page, a11y, assert });
  });

  // Three read-only looks at one page (issue 42): the theme as the system sets it, then — after a send — the freshness
  // bar under reduced motion, then every tab at three narrow widths.
  test("theme: by default the page follows the system's light/dark setting, live, and Monaco follows the page; motion: with prefers-reduced-motion the freshness bar does not animate and nothing scrolls smoothly; zoom: at 800 px wide, at 200% zoom (720 CSS px) and on a 390 px phone no tab scrolls the page sideways", async ({
    pg,
    page,
  }) => {
    // theme: by default the page follows the system's light/dark setting, live, and Monaco follows the page
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    const a11y = await A11yPage.open(pg);
    assert(await a11y.isDark(), "system dark: the page should be dark");
    assert((await pg.tid("theme-choice").getAttribute("data-choice")) === "system", "the default choice is System");
    await page.waitForSelector('[data-testid="editor"] .monaco-editor.vs-dark');
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => !document.documentElement.classList.contains("dark"));
    await page.waitForSelector('[data-testid="editor"] .monaco-editor.vs');

    // motion: with prefers-reduced-motion the freshness bar does not animate and nothing scrolls smoothly
    assert((await pg.sendAndSettle(1)) === "response", `the send: ${await pg.traceText(1)}`);
    const bar = pg.card(1).locator('[data-testid="freshness"] span span').first();
    await bar.waitFor({ state: "attached" });
    const motion = await bar.evaluate((el) => ({
      transition: getComputedStyle(el).transitionDuration,
      scroll: getComputedStyle(document.documentElement).scrollBehavior,
    }));
    assert(parseFloat(motion.transition) < 0.001, `bar transition: ${motion.transition}`);
    assert(motion.scroll === "auto", `scroll-behavior: ${motion.scroll}`);

    // zoom: at 800 px wide, at 200% zoom (720 CSS px) and on a 390 px phone no tab scrolls the page sideways
    const wide = [];
    for (const size of [
      { width: 800, height: 700 },
      { width: 720, height: 450 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      for (const id of await a11y.tabIds()) {
        await a11y.openTab(id);
        const over = await page.evaluate(
          () => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth,
        );
        if (over > 0) wide.push(`${size.width}px · ${id}: ${over}px too wide`);
      }
    }
    assert(wide.length === 0, wide.join("; "));
  });

  test("theme: the Dark choice survives a reload, overrides a light system, and is on <html> before <body> is parsed (no flash)", async ({
    pg,
    page,
  }) => {
    await page.emulateMedia({ colorScheme: "light" });
    // Records <html>'s class the moment <body> is inserted, i.e. before anything could paint.
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (!document.body) return;
        window.__classAtBody = document.documentElement.className;
        obs.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const a11y = await A11yPage.open(pg);
    assert(!(await a11y.isDark()), "light system, no choice: light");
    // A switch repaints every control in its new colours at once: a colour still fading from light to dark is a
    // contrast failure for as long as it lasts (axe caught a button at 2.8:1 mid-fade in CI). The radio's click
    // applies the theme synchronously, so the transitions it starts are listed in the same task.
    const fading = await page.evaluate(() => {
      document.querySelector('[data-testid="theme-dark"]').click();
      void getComputedStyle(document.body).color;
      return document.getAnimations().filter((a) => a instanceof CSSTransition).length;
    });
    assert(fading === 0, `switching to Dark started ${fading} colour transition(s)`);
    await page.waitForSelector('[data-testid="theme-choice"][data-choice="dark"]');
    await a11y.chooseTheme("light");
    await a11y.chooseTheme("dark");
    assert(await a11y.isDark(), "choosing Dark makes the page dark");
    await pg.reload();
    const atBody = await page.evaluate(() => window.__classAtBody);
    assert(/\bdark\b/.test(atBody ?? ""), `<html> class when <body> appeared: ${atBody}`);
    assert((await pg.tid("theme-choice").getAttribute("data-choice")) === "dark", "the choice is remembered");
    assert(await pg.tid("theme-dark").isChecked(), "the Dark radio is checked after the reload");
    await a11y.chooseTheme("system");
    assert(!(await a11y.isDark()), "back to System: light again");
    await pg.reload();
    assert(!(await a11y.isDark()), "System is remembered too");
  });

  test("screen readers: one polite live region says, once and in one short sentence, that a reply arrived, the probe's verdict, and an error", async ({
    pg,
    page,
  }) => {
    await pg.open();
    // The page's own regions (Monaco's and Next's route announcer are theirs, outside the playground's markup).
    const regions = await page
      .locator(
        '[data-testid="playground"] :is([aria-live], [role=status], [role=alert], [role=log]):not(.monaco-aria-container *)',
      )
      .evaluateAll((els) => els.map((e) => `${e.getAttribute("role")}/${e.getAttribute("aria-live")}`));
    assert(
      regions.length === 1 && regions[0] === "status/polite",
      `live regions on a fresh page: ${regions.join(", ")}`,
    );
    // Everything the region says, in order (each sentence is a new node in it).
    await page.evaluate(() => {
      window.__heard = [];
      new MutationObserver(() =>
        window.__heard.push(document.querySelector('[data-testid="announcer"]').textContent.trim()),
      ).observe(document.querySelector('[data-testid="announcer"]'), { childList: true });
    });
    const heard = () => page.evaluate(() => window.__heard);
    const waitHeard = (prefix) =>
      page.waitForFunction((p) => window.__heard.some((t) => t.includes(p)), prefix, { timeout: 40_000 });
    await pg.sendAndSettle();
    await waitHeard("Reply to #1");
    const verdict = await pg.probe();
    await waitHeard(`Probe verdict: ${await verdict.getAttribute("data-era")}`);
    await pg.setEditorText('{"jsonrpc": "2.0", oops');
    await pg.send();
    await waitHeard("Not sent:");
    const all = await heard();
    assert(
      all.filter((t) => t === "Reply to #1 server/discover: response.").length === 1,
      `the reply is said once: ${all.join(" | ")}`,
    );
    assert(all.filter((t) => t.includes("Probe verdict")).length === 1, `the verdict is said once: ${all.join(" | ")}`);
    const error = all.find((t) => t.startsWith("Not sent:"));
    assert(error.includes("not JSON") && error.length < 200, `the error, in one short sentence: ${error}`);
  });

  test("axe gate: no serious or critical WCAG 2.1 A/AA violation on the page or any tab, light and dark, after a send and a probe, nor in the dialogs", async ({
    pg,
    page,
  }) => {
    const a11y = await A11yPage.openAfterASend(pg);
    await pg.probe();
    const { found, check } = gateFindings(a11y);
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForFunction((d) => document.documentElement.classList.contains("dark") === d, scheme === "dark");
      // The whole page once (header, target bar, editor, the first tab), then each tab's panel alone.
      const ids = await a11y.tabIds();
      await a11y.openTab(ids[0]);
      await check(`the page (${ids[0]})`, scheme);
      for (const id of ids.slice(1)) {
        await a11y.openTab(id);
        await check(id, scheme, `#panel-${id}`);
      }
      await a11y.openTab("timeline");
      await pg.openWire(1);
      await check("timeline with the Wire view open", scheme, "#panel-timeline");
      await pg.openWire(1);
      await pg.tid("share").click();
      await pg.tid("share-dialog").waitFor();
      // A modal dialog, on the whole page: what it does to the page behind it (inert, hidden, focusable) counts too.
      await check("share dialog", scheme);
      await page.keyboard.press("Escape");
      await pg.tid("share-dialog").waitFor({ state: "detached" });
    }
    assert(
      found.length === 0,
      `${found.length} serious/critical violation(s):\n${found.map((v) => v.line).join("\n")}`,
    );
  });

  test("axe gate: nothing serious or critical on the examples gallery, a shared link's banner, the Run-this-command dialog, Start fresh's Undo and a lesson link, light and dark", async ({
    pg,
    page,
  }) => {
    const a11y = new A11yPage(pg);
    const sp = new SharePage(page, pg.base);
    const frame = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } });
    const target = {
      kind: "stdio",
      command: process.execPath,
      args: ["dist-servers/calendar.mjs"],
      cwd: ROOT,
      env: { API_KEY: "" },
    };
    const { found, check } = gateFindings(a11y);
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(pg.base + "/examples");
      await page.waitForSelector('[data-testid="example-card"]');
      await check("/examples", scheme);
      await sp.openLink("/" + fragmentOf({ target, editor: frame, exchanges: [] }));
      await check("shared link banner", scheme);
      await sp.tid("run-live").click();
      await sp.tid("run-live-dialog").waitFor();
      await check("run-live dialog", scheme);
      await sp.tid("run-live-dialog-close").click();
      await sp.tid("close-link").click();
      await pg.tid("start-fresh-bar").click();
      await pg.tid("start-fresh-done").waitFor();
      await check("Start fresh's Undo notice", scheme);
      await page.goto("about:blank");
      await page.goto(pg.base + "/#auth=audience-lesson");
      await pg.tid("auth-lesson").waitFor({ timeout: 30_000 });
      await check("a lesson opened from its link", scheme);
    }
    assert(
      found.length === 0,
      `${found.length} serious/critical violation(s):\n${found.map((v) => v.line).join("\n")}`,
    );
  });

  test(
    "axe gate: the sign-in page (not signed in), and its wrong-token state, has no WCAG 2.1 A/AA violation at all, light and dark",
    async ({ pg, page, ctx, srv }) => {
      const a11y = new A11yPage(pg);
      // Nothing kept: the browser secret is the launch origin's cookie, and this context drops it.
      await ctx.context.clearCookies();
      const found = [];
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const where of ["sign-in page", "sign-in page after a wrong token"]) {
          await page.goto(`${srv.base}/`);
          await page.waitForSelector('[data-testid="signin"][data-hydrated="true"]');
          await page.waitForFunction(
            (d) => document.documentElement.classList.contains("dark") === d,
            scheme === "dark",
          );
          if (where.includes("wrong")) {
            await pg.tid("signin-token").fill("not-the-token");
            await pg.tid("signin-submit").click();
            await pg.tid("signin-failed").waitFor();
          }
          found.push(...(await a11y.axe(`${scheme} · ${where}`, gateScope(scheme))));
        }
      }
      assert(found.length === 0, `${found.length} violation(s):\n${found.map((v) => v.line).join("\n")}`);
    },
    // The wrong token is refused on purpose (401), once per colour scheme; Chromium logs each refused fetch.
    { expectedConsoleErrors: [/status of 401 \(Unauthorized\)/] },
  );
}
