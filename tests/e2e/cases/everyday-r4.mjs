// The everyday page, round 4 (issue 44 point 5): links pasted into a tab that is already open behave exactly as when
// opened fresh (shown, never acted on), and presenter mode reaches every tab at 1024×768.
import { deflateRawSync } from "node:zlib";
import { newLaunchUrl } from "../harness.mjs";
import { fragmentOf, labFragment } from "../pages/share.mjs";
import { request } from "../steps/frames.mjs";

const CALENDAR = { kind: "demo", server: "calendar", transport: "stdio" };
const LIST = JSON.stringify(request(1, "tools/list"));

/** `#collection=<base64url(raw DEFLATE(JSON))>` as lib/share/collection-link.ts writes it, built without the page. */
const collectionFragment = (name, items) =>
  `#collection=${deflateRawSync(
    Buffer.from(JSON.stringify({ format: "mcp-playground/collection", version: 1, name, items })),
  ).toString("base64url")}`;

/** A link pasted into the open tab's address bar: only the fragment changes (a same-document navigation, no load). */
const paste = (page, fragment) => page.evaluate((f) => (window.location.hash = f), fragment);

export function register({ test, assert }) {
  test("pasted links: #collection=, #lab= and #auth= pasted into an open tab (even over a link's view) show as when opened fresh, and send nothing", async ({
    pg,
    page,
  }) => {
    await pg.open();
    const sent = [];
    page.on("request", (r) => {
      const p = new URL(r.url()).pathname;
      if (p === "/api/bridge/send" || p === "/api/lab/run" || p === "/api/auth/run") sent.push(p);
    });
    // A session link first: its recorded card and banner show (this already worked).
    await paste(page, fragmentOf({ target: CALENDAR, exchanges: [{ sent: LIST, durationMs: 1, received: [] }] }));
    await pg.tid("link-banner").waitFor({ timeout: 15_000 });

    await paste(page, collectionFragment("Pasted class", [{ name: "list", frame: LIST, target: CALENDAR }]));
    const opened = pg.tid("collection-opened");
    await opened.waitFor({ timeout: 15_000 });
    assert((await opened.innerText()).includes("Pasted class"), `collection: ${await opened.innerText()}`);
    // As on a fresh load of the collection link: the user's own (here empty) session, not the earlier link's card.
    await pg.tid("link-banner").waitFor({ state: "detached", timeout: 15_000 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="exchange-card"]').length === 0, null, {
      timeout: 15_000,
    });

    await paste(
      page,
      labFragment(
        {
          format: "mcp-playground/lab-script@1",
          title: "Pasted experiment",
          target: CALENDAR,
          steps: [{ id: "A", label: "tools/list", frame: request(1, "tools/list") }],
        },
        ["stdio-one-process"],
      ),
    );
    await page.waitForSelector('[data-testid="tab-lab"][aria-selected="true"]', { timeout: 15_000 });
    await pg.tid("lab-from-link").waitFor({ timeout: 15_000 });

    await paste(page, "#auth=audience-lesson");
    await page.waitForSelector('[data-testid="tab-auth"][aria-selected="true"]', { timeout: 15_000 });
    await page.locator('[data-testid="auth"] [data-testid="auth-lesson"]').waitFor({ timeout: 30_000 });
    assert(!(await page.evaluate(() => location.hash)).includes("auth="), "the lesson fragment stayed");
    assert(sent.length === 0, `a pasted link acted: ${sent.join(", ")}`);
  });

  test("pasted links: a launch URL pasted into the open sign-in page signs it in, and its code leaves the address bar", async ({
    ctx,
    srv,
  }) => {
    const launchUrl = await newLaunchUrl(srv);
    const context = await ctx.context.browser().newContext({ locale: "en-US" });
    try {
      const page = await context.newPage();
      await page.goto(`${srv.base}/`);
      await page.waitForSelector('[data-testid="signin"][data-hydrated="true"]', { timeout: 30_000 });
      await paste(page, new URL(launchUrl).hash);
      await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]', { timeout: 30_000 });
      assert(page.url() === `${srv.base}/`, `the launch code stayed in the address bar: ${page.url()}`);
    } finally {
      await context.close();
    }
  });
}
