// Issue 13 finding 2: a link never starts a command in one click, and no other site can frame the page.
import http from "node:http";
import { ROOT, httpRequest } from "../harness.mjs";
import { labFragment } from "../pages/share.mjs";
import { request } from "../steps/frames.mjs";
import { isRunning, markedCalendar } from "../steps/marked-command.mjs";

async function assertFrameHeaders(assert, port, label) {
  for (const [method, path, headers] of [
    ["GET", "/", {}],
    ["GET", "/no-such-page", {}],
    ["POST", "/api/bridge/send", { "content-type": "application/json" }],
    ["GET", "/", { Host: "evil.example" }],
    ["GET", "/api/health", {}],
    ["GET", "/_next/static/no-such-file.js", {}],
  ]) {
    const r = await httpRequest({ port, method, path, headers, ...(method === "POST" ? { body: "{}" } : {}) });
    const where = `${label} ${method} ${path}${headers.Host ? ` (Host ${headers.Host})` : ""} → ${r.status}`;
    // Pages carry more directives (script-src with a nonce); every answer must carry frame-ancestors 'none'.
    const directives = (r.headers["content-security-policy"] ?? "").split(";").map((d) => d.trim());
    assert(
      directives.includes("frame-ancestors 'none'"),
      `${where}: Content-Security-Policy ${r.headers["content-security-policy"]}`,
    );
    assert(r.headers["x-frame-options"] === "DENY", `${where}: X-Frame-Options ${r.headers["x-frame-options"]}`);
  }
}

export function register({ test, assert }) {
  test("every page, route, probe and asset path forbids framing (CSP frame-ancestors 'none' + X-Frame-Options DENY)", async ({
    srv,
  }) => {
    await assertFrameHeaders(assert, srv.port, "npm start's server");
  });

  test("a cross-site frame of the playground stays empty (the browser enforces frame-ancestors)", async ({
    ctx,
    srv,
  }) => {
    // A page on another site (localhost is not 127.0.0.1) embeds the playground. Not a data: URL page: Chromium
    // refuses a loopback frame inside one whatever the headers say, so the case could not fail. Its own tab: Chromium
    // logs the refusal as a console error, which the runner would count against the case.
    const outer = http.createServer((req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end(`<iframe id="f" onload="window.frameLoaded=true" src="${srv.base}/" width="800" height="600"></iframe>`);
    });
    await new Promise((resolve) => outer.listen(0, "127.0.0.1", resolve));
    try {
      const page = await ctx.context.newPage();
      const errors = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`http://localhost:${outer.address().port}/`);
      // The frame's load event fires once the browser has done what it does with the answer (here: refused it).
      await page.waitForFunction(() => window.frameLoaded === true, null, { timeout: 30_000 });
      const frame = page.frames().find((f) => f.url().startsWith(srv.base));
      const framed = frame
        ? await frame
            .locator('[data-testid="playground"], [data-testid="signin"]')
            .count()
            .catch(() => 0)
        : 0;
      assert(framed === 0, "the playground rendered inside a cross-site frame");
      assert(
        errors.some((e) => e.includes("frame-ancestors")),
        `the browser did not say it refused the frame (frame-ancestors): ${errors.join(" | ")}`,
      );
    } finally {
      outer.close();
    }
  });

  test("an experiment link whose script runs a command asks first (argv, cwd, env keys) and calls nothing until confirmed", async ({
    pg,
    page,
  }) => {
    const { marker, target } = markedCalendar("lab-confirm-e2e", { LAB_SECRET: "" });
    const script = {
      format: "mcp-playground/lab-script@1",
      title: "A command from a link",
      description: "Lists the tools of a command the link chose.",
      target,
      steps: [
        {
          id: "A",
          label: "tools/list",
          frame: request(1, "tools/list"),
        },
      ],
    };
    const calls = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith("/api/lab/") || path.startsWith("/api/bridge/send") || path.startsWith("/api/bridge/process"))
        calls.push(path);
    });
    await pg.openPath(`/${labFragment(script, ["stdio-one-process"])}`);
    await pg.tid("lab-from-link").waitFor({ timeout: 30_000 });
    await pg.tid("lab-run").click();
    const dialog = pg.tid("run-live-dialog");
    await dialog.waitFor({ timeout: 10_000 });
    const argv = await pg.tid("run-live-argv").innerText();
    assert(
      argv.includes(JSON.stringify(process.execPath)) && argv.includes(JSON.stringify(marker)),
      `argv shown: ${argv}`,
    );
    assert(
      (await pg.tid("run-live-cwd").innerText()) === ROOT,
      `cwd shown: ${await pg.tid("run-live-cwd").innerText()}`,
    );
    assert((await pg.tid("run-live-env").innerText()).includes("LAB_SECRET"), "env keys shown");
    assert(
      (await dialog.innerText()).includes("This experiment asks the playground to start this program"),
      await dialog.innerText(),
    );
    // Fixed waits on purpose (here and below): they prove that nothing is called (an absence has no event to wait for).
    await page.waitForTimeout(800);
    assert(calls.length === 0, `the page called the bridge before confirmation: ${calls.join(", ")}`);
    assert(!isRunning(marker), "the command ran before confirmation");
    await pg.tid("run-live-dialog-close").click();
    await page.waitForTimeout(500);
    assert(calls.length === 0 && !isRunning(marker), `closing the dialog ran something: ${calls.join(", ")}`);
    await pg.tid("lab-run").click();
    await pg.tid("run-live-confirm").click();
    await page.waitForSelector('[data-testid="lab-column-stdio-one-process"] [data-testid="lab-step"]', {
      timeout: 60_000,
    });
    assert(
      calls.filter((c) => c === "/api/lab/run").length === 1,
      `after confirmation the lab runs once: ${calls.join(", ")}`,
    );
    const steps = await pg.tid("lab-column-stdio-one-process").locator('[data-testid="lab-step"]').allInnerTexts();
    assert(
      steps.some((s) => s.includes("tools/list")),
      `the confirmed script ran: ${steps.join(" | ")}`,
    );
    // The confirmed command is remembered: running the same script again does not ask again.
    await pg.tid("lab-run").click();
    // A fixed wait on purpose: it proves that the dialog does not come back.
    await page.waitForTimeout(300);
    assert((await pg.tid("run-live-dialog").count()) === 0, "the same confirmed command asked again");
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="lab-run"]')?.textContent?.includes("Running"),
      null,
      { timeout: 60_000 },
    );
    assert(!isRunning(marker), "the lab left the command running");
  });
}
