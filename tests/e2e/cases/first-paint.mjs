// Issue 17 item 3: the frame is readable from the server's HTML, editable and sendable before Monaco arrives,
// and Monaco takes over in place without losing text, selection, focus or undo.
import { recordSends } from "../harness.mjs";

/**
 * route.fetch, and once more when the connection it reused was reset ("socket hang up"): a keep-alive socket the server
 * closed as it was picked up, which the browser itself answers by sending the GET again.
 */
async function fetchOnceMore(route) {
  // The page is on the launch's own name (mcp-….localhost), which Chromium resolves itself but Node's resolver does
  // not: the build's files are fetched from the loopback address they are also served on.
  const url = new URL(route.request().url());
  url.hostname = "127.0.0.1";
  try {
    return await route.fetch({ url: url.href });
  } catch (e) {
    if (e.code !== "ECONNRESET") throw e;
    return route.fetch({ url: url.href });
  }
}

/** Holds back every script that carries Monaco until release() is called; the rest is served at once. */
async function holdMonaco(page) {
  const held = [];
  let released = false;
  let failed;
  // A rejection here would be thrown in no case's code and end the whole e2e worker: the case fails instead.
  await page.route("**/_next/static/**/*.js", (route) =>
    fetchOnceMore(route)
      .then(async (response) => {
        const body = await response.text();
        const serve = () => route.fulfill({ response, body });
        if (!released && body.includes("MonacoEnvironment")) held.push(serve);
        else await serve();
      })
      .catch((e) => {
        failed ??= e;
        return route.abort().catch(() => {});
      }),
  );
  const seen = [];
  page.on("request", (r) => r.url().endsWith(".js") && seen.push(r.url().split("/").pop()));
  return {
    held: () => held.length,
    /** Waits until Monaco's script has been requested and held (it is fetched in parallel with hydration). */
    async whenHeld(timeout = 30_000) {
      const deadline = Date.now() + timeout;
      while (held.length === 0) {
        if (failed) throw new Error(`a script of the page could not be fetched: ${failed.message}`);
        if (Date.now() > deadline) throw new Error(`Monaco's script was never requested; scripts: ${seen.join(", ")}`);
        await page.waitForTimeout(50);
      }
    },
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((serve) => serve()));
    },
  };
}

const box = (page) =>
  page.locator('[data-testid="editor"]').evaluate((el) => JSON.stringify(el.getBoundingClientRect()));

