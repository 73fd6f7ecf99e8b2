// Issue 25 item 2: `npm run dev` is the same server program in development mode (scripts/server.ts from source,
// Next compiling pages on demand). One smoke case: the launch URL signs a browser in, the playground loads, and
// a send to the calendar is answered. Every other case runs on the server `npm start` runs.
// The launch URL is opened in the page the case then uses, as a user opens it: one page load in development mode (a
// cold load there is several times a production one's CPU), not a sign-in page and then the playground again.
import { PlaygroundPage } from "../pages/playground.mjs";
import { SESSION_COOKIE, guardedContext, startServer } from "../harness.mjs";

export function register({ test, assert }) {
  test("npm run dev: the launch URL signs in, the playground loads and a send to the calendar (stdio) is answered", async ({
    ctx,
  }) => {
    const dev = await startServer({ server: "dev" });
    const browser = ctx.context.browser();
    let own;
    try {
      own = await guardedContext(browser);
      assert(dev.log().includes("dev server"), `the dev server says what it is: ${dev.log().slice(0, 400)}`);
      const page = await own.context.newPage();
      await page.goto(dev.launchUrl);
      const pg = new PlaygroundPage(page, dev.base);
      await pg.waitHydrated();
      await pg.waitForEditor();
      const cookies = await own.context.cookies(dev.base);
      assert(
        cookies.some((c) => c.name === SESSION_COOKIE && c.httpOnly),
        `opening the launch URL set no HttpOnly sign-in cookie: ${cookies.map((c) => c.name).join(", ") || "none"}`,
      );
      await pg.send();
      const status = await pg.settled(1);
      assert(status === "response", `card #1 status ${status}: ${await pg.traceText(1)}`);
      assert(own.foreign.length === 0, `requests left 127.0.0.1: ${own.foreign.join(", ")}`);
    } finally {
      await own?.context.close();
      await dev.stop();
    }
  });
}
