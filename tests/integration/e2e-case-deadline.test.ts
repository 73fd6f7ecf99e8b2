/**
 * The e2e runner's per-case deadline (tests/e2e/case-deadline.mjs, used by tests/e2e/run.mjs): a case still running at
 * its deadline fails with its name and its last step, its browser context is closed, and the runner goes on. Real
 * Chromium (the one the e2e tier drives), a page that never shows what the case waits for.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stepLog, withDeadline } from "../e2e/case-deadline.mjs";

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
let browser: Browser;
beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu"],
  });
});
afterAll(() => browser?.close());

/** A case's two steps as the runner sees them: the page object's calls, and Playwright's own. */
function aCase(page: Page) {
  return {
    open: () => page.setContent('<p data-testid="ready">ready</p>'),
    waitFor: (selector: string) => page.waitForSelector(selector, { timeout: 0 }), // no Playwright timeout: only the deadline ends it
  };
}
const closeAll = () => Promise.all(browser.contexts().map((c) => c.close()));

describe("the e2e runner's per-case deadline", () => {
  it("a case that hangs fails at its deadline, naming the case and its last step, and its context is closed", async () => {
    const steps = stepLog();
    const context = await browser.newContext({ logger: steps.logger });
    const page = await context.newPage();
    const pg = steps.trackCalls(aCase(page), "pg");
    const error = await withDeadline(
      async () => {
        await pg.open();
        await pg.waitFor("#never-there");
      },
      { ms: 3_000, name: "waits for what never comes", steps, onDeadline: closeAll },
    ).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /^no end after 3 s \(the per-case deadline, E2E_CASE_DEADLINE_S\): "waits for what never comes" was stopped; last step: pg\.waitFor\("#never-there"\) \(\d+ s before the deadline\); Playwright page\.waitForSelector started \(\d+ s before the deadline\)$/,
    );
    expect(page.isClosed()).toBe(true);
    expect(browser.contexts()).toEqual([]);
  });

  it("a case that ends in time passes, and one that fails in time keeps its own error", async () => {
    const steps = stepLog();
    const context = await browser.newContext({ logger: steps.logger });
    const pg = steps.trackCalls(aCase(await context.newPage()), "pg");
    const options = { ms: 60_000, name: "quick", steps, onDeadline: closeAll };
    await pg.open();
    await expect(withDeadline(() => pg.waitFor('[data-testid="ready"]'), options)).resolves.toBeUndefined();
    await expect(withDeadline(() => Promise.reject(new Error("its own assertion")), options)).rejects.toThrow(
      /^its own assertion$/,
    );
    expect(browser.contexts()).toHaveLength(1);
    await context.close();
  });
});
