// Lists every axe-core violation (any impact) on the page and on every tab, light and dark, after one send.
// The a11y e2e case gates on serious/critical ones; this prints the full picture for the record.
// Usage (after next build): node tests/e2e/a11y-report.mjs   (A11Y_ALL=1 lists every node, not the first three)
import { ensureBuilt, guardedContext, launchBrowser, requireChromium, signIn, startServer } from "./harness.mjs";
import { A11yPage } from "./pages/a11y.mjs";
import { PlaygroundPage } from "./pages/playground.mjs";

requireChromium();
ensureBuilt();

const srv = await startServer();
const browser = await launchBrowser();
try {
  const ctx = await guardedContext(browser, { storageState: await signIn(browser, srv) });
  const page = await ctx.context.newPage();
  const pg = new PlaygroundPage(page, srv.base);
  const a11y = new A11yPage(pg);
  await pg.open();
  await pg.send();
  await pg.settled(1);
  const all = [];
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    // Older builds had only a toggle button; newer ones follow the system setting.
    if (scheme === "dark" && !(await a11y.isDark()) && (await pg.tid("dark-toggle").count()))
      await pg.tid("dark-toggle").click();
    for (const id of await a11y.tabIds()) {
      await a11y.openTab(id);
      all.push(...(await a11y.axe(`${scheme} · ${id}`)));
    }
  }
  for (const v of all)
    console.log(process.env.A11Y_ALL ? `${v.where}: ${v.impact} ${v.id}\n    ${v.details.join("\n    ")}` : v.line);
  const by = {};
  for (const v of all) by[`${v.impact} ${v.id}`] = (by[`${v.impact} ${v.id}`] ?? 0) + v.nodes;
  console.log("\nsummary (impact rule: nodes over all tabs and themes)");
  for (const [k, n] of Object.entries(by).sort()) console.log(`  ${k}: ${n}`);
  await ctx.context.close();
} finally {
  await browser.close();
  srv.stop();
}
