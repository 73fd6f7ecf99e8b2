// e2e cases for the Apps tab (issue 29): a published ext-apps example server's app renders in the sandbox on its
// own origin, its handshake and tool notifications are in the Apps wire, a call the app makes is on the timeline,
// and the doctor names why a host that does not declare the extension shows a gated app blank.
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { A11yPage, COLOUR_RULES } from "../pages/a11y.mjs";

const BASIC = `node ${path.join(ROOT, "node_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js")} --stdio`;
const FIXTURE = (...flags) => ["node", path.join(ROOT, "tests/fixtures/apps/stdio.mjs"), ...flags].join(" ");

async function openApps(pg, command) {
  await pg.open();
  await pg.chooseCustomStdio(command);
  await pg.tid("tab-apps").click();
  await pg.tid("apps-panel").waitFor();
}

const wireMethods = (page) =>
  page
    .locator('[data-testid="apps-wire-row"]')
    .evaluateAll((els) => els.map((e) => `${e.dataset.direction} ${e.dataset.kind} ${e.dataset.method}`));

export function register({ test, assert }) {
  test("Apps: the ext-apps basic example renders in a sandbox on another origin; ui/initialize and the tool notifications are in the wire; the app's own tools/call is on the timeline", async ({
    pg,
    page,
  }) => {
    await openApps(pg, BASIC);
    await pg.tid("apps-list").click();
    const tool = pg.tid("apps-tool");
    await tool.first().waitFor({ timeout: 30_000 });
    assert(
      (await tool.count()) === 1 && (await tool.getAttribute("data-tool")) === "get-time",
      `app tools: ${await tool.allInnerTexts()}`,
    );
    assert(
      (await tool.innerText()).includes("ui://get-time/mcp-app.html") &&
        (await tool.innerText()).includes("text/html;profile=mcp-app"),
      await tool.innerText(),
    );
    await pg.tid("apps-run").click();
    await page.waitForSelector('[data-testid="apps-run-area"][data-phase="running"]', { timeout: 30_000 });

    // The outer frame is the sandbox proxy on its own origin, never the playground's.
    const src = await pg.tid("apps-frame").getAttribute("src");
    const sandboxOrigin = new URL(src).origin;
    const pageOrigin = new URL(page.url()).origin;
    assert(sandboxOrigin !== pageOrigin, `the sandbox must be on another origin: ${sandboxOrigin} vs ${pageOrigin}`);
    // The app itself (inner frame) shows the tool result the host sent it.
    const app = page.frameLocator('[data-testid="apps-frame"]').frameLocator("iframe");
    await app.locator("body").waitFor({ timeout: 20_000 });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="apps-wire-row"]')].some(
          (e) => e.dataset.method === "ui/notifications/tool-result",
        ),
      null,
      { timeout: 20_000 },
    );
    const methods = await wireMethods(page);
    for (const expected of [
      "app→host notification ui/notifications/sandbox-proxy-ready",
      "host→app notification ui/notifications/sandbox-resource-ready",
      "app→host request ui/initialize",
      "host→app response ui/initialize",
      "app→host notification ui/notifications/initialized",
      "host→app notification ui/notifications/tool-input",
      "host→app notification ui/notifications/tool-result",
    ]) {
      assert(methods.includes(expected), `the wire should have "${expected}": ${methods.join(" | ")}`);
    }
    const init = methods.indexOf("app→host request ui/initialize");
    assert(
      init < methods.indexOf("host→app notification ui/notifications/tool-input"),
      "tool input only after the handshake",
    );

    // A call the app makes goes through the bridge to the server and lands on the timeline.
    await app.getByRole("button", { name: /get server time/i }).click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="apps-wire-row"]')].some(
          (e) => e.dataset.method === "tools/call" && e.dataset.direction === "app→host",
        ),
      null,
      { timeout: 20_000 },
    );
    await pg.tid("tab-timeline").click();
    const labels = await page.locator('[data-testid="exchange-label"]').allInnerTexts();
    assert(
      labels.some((l) => l.includes("tools/call get-time (asked by the app)")),
      `the app's call should be a timeline card: ${labels.join(" | ")}`,
    );
    assert(
      labels.some((l) => l.includes("resources/read ui://get-time/mcp-app.html")),
      `the host's resources/read should be a timeline card: ${labels.join(" | ")}`,
    );
    await pg.tid("tab-apps").click();
    await page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots/apps.png") });
    await pg.tid("apps-close").click();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[data-testid="apps-wire-row"]')].some(
          (e) => e.dataset.method === "ui/resource-teardown",
        ),
      null,
      {
        timeout: 10_000,
      },
    );
  });

  test("Apps host context: a Bulgarian phone in fullscreen is what ui/initialize tells the app and the frame takes the phone's screen; a locale changed mid-run goes as host-context-changed with only that field", async ({
    pg,
    page,
  }) => {
    await openApps(pg, FIXTURE());
    await pg.tid("apps-locale").fill("bg");
    await pg.tid("apps-timezone").fill("Europe/Sofia");
    await pg.tid("apps-display-mode").selectOption("fullscreen");
    await pg.tid("apps-device").selectOption("phone");
    await pg.tid("apps-list").click();
    await pg.tid("apps-tool").first().waitFor({ timeout: 20_000 });
    await pg.tid("apps-run").click();
    await page.waitForSelector('[data-testid="apps-run-area"][data-phase="running"]', { timeout: 30_000 });
    // The last wire row of a method, as the text the wire shows (the message as sent).
    const lastRow = (direction, method) =>
      page
        .waitForFunction(
          ([d, m]) => {
            const rows = [...document.querySelectorAll('[data-testid="apps-wire-row"]')].filter(
              (e) => e.dataset.direction === d && e.dataset.method === m,
            );
            return rows.length > 0 ? rows[rows.length - 1].querySelector("pre").textContent : null;
          },
          [direction, method],
          { timeout: 20_000 },
        )
        .then((h) => h.jsonValue());
    const init = JSON.parse(await lastRow("host→app", "ui/initialize"));
    const ctx = init.result.hostContext;
    assert(
      ctx.locale === "bg" &&
        ctx.timeZone === "Europe/Sofia" &&
        ctx.displayMode === "fullscreen" &&
        ctx.platform === "mobile" &&
        ctx.deviceCapabilities.touch === true &&
        ctx.containerDimensions.width === 390 &&
        ctx.containerDimensions.height === 844 &&
        ctx.safeAreaInsets.top === 47,
      JSON.stringify(ctx),
    );
    const box = await pg.tid("apps-frame").boundingBox();
    assert(Math.round(box.width) === 390 && Math.round(box.height) === 844, `frame ${JSON.stringify(box)}`);
    // The controls sit under the fullscreen overlay: typed into directly, as a keyboard user would reach them.
    await pg.tid("apps-locale").fill("ru", { force: true });
    const changed = JSON.parse(await lastRow("host→app", "ui/notifications/host-context-changed"));
    assert(changed.params.locale === "ru" && Object.keys(changed.params).length === 1, JSON.stringify(changed));
  });

  test("Apps doctor: a server that shows _meta.ui only to clients declaring the extension is unknown on claude.ai (the reports disagree) and renders in Claude Desktop, and the verdict says why", async ({
    pg,
    page,
  }) => {
    await openApps(pg, FIXTURE("--gate"));
    await pg.tid("apps-doctor-run").click();
    const claude = page.locator('[data-testid="apps-verdict"][data-host="claude"]');
    await claude.waitFor({ timeout: 30_000 });
    assert((await claude.getAttribute("data-verdict")) === "unknown", `claude: ${await claude.innerText()}`);
    const text = await claude.innerText();
    assert(
      text.includes(
        "your server hides _meta.ui unless the client declares io.modelcontextprotocol/ui; whether Claude (claude.ai on the web) declares it: unknown: the reports disagree",
      ),
      text,
    );
    for (const [host, verdict] of [
      ["generic", "renders"],
      ["claude-desktop", "renders"],
      ["claude-code", "blank"],
    ])
      assert(
        (await page.locator(`[data-testid="apps-verdict"][data-host="${host}"]`).getAttribute("data-verdict")) ===
          verdict,
        `${host} ${verdict}`,
      );
    // As Claude Code (which does not declare the extension), the listing itself shows what that host sees.
    await pg.tid("apps-host-select").selectOption("claude-code");
    await pg.tid("apps-list").click();
    await page.locator('[data-testid="apps-tool"], [data-testid="apps-none"]').first().waitFor({ timeout: 20_000 });
    const tools = await page.locator('[data-testid="apps-tool"]').evaluateAll((els) => els.map((e) => e.dataset.tool));
    assert(!tools.includes("get_time"), `as Claude Code, get_time should carry no app: ${tools}`);
    await page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots/apps-doctor.png") });
  });

  test(
    "Apps: a blocked request is listed with its domain and the CSP key that would allow it; the Apps tab has no serious axe violation, light and dark",
    async ({ pg, page }) => {
      await openApps(pg, FIXTURE());
      await pg.tid("apps-list").click();
      await pg.tid("apps-tool").first().waitFor({ timeout: 20_000 });
      await pg.tid("apps-run").click();
      await page.waitForSelector('[data-testid="apps-run-area"][data-phase="running"]', { timeout: 30_000 });
      const app = page.frameLocator('[data-testid="apps-frame"]').frameLocator("iframe");
      await app.getByText(/^result: /).waitFor({ timeout: 20_000 });
      await app.locator("body").evaluate(() => fetch("https://api.example.com/data").catch(() => {}));
      await pg.tid("apps-violations").waitFor({ timeout: 10_000 });
      const v = await pg.tid("apps-violations").innerText();
      assert(
        v.includes("https://api.example.com") && v.includes("connect-src") && v.includes("_meta.ui.csp.connectDomains"),
        v,
      );
      await app.getByRole("button", { name: "Open a link" }).click();
      await pg.tid("apps-open-link").waitFor();
      assert(
        (await pg.tid("apps-open-link").innerText()).includes("nothing opens until you click it"),
        "ui/open-link is shown, not followed",
      );
      const a11y = new A11yPage(pg);
      const found = [];
      for (const scheme of ["light", "dark"]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.waitForFunction((d) => document.documentElement.classList.contains("dark") === d, scheme === "dark");
        found.push(
          // The dark pass follows the light one over the same state: only the colour rules can differ.
          ...(await a11y.axe(`${scheme} · apps`, { rules: scheme === "dark" ? COLOUR_RULES : undefined })).filter(
            (x) => x.impact === "serious" || x.impact === "critical",
          ),
        );
        await page.screenshot({ path: path.join(ROOT, `tests/e2e/screenshots/apps-${scheme}.png`) });
      }
      await page.setViewportSize({ width: 420, height: 900 });
      await page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots/apps-narrow.png") });
      assert(
        found.length === 0,
        `${found.length} serious/critical violation(s):\n${found.map((x) => x.line).join("\n")}`,
      );
    },
    // The blocked fetch is this case's own doing: the browser reports it on the console as well as to the Apps tab.
    { expectedConsoleErrors: [/https:\/\/api\.example\.com\/data/] },
  );

  test(
    "Apps sandbox: an app cannot call a tool whose visibility excludes app, its flood of calls is cut to the limit, and a document its frame navigates to gets no relay and shows as a violation",
    async ({ pg, page }) => {
      await openApps(pg, FIXTURE("--hostile"));
      await pg.tid("apps-list").click();
      await pg.tid("apps-tool").first().waitFor({ timeout: 20_000 });
      await pg.tid("apps-run").click();
      const problems = [];
      // 1. model_only (visibility ["model"], no ui:// resource) is refused by the host: an error on the Apps wire.
      await page
        .waitForFunction(
          () =>
            [...document.querySelectorAll('[data-testid="apps-wire-row"][data-kind="error"]')].some((e) =>
              e.textContent.includes('model_only is not visible to apps (_meta.ui.visibility [\\"model\\"])'),
            ),
          null,
          { timeout: 20_000 },
        )
        .catch(() => problems.push("no refusal of model_only on the Apps wire"));
      // 2. Its frame's navigation to a data: document is blocked and listed; the post past the port's stand-in, and
      //    anything the data: document would post, are not relayed.
      const navigation = page.locator('[data-testid="apps-violations"] li[data-kind="navigation"]');
      await navigation
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => problems.push("no navigation violation shown"));
      const shown = await navigation.allInnerTexts();
      if (!shown.some((t) => t.includes("the host relays nothing from the frame any more")))
        problems.push(`the navigation violation says: ${shown.join(" | ")}`);
      // The relay (if any) crosses before the proxy reports the load, so once the report is in the wire, so is a relay.
      await page
        .waitForFunction(
          () =>
            [...document.querySelectorAll('[data-testid="apps-wire-row"]')].some(
              (e) => e.dataset.method === "playground/csp-violation",
            ),
          null,
          { timeout: 20_000 },
        )
        .catch(() => problems.push("the violation is not on the Apps wire"));
      const relayed = await page
        .locator('[data-testid="apps-wire-row"][data-direction="app→host"]')
        .evaluateAll((els) =>
          els.filter((e) => e.textContent.includes("beacon")).map((e) => e.textContent.slice(0, 200)),
        );
      if (relayed.length > 0) problems.push(`the navigated document's calls were relayed: ${relayed.join(" | ")}`);
      // 3. The flood: 40 calls at once, at most 4 in flight; the rest refused, the count and the limit on the tab.
      const limit = pg.tid("apps-call-limit");
      const refused = Number(await limit.getAttribute("data-refused"));
      const limitText = await limit.innerText();
      if (refused !== 36 || !limitText.includes("at most 5 a second (bursts of 10, 4 at a time)"))
        problems.push(`call limit: refused ${refused}; ${limitText}`);
      await pg.tid("tab-timeline").click();
      const labels = await page.locator('[data-testid="exchange-label"]').allInnerTexts();
      const asked = (name) => labels.filter((l) => l.includes(`tools/call ${name} (asked by the app)`)).length;
      if (asked("model_only") + asked("beacon") > 0 || asked("get_time") !== 4)
        problems.push(`timeline: ${labels.join(" | ")}`);
      assert(problems.length === 0, problems.join("\n"));
    },
    // The blocked data: navigation is reported on the console too, by the browser.
    { expectedConsoleErrors: [/frame-src|Content Security Policy|data:text\/html/] },
  );

  test("Apps: the chapter's calendar a fourth way: show_week renders the week as an app, and its form's create_event goes through the host onto the timeline", async ({
    pg,
    page,
  }) => {
    await pg.openOnAndList("calendar-app-stdio", "apps");
    await pg.tid("apps-tool").first().waitFor({ timeout: 30_000 });
    await pg.tid("apps-run").click();
    const app = page.frameLocator('[data-testid="apps-frame"]').frameLocator("iframe");
    await app.getByText("Design review").waitFor({ timeout: 30_000 });
    await app.getByRole("button", { name: "Create event" }).click();
    await app.getByText("Dentist").first().waitFor({ timeout: 20_000 });
    await pg.tid("tab-timeline").click();
    const labels = await page.locator('[data-testid="exchange-label"]').allInnerTexts();
    assert(
      labels.some((l) => l.includes("tools/call create_event (asked by the app)")),
      `the app's create_event should be a timeline card: ${labels.join(" | ")}`,
    );
  });
}
