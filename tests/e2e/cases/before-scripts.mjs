// Issue 17 item 3: the frame is usable from first paint, not from hydration. With every script of the page held
// back, what is typed into the server-rendered frame is shown, kept, and a send asked for (Ctrl+Enter or the Send
// button) goes out exactly once when the page's scripts arrive.
import { recordSends } from "../harness.mjs";

/** Holds back every script of the build until release(); the HTML (and its inline scripts) arrive at once. */
async function holdScripts(page) {
  const held = [];
  let released = false;
  await page.route("**/_next/static/**/*.js", async (route) => {
    if (released) return route.continue();
    held.push(() => route.continue());
  });
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((go) => go()));
    },
  };
}

const HOW = {
  "Ctrl+Enter": (page) => page.keyboard.press("Control+Enter"),
  "the Send button": (page) => page.locator('[data-testid="send"]').click(),
};

export function register({ test, assert }) {
  for (const [how, ask] of Object.entries(HOW)) {
    test(`before the page's scripts run: text typed into the server-rendered frame is shown and kept, and a send asked for with ${how} goes out once they arrive`, async ({
      pg,
      page,
    }) => {
      const scripts = await holdScripts(page);
      const sends = recordSends(page);
      await page.goto(pg.base + "/", { waitUntil: "domcontentloaded" });
      const plain = page.locator('[data-testid="editor"] [data-testid="editor-plain-text"]');
      await plain.waitFor();
      assert(
        (await page.locator('[data-testid="playground"]').getAttribute("data-hydrated")) === "false",
        "the page must not have hydrated yet",
      );
      assert(
        !(await plain.evaluate((el) => el.readOnly)),
        "the server-rendered frame should be editable before any script ran",
      );

      const original = await plain.inputValue();
      const at = original.indexOf("server/discover");
      await plain.focus();
      await plain.evaluate((el, [from, to]) => el.setSelectionRange(from, to), [at, at + "server/discover".length]);
      await page.keyboard.type("tools/list");
      const typed = original.replace("server/discover", "tools/list");
      assert((await plain.inputValue()) === typed, `typed text: ${await plain.inputValue()}`);
      // What is on screen is what was typed: the textarea's own text shows once it differs from the highlighted copy.
      const shown = await plain.evaluate(
        (el) =>
          getComputedStyle(el).color !== "rgba(0, 0, 0, 0)" &&
          getComputedStyle(el.previousElementSibling).visibility === "hidden",
      );
      assert(shown, "the typed text should be visible (not the highlighted copy of the old text)");
      await ask(page);
      // Fixed waits on purpose (here and below): they prove that nothing is sent.
      await page.waitForTimeout(300);
      assert(sends.length === 0, "nothing can be sent before the page's scripts run");

      await scripts.release();
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
      assert(
        (await pg.settled(1, 30_000)) === "response",
        "the send asked for before the scripts ran should get a response",
      );
      assert(sends.length === 1, `exactly one send: ${sends.length}`);
      assert(
        JSON.stringify(JSON.parse(sends[0].frame)) === JSON.stringify(JSON.parse(typed)),
        `sent: ${sends[0].frame}`,
      );
      const card = page.locator('[data-testid="timeline"] [data-testid="exchange-card"]').first();
      assert(
        (await card.innerText()).includes("tools/list"),
        `the timeline card should show the typed method: ${await card.innerText()}`,
      );
      await page.waitForTimeout(300);
      assert(sends.length === 1, `the send must not be repeated once the page hydrated: ${sends.length}`);
    });
  }
}