export function register({ test, assert }) {
  test("the frame is in the server's HTML, readable, editable and sent with Ctrl+Enter before Monaco loads; Monaco then takes over keeping text, selection, focus and undo, with no layout shift", async ({
    pg,
    page,
  }) => {
    const monaco = await holdMonaco(page);
    const sends = recordSends(page);
    // Monaco is preloaded and held back, and a pending preload delays "load": wait for the document only.
    const html = await (await page.goto(pg.base + "/", { waitUntil: "domcontentloaded" })).text();
    assert(
      /data-testid="editor-plain-text"[^>]*>[^<]*server\/discover/.test(html),
      "the server-rendered page should carry the frame text in the plain editor",
    );
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');

    const plain = page.locator('[data-testid="editor"] [data-testid="editor-plain-text"]');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="editor"] [data-testid="editor-plain-text"]')?.readOnly === false,
    );
    await monaco.whenHeld();
    assert((await page.locator('[data-testid="editor"] .monaco-editor').count()) === 0, "Monaco must not be there yet");
    assert(
      (await page.locator('[data-testid="editor-plain"] pre span').count()) > 5,
      "the plain frame should be highlighted",
    );
    const before = await box(page);

    // Edit as a user would: select the method name and type over it.
    const original = await plain.inputValue();
    const at = original.indexOf("server/discover");
    await plain.focus();
    await plain.evaluate((el, [from, to]) => el.setSelectionRange(from, to), [at, at + "server/discover".length]);
    await page.keyboard.type("tools/list");
    const edited = await plain.inputValue();
    assert(edited === original.replace("server/discover", "tools/list"), `edited text: ${edited}`);
    await page.keyboard.press("Control+Enter");
    assert((await pg.settled(1, 30_000)) === "response", "the send from the plain frame should get a response");
    // Over stdio the page sends valid JSON on one line: the same frame.
    assert(
      sends.length === 1 && JSON.stringify(JSON.parse(sends[0].frame)) === JSON.stringify(JSON.parse(edited)),
      `sent: ${JSON.stringify(sends.map((s) => s.frame))}`,
    );
    assert(
      (await page.locator('[data-testid="editor"] .monaco-editor').count()) === 0,
      "Monaco was still held back while sending",
    );

    // After the send the page replaced the frame (the id advanced): edit it once more in the plain frame, select the
    // method name, and let Monaco arrive.
    await plain.focus();
    const sentText = await plain.inputValue();
    const at2 = sentText.indexOf("tools/list");
    await plain.evaluate((el, [from, to]) => el.setSelectionRange(from, to), [at2, at2 + "tools/list".length]);
    await page.keyboard.type("prompts/list");
    await plain.evaluate((el, [from, to]) => el.setSelectionRange(from, to), [at2, at2 + "prompts/list".length]);
    // The reply may have changed the column around the editor (it grows the timeline, the era line, the id): the
    // take-over is judged against the box just before Monaco arrives.
    const beforeTakeover = await box(page);
    assert(
      JSON.parse(beforeTakeover).x === JSON.parse(before).x &&
        JSON.parse(beforeTakeover).width === JSON.parse(before).width,
      `the plain frame moved sideways while sending: ${before} → ${beforeTakeover}`,
    );
    await monaco.release();
    await page.waitForSelector('[data-testid="editor"] [data-editor="monaco"] .monaco-editor .view-lines', {
      state: "visible",
      timeout: 30_000,
    });
    assert(
      (await page.locator('[data-testid="editor"] [data-testid="editor-plain"]').count()) === 0,
      "the plain frame should be gone once Monaco took over",
    );
    assert((await pg.editorText()).includes('"method": "prompts/list"'), `Monaco's text: ${await pg.editorText()}`);
    assert(
      (await box(page)) === beforeTakeover,
      `the editor moved or resized when Monaco took over: ${beforeTakeover} → ${await box(page)}`,
    );

    // Focus and selection carried over: typing replaces exactly the selected method name.
    await page.keyboard.type("ping");
    // Monaco paints its lines on the next animation frame: wait for the paint, then judge the text.
    await page
      .waitForFunction(
        () => document.querySelector('[data-testid="editor"] .view-lines')?.innerText.includes("ping"),
        null,
        { timeout: 5_000 },
      )
      .catch(() => {});
    assert(
      (await pg.editorText()).includes('"method": "ping"'),
      `after typing over the selection: ${await pg.editorText()}`,
    );
    // Undo steps back over the typing, then over what was typed in the plain frame before Monaco arrived, to the
    // frame as the page last set it (the sent frame with its advanced id).
    const undoUntil = async (needle, presses) => {
      for (let i = 0; i < presses; i++) {
        await page.keyboard.press("Control+z");
        const hit = await page
          .waitForFunction(
            (n) => document.querySelector('[data-testid="editor"] .view-lines')?.innerText.includes(n),
            needle,
            { timeout: 3_000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (hit) return true;
      }
      return false;
    };
    assert(
      await undoUntil('"prompts/list"', 2),
      `undo should bring back the text typed before Monaco: ${await pg.editorText()}`,
    );
    assert(
      await undoUntil('"tools/list"', 2),
      `undo should reach the frame as the page last set it: ${await pg.editorText()}`,
    );
    // A change the page made before Monaco loaded does not cut Monaco's undo short: undo steps on past it, to what was
    // typed before it (the sent frame, id 1) and then to the frame as the server rendered it.
    await page.keyboard.press("Control+z");
    const idOne = () =>
      /"id":\s1,/.test(
        document.querySelector('[data-testid="editor"] .view-lines')?.innerText.replace(/\u00a0/g, " ") ?? "",
      );
    await page.waitForFunction(idOne, null, { timeout: 3_000 }).catch(() => {});
    const typedBefore = await pg.editorText();
    assert(
      typedBefore.includes('"id": 1') && typedBefore.includes('"tools/list"'),
      `undo should reach what was typed before the page advanced the id: ${typedBefore}`,
    );
    assert(
      await undoUntil('"server/discover"', 2),
      `undo should reach the frame the server rendered: ${await pg.editorText()}`,
    );
  });
}
