// The README's screenshots (docs/playground.png, docs/lab.png, docs/args-form.png, docs/mrtr.png), taken the way a user gets there:
// Debian Chromium via playwright-core against the production build (`npx next build` first), light theme.
//   node tests/e2e/docs-screenshots.mjs [playground|lab|mrtr …]   (default: all)
// Each PNG is re-encoded with a palette when sharp (Next's image library) is installed, to keep it small.
import { writeFileSync } from "node:fs";
import path from "node:path";
import {
  ensureBuilt,
  guardedContext,
  launchBrowser,
  requireChromium,
  ROOT,
  signIn,
  signInOnly,
  startServer,
} from "./harness.mjs";
import { MrtrStudio } from "./pages/mrtr.mjs";
import { PlaygroundPage } from "./pages/playground.mjs";

/** A fresh calendar process (the next event is e3), then the chapter's step: template tools/call create_event,
 * its startsAt line deleted in the editor, Send — answered input_required. */
async function dentistRoundOne(pg) {
  await pg.tid("process-restart").click();
  await pg.page.waitForSelector('[data-testid="process-panel"][data-status="running"]', { timeout: 30_000 });
  await pg.chooseTemplate("tools/call");
  // The template ends with startsAt and three closing braces: select from the end of the line above, delete.
  const keys = pg.page.keyboard;
  await pg.page.locator('[data-testid="editor"] .monaco-editor').click();
  for (const key of [
    "Control+End",
    "ArrowUp",
    "ArrowUp",
    "ArrowUp",
    "End",
    "Shift+ArrowUp",
    "Shift+End",
    "Shift+ArrowLeft",
    "Delete",
    "Control+Home",
  ])
    await keys.press(key);
  if ((await pg.editorText()).includes("startsAt"))
    throw new Error(`startsAt is still in the frame: ${await pg.editorText()}`);
  await pg.send();
  if ((await pg.settled(1, 30_000)) !== "response") throw new Error(`round 1: ${await pg.traceText(1)}`);
}

const SHOTS = {
  // The timeline after round 1: the input_required reply pointing to the MRTR tab, whose badge counts it.
  playground: {
    viewport: { width: 1440, height: 900 },
    async take(pg) {
      await dentistRoundOne(pg);
      await pg.tid("mrtr-waiting").waitFor({ timeout: 20_000 });
      await pg.page.mouse.move(0, 0);
      return pg.page.screenshot();
    },
  },
  lab: {
    viewport: { width: 1500, height: 1300 },
    async take(pg) {
      await pg.tid("tab-lab").click();
      await pg.tid("lab-script").selectOption("chapter-isolation");
      await pg.tid("lab-run").click();
      await pg.page.waitForSelector('[data-testid="lab-column-stdio-fresh-process"] [data-testid="lab-verdict"]', {
        timeout: 120_000,
      });
      await pg.page.mouse.move(0, 0);
      return pg.page.screenshot();
    },
  },
  // The tools/call argument form beside the frame, filled in: the frame and the form say the same arguments.
  "args-form": {
    viewport: { width: 1440, height: 900 },
    async take(pg) {
      await pg.chooseTemplate("tools/list");
      await pg.send();
      await pg.settled(1, 30_000);
      await pg.chooseTemplate("target:tools/call:create_event");
      const form = pg.tid("args-form");
      await form.waitFor({ timeout: 20_000 });
      await form.getByLabel(/^title\b/).fill("Dentist");
      await form.getByLabel(/^startsAt\b/).fill("2026-09-10T08:30:00Z");
      await pg.tid("args-form-valid").waitFor();
      await pg.page.mouse.move(0, 0);
      return pg.tid("editor-panel").screenshot();
    },
  },
  mrtr: {
    viewport: { width: 1440, height: 900 },
    async take(pg) {
      const m = new MrtrStudio(pg);
      await dentistRoundOne(pg);
      await m.open();
      await m.waitFor("awaiting-input", 1);
      await m.fill("when", "startsAt", "2026-09-10T08:30:00Z");
      await m.answer("when", "accept");
      await m.compose();
      await pg.tid("tab-timeline").click();
      await pg.send();
      await pg.settled(2, 30_000);
      await m.open();
      await m.waitFor("complete", 2);
      return m.tid("mrtr-panel").screenshot();
    },
  },
};

async function small(png) {
  const sharp = (await import("sharp").catch(() => null))?.default;
  if (!sharp) return png;
  const out = await sharp(png).png({ palette: true, colours: 128, compressionLevel: 9, effort: 10 }).toBuffer();
  return out.length < png.length ? out : png;
}

requireChromium();
ensureBuilt();
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SHOTS);
const srv = await startServer();
const browser = await launchBrowser();
try {
  const storageState = await signIn(browser, srv);
  for (const name of wanted) {
    const shot = SHOTS[name];
    if (!shot) throw new Error(`no screenshot called ${name}; choose from ${Object.keys(SHOTS).join(", ")}`);
    // The sign-in only: no session saved by the sign-in page comes back.
    const ctx = await guardedContext(browser, {
      storageState: signInOnly(storageState),
      viewport: shot.viewport,
      colorScheme: "light",
      reducedMotion: "reduce",
    });
    const pg = new PlaygroundPage(await ctx.context.newPage(), srv.base);
    await pg.open();
    const png = await small(
      await shot.take(pg).catch(async (e) => {
        await pg.page.screenshot({ path: path.join(ROOT, "test-results", `docs-${name}-failed.png`) });
        throw e;
      }),
    );
    const file = path.join(ROOT, "docs", `${name}.png`);
    writeFileSync(file, png);
    console.log(`${path.relative(ROOT, file)}: ${Math.round(png.length / 1024)} KB`);
    await ctx.context.close();
  }
} finally {
  await browser.close();
  srv.stop();
}
