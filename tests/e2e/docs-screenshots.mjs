// The README's screenshots (docs/*.png: playground, lab, args-form, mrtr, saved, stderr, presenter, share-pick,
// checks-export), taken the way a user gets there: Debian Chromium via playwright-core against the production build
// (`npm run build` first), light theme unless a shot says dark.
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
import { LabPage } from "./pages/lab.mjs";
import { MrtrStudio } from "./pages/mrtr.mjs";
import { PlaygroundPage } from "./pages/playground.mjs";
import { SavedPage } from "./pages/saved.mjs";
import { ChecksPage } from "./pages/checks.mjs";

/** A fresh calendar process (the next event is e3), then the chapter's step: template tools/call create_event,
 * its startsAt line deleted in the editor, Send — answered input_required. */
async function dentistRoundOne(pg) {
  await pg.restartProcess(30_000);
  await pg.chooseTemplate("tools/call");
  // The template ends with startsAt and three closing braces: select from the end of the line above, delete.
  const keys = pg.page.keyboard;
  await pg.focusEditor();
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
  if ((await pg.sendAndSettle(1, 30_000)) !== "response") throw new Error(`round 1: ${await pg.traceText(1)}`);
}

const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

/** Sends the editor's frame, then runs all checks in the Checks tab; throws unless the run finishes. */
async function afterAChecksRun(pg) {
  await pg.sendAndSettle(1, 30_000);
  const checks = await ChecksPage.openedOn(pg);
  if ((await checks.runAll(180_000)) !== "done") throw new Error("the Checks run did not finish");
}

/** Each shot's `take(pg)` gets the page there and returns the element to capture (none: the whole window), in a window
 * of `viewport` (a 1440×900 laptop unless it says) and the `colorScheme` (light unless it says). */
const SHOTS = {
  // The timeline after round 1: the input_required reply pointing to the MRTR tab, whose badge counts it.
  playground: {
    async take(pg) {
      await dentistRoundOne(pg);
      await pg.tid("mrtr-waiting").waitFor({ timeout: 20_000 });
    },
  },
  lab: {
    viewport: { width: 1500, height: 1300 },
    async take(pg) {
      const lab = new LabPage(pg);
      await lab.open();
      await lab.tid("lab-script").selectOption("chapter-isolation");
      await lab.run(120_000);
    },
  },
  // The tools/call argument form beside the frame, filled in: the frame and the form say the same arguments.
  "args-form": {
    async take(pg) {
      await pg.chooseTemplate("tools/list");
      await pg.sendAndSettle(1, 30_000);
      await pg.chooseTemplate("target:tools/call:create_event");
      const form = pg.tid("args-form");
      await form.waitFor({ timeout: 20_000 });
      await form.getByLabel(/^title\b/).fill("Dentist");
      await form.getByLabel(/^startsAt\b/).fill("2026-09-10T08:30:00Z");
      await pg.tid("args-form-valid").waitFor();
      return pg.tid("editor-panel");
    },
  },
  // Saved frames with their target, and a collection run in order onto the timeline.
  saved: {
    async take(pg) {
      const saved = new SavedPage(pg);
      await saved.open();
      for (const [template, name] of [
        ["server/discover", "discover"],
        ["tools/list", "calendar tools"],
        ["tools/call", "Dentist"],
      ]) {
        await pg.chooseTemplate(template);
        await saved.saveEditorAs(name);
      }
      await saved.createCollection("Class 1: the first three frames");
      for (const name of ["discover", "calendar tools", "Dentist"])
        await saved.addTo(name, "Class 1: the first three frames");
      await pg.tid("collection-run").first().click();
      await pg.page.waitForSelector('[data-testid="collection-run-status"][data-status="finished"]', {
        timeout: 60_000,
      });
    },
  },
  // The stderr & notifications pane open beside the timeline (dark): server-everything's stderr and a progress
  // notification with the card it came with.
  stderr: {
    colorScheme: "dark",
    async take(pg) {
      await pg.chooseTarget("everything-stdio");
      await pg.setEditorText(LIST);
      await pg.sendAndSettle(1, 30_000);
      await pg.tid("stderr-pane").locator("summary").click();
      await pg.sendProgressCall(2, 3);
    },
  },
  // Presenter mode on a projector-sized screen: larger type, the header collapsed, every tab on screen (the strip wraps onto a second row).
  presenter: {
    viewport: { width: 1024, height: 768 },
    async take(pg) {
      await pg.tid("presenter-toggle").click();
      await pg.page.waitForSelector('html[data-presenter="true"]');
      await pg.sendAndSettle(1, 30_000);
      await pg.chooseTemplate("tools/list");
      await pg.sendAndSettle(2, 30_000);
    },
  },
  // At 800×700 in dark: after a Checks run, the Share tab's pick list leaves the Checks' frames unticked; the
  // Checks tab's export buttons are shown in docs/checks-export.png.
  "share-pick": {
    viewport: { width: 800, height: 700 },
    colorScheme: "dark",
    async take(pg) {
      await afterAChecksRun(pg);
      await pg.tid("tab-share").click();
      await pg.tid("share-pick").waitFor({ timeout: 20_000 });
      await pg.tid("share-pick").scrollIntoViewIfNeeded();
    },
  },
  "checks-export": {
    async take(pg) {
      await afterAChecksRun(pg);
      await pg.tid("checks-export").scrollIntoViewIfNeeded();
    },
  },
  mrtr: {
    async take(pg) {
      const m = new MrtrStudio(pg);
      await dentistRoundOne(pg);
      await m.open();
      await m.waitFor("awaiting-input", 1);
      await m.fill("when", "startsAt", "2026-09-10T08:30:00Z");
      await m.answer("when", "accept");
      await m.compose();
      await pg.tid("tab-timeline").click();
      await pg.sendAndSettle(2, 30_000);
      await m.open();
      await m.waitFor("complete", 2);
      return m.tid("mrtr-panel");
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
      viewport: shot.viewport ?? { width: 1440, height: 900 },
      colorScheme: shot.colorScheme ?? "light",
      reducedMotion: "reduce",
    });
    const pg = new PlaygroundPage(await ctx.context.newPage(), srv.base);
    await pg.open();
    const shown = await shot.take(pg).catch(async (e) => {
      await pg.page.screenshot({ path: path.join(ROOT, "test-results", `docs-${name}-failed.png`) });
      throw e;
    });
    await pg.page.mouse.move(0, 0);
    const png = await small(await (shown ?? pg.page).screenshot());
    const file = path.join(ROOT, "docs", `${name}.png`);
    writeFileSync(file, png);
    console.log(`${path.relative(ROOT, file)}: ${Math.round(png.length / 1024)} KB`);
    await ctx.context.close();
  }
} finally {
  await browser.close();
  srv.stop();
}
