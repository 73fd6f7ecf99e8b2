// Share links, the examples gallery and export/import (issue 7). Registered in tests/e2e/run.mjs with one line.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { SharePage, fragmentOf, payloadOf } from "../pages/share.mjs";
import { request } from "../steps/frames.mjs";
import { postJson } from "../steps/http.mjs";
import { isRunning, markedCalendar } from "../steps/marked-command.mjs";

const EXAMPLES_DIR = path.join(ROOT, "lib/share/examples");
const EXAMPLES = readdirSync(EXAMPLES_DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(path.join(EXAMPLES_DIR, f), "utf8")));

/** What each recorded exchange must visibly contain (the chapter's point of each trace). */
const MUST_SHOW = {
  "legacy-bare-tools-list": ["→ tools/list", "get-tiny-image"],
  "modern-tools-list": ["→ tools/list", "create_event", '"cacheScope":"public"'],
  "discover-legacy-fallback": ["← error -32601 Method not found", '"protocolVersion":"2025-11-25"'],
  "missing-envelope": ["← error -32602"],
  "missing-capability": ["← error -32021"],
  "unsupported-version": ["← error -32022"],
  "calendar-three-ways": ["→ resources/read", "→ prompts/get", "Created e3: Dentist"],
  "calendar-app-way": ["ui://calendar/week.html", "text/html;profile=mcp-app", "Created e3: Dentist"],
  "dentist-mrtr": ['"resultType":"input_required"', "Created e3: Dentist at 2026-09-10T08:30:00Z"],
  "isolation-abc": ['"resultType":"input_required"', "Created e3", "Design review"],
  "token-bill": ["→ initialize", "simulate-research-query"],
};

const MARKUP = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b data-injected="1">b</b>';

function bridgeProcess(srv, token, action, target) {
  return postJson(srv.port, "/api/bridge/process", { action, target }, { "x-playground-token": token });
}

/** Screenshots of what a rule looks like (test-results/screenshots/ unless E2E_UPDATE_SCREENSHOTS=1). */
const shot = (page, name) =>
  page.screenshot({ path: path.join(ROOT, "tests/e2e/screenshots", `everyday-${name}.png`) });

/**
 * What an example's page proves beyond its recorded exchanges, checked on the same load (issue 42: each was a case in
 * everyday.mjs that opened the same gallery link offline again).
 */
const ALSO_ON = {
  "calendar-three-ways": [
    [
      "a gallery example's cache badge says 'recorded — freshness not tracked', never an age from 1970 (B2)",
      recordedBadgeNotAnAge,
    ],
    [
      "the pretty view indents the reply and shows JSON a server put in a string decoded, marked; example links put a formatted frame in the editor",
      prettyViewDecodesStrings,
    ],
  ],
  "dentist-mrtr": [["the MRTR conversation total is the sum of its rounds (B9)", mrtrTotalIsSumOfRounds]],
};

/** A gallery example's cache badge says 'recorded — freshness not tracked', never an age from 1970 (B2). */
async function recordedBadgeNotAnAge(sp, example, assert) {
  const texts = await sp.page.locator('[data-testid="freshness"]').allInnerTexts();
  assert(
    texts.length > 0 && texts.every((t) => t === "recorded — freshness not tracked"),
    `freshness: ${texts.join(" | ")}`,
  );
  await shot(sp.page, "recorded-badge");
}

/** The pretty view indents the reply and shows JSON a server put in a string decoded, marked; example links put a
 * formatted frame in the editor. */
async function prettyViewDecodesStrings(sp, example, assert) {
  // By its number: once the pretty view replaces the trace, the card's text changes.
  const seq = await sp.page
    .locator('[data-testid="exchange-card"]')
    .filter({ hasText: "→ resources/read" })
    .first()
    .getAttribute("data-seq");
  const readCard = sp.card(seq);
  assert((await readCard.locator('[data-testid="trace"]').count()) === 1, "the one-line trace is the default");
  await readCard.locator('[data-testid="toggle-pretty"]').click();
  const pretty = readCard.locator('[data-testid="pretty-view"]');
  await pretty.waitFor();
  assert(
    (await pretty.locator('[data-testid="pretty-decoded"]').count()) >= 1,
    "the JSON inside resources/read text is marked as decoded",
  );
  const text = await pretty.innerText();
  await readCard.scrollIntoViewIfNeeded();
  await shot(sp.page, "pretty");
  assert(text.includes('"title": "Standup"') && !text.includes('\\"title\\"'), `pretty text: ${text.slice(0, 400)}`);
  await sp.waitForEditor();
  const editor = await sp.editorText();
  assert(editor.includes('"jsonrpc": "2.0"'), `example frame formatted in the editor: ${editor.slice(0, 200)}`);
}

/** The MRTR conversation total is the sum of its rounds (B9). */
async function mrtrTotalIsSumOfRounds(sp, example, assert) {
  const sum = Math.round(example.payload.exchanges.reduce((s, x) => s + x.durationMs, 0));
  await sp.tid("tab-mrtr").click();
  const total = await sp.tid("mrtr-total").first().innerText();
  assert(total === `${sum} ms`, `total ${total}, rounds add up to ${sum} ms`);
}

/** The gallery example `example`, opened from its link with the bridge cut, shows its recorded exchanges and verdicts
 * and has called nothing. */
async function showsRecordedExample(sp, example, assert) {
  const notice = await sp.tid("link-banner-notice").innerText();
  assert(notice === "Opened from a link — nothing has been sent", `${example.id}: banner: ${notice}`);
  assert((await sp.tid("link-title").innerText()) === example.payload.title, `${example.id}: the title is shown`);
  const n = example.payload.exchanges.length;
  assert((await sp.cardCount()) === n, `${example.id}: cards: ${await sp.cardCount()} of ${n}`);
  let traces = "";
  for (let seq = 1; seq <= n; seq++) {
    const status = await sp.card(seq).getAttribute("data-status");
    assert(["response", "error", "notification"].includes(status), `${example.id}: card #${seq} status ${status}`);
    traces += `${await sp.traceText(seq)}\n`;
  }
  for (const expected of MUST_SHOW[example.id])
    assert(traces.includes(expected), `${example.id}: "${expected}" not in\n${traces.slice(0, 600)}`);
  const verdicts = example.payload.exchanges.flatMap((x) => x.verdicts ?? []).map((v) => v.text);
  const shown = await sp.page.locator('[data-testid="link-verdict"]').allInnerTexts();
  assert(
    verdicts.every((v) => shown.some((s) => s.endsWith(v))),
    `${example.id}: verdicts shown: ${shown.join(" | ")}`,
  );
  assert(
    sp.bridgeCalls.length === 0,
    `${example.id}: the page called the bridge on load: ${sp.bridgeCalls.join(", ")}`,
  );
}

/** Issue 33: a lesson link is a link too — each gallery lesson link opens the Auth tab with the lesson chosen and
 * explained, with the bridge and auth routes unreachable (`sp` cut them), and runs nothing until Run. */
async function lessonLinksOpenOffline(sp, page, srv, assert) {
  const lessons = await sp.lessonLinks();
  assert(lessons.length >= 1, "the gallery has lessons");
  for (const lesson of lessons) {
    assert(lesson.href === `/#auth=${lesson.id}`, `the card's link: ${lesson.href}`);
    await page.goto("about:blank");
    await page.goto(srv.base + lesson.href);
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    const notice = sp.tid("auth-lesson");
    await notice.waitFor({ timeout: 30_000 });
    assert((await sp.tid("tab-auth").getAttribute("aria-selected")) === "true", "the Auth tab is in front");
    assert(
      (await sp.tid("auth-source").inputValue()) === lesson.id,
      `chosen: ${await sp.tid("auth-source").inputValue()}`,
    );
    assert(
      (await sp.tid("auth-lesson-notice").innerText()) === "Opened from a link — nothing has been sent",
      "the same words as every link",
    );
    const text = await notice.innerText();
    assert(text.includes(lesson.title) && text.includes(lesson.about), `explained: ${text.slice(0, 300)}`);
    assert((await sp.tid("auth-result").count()) === 0, "no run is shown");
    // The lesson is shown, so the Auth panel has mounted and chosen it: a call on open would be under way by now.
    await page.waitForLoadState("networkidle");
    assert(sp.bridgeCalls.length === 0, `${lesson.id}: the page called on open: ${sp.bridgeCalls.join(", ")}`);
  }
  // Run then runs it: tests/e2e/cases/auth-lesson.mjs (with the routes reachable).
}

export function register({ test, assert }) {
  // One page reads the gallery, then opens each example's link in turn (a full load each, the bridge cut throughout):
  // the examples only read the page, so a case serves several (issue 42); a failure names its example. Two cases, so
  // that each stays under a minute on a loaded machine: the cards and the first half, then the rest and the lessons.
  const half = Math.ceil(EXAMPLES.length / 2);
  for (const [part, examples] of [
    [1, EXAMPLES.slice(0, half)],
    [2, EXAMPLES.slice(half)],
  ]) {
    const rules = [
      ...(part === 1 ? ["the examples page shows every chapter trace as a card with an explanation and a link"] : []),
      `gallery link opens with the bridge unreachable and shows the recorded exchange: ${examples.map((e) => e.id).join(", ")}`,
      ...examples.flatMap((e) => (ALSO_ON[e.id] ?? []).map(([rule]) => rule)),
      ...(part === 2
        ? [
            "every gallery lesson link opens with the bridge and auth routes unreachable: the Auth tab, the lesson chosen and explained, nothing run until Run",
          ]
        : []),
    ];
    test(rules.join("; "), async ({ page, srv }) => {
      const sp = await SharePage.offline(page, srv.base);
      const links = await sp.galleryLinks();
      if (part === 1) {
        assert(links.length === EXAMPLES.length && links.length >= 10, `cards: ${links.length}`);
        for (const l of links) {
          assert(l.href.startsWith("/#v=1&s="), `${l.id}: href ${l.href.slice(0, 30)}`);
          assert(l.about.length > 80, `${l.id}: explanation "${l.about}"`);
        }
      }
      for (const example of examples) {
        await sp.openLink(links.find((l) => l.id === example.id).href);
        await showsRecordedExample(sp, example, assert);
        for (const [, check] of ALSO_ON[example.id] ?? []) await check(sp, example, assert);
      }
      if (part === 2) await lessonLinksOpenOffline(sp, page, srv, assert);
    });
  }

  test("a link carrying a stdio command spawns nothing until the user confirms the full argv (checked in the process table)", async ({
    page,
    srv,
    token,
  }) => {
    const { marker, target } = markedCalendar("share-e2e-marker", { API_KEY: "" });
    const frame = JSON.stringify(request(1, "server/discover"));
    const recorded = EXAMPLES.find((e) => e.id === "modern-tools-list").payload.exchanges[0];
    const sp = new SharePage(page, srv.base);
    try {
      await sp.openLink("/" + fragmentOf({ target, editor: frame, exchanges: [{ ...recorded, target }] }));
      assert(!isRunning(marker), "the command ran on load");
      assert((await sp.tid("link-stdio-note").count()) === 1, "the banner says the command waits for confirmation");
      assert(
        !(await sp.tid("target-label").innerText()).includes(marker),
        "the link's command must not become the active target",
      );
      await sp.tid("run-live").click();
      const dialog = sp.tid("run-live-dialog");
      await dialog.waitFor();
      const argv = await sp.tid("run-live-argv").innerText();
      assert(
        argv.includes(JSON.stringify(process.execPath)) && argv.includes(JSON.stringify(marker)),
        `argv shown: ${argv}`,
      );
      assert((await sp.tid("run-live-cwd").innerText()) === ROOT, "cwd shown");
      assert((await sp.tid("run-live-env").innerText()).includes("API_KEY"), "env keys shown");
      assert(!isRunning(marker), "the command ran when the dialog opened");
      await sp.tid("run-live-dialog-close").click();
      // A fixed wait on purpose: it proves that closing the dialog runs nothing.
      await page.waitForTimeout(500);
      assert(!isRunning(marker), "the command ran although the dialog was closed");
      await sp.tid("run-live").click();
      await sp.tid("run-live-confirm").click();
      const status = await sp.settled(2, 30_000);
      assert(status === "response", `live card: ${status} ${await sp.traceText(2)}`);
      assert(
        (await sp.traceText(2)).includes("create_event"),
        `the recorded frame was sent live: ${await sp.traceText(2)}`,
      );
      assert(isRunning(marker), "after confirmation the command runs");
      await sp.tid("process-close").click();
      await page
        .waitForSelector('[data-testid="process-panel"][data-status="exited"]', { timeout: 10_000 })
        .catch(() => {});
    } finally {
      // The target as the session built it (env keys left empty are not set).
      await bridgeProcess(srv, token, "close", {
        kind: "stdio",
        command: target.command,
        args: target.args,
        cwd: target.cwd,
      });
    }
    assert(!isRunning(marker), "the process was left running after close");
  });

  test("a hostile link with markup in every string runs nothing and injects no element; bad links say why and load the default page", async ({
    page,
    srv,
  }) => {
    const sp = await SharePage.offline(page, srv.base);
    const dialogs = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const stdout = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: MARKUP }], [MARKUP]: MARKUP },
    });
    const hostile = {
      title: MARKUP,
      about: MARKUP,
      editor: MARKUP,
      target: { kind: "http", url: "http://127.0.0.1:9/mcp", headers: { [`X-${"a".repeat(3)}`]: MARKUP } },
      capabilities: { [MARKUP]: MARKUP },
      protocolVersion: "2026-07-28",
      omitted: [MARKUP],
      exchanges: [
        {
          label: MARKUP,
          targetLabel: MARKUP,
          sent: MARKUP,
          durationMs: 1,
          events: [
            { t: 0, kind: "http-request", method: "POST", headers: [[MARKUP, MARKUP]], added: [MARKUP] },
            { t: 1, kind: "http-response", status: 200, statusText: MARKUP, headers: [[MARKUP, MARKUP]] },
            { t: 2, kind: "sse-event", event: MARKUP, id: MARKUP, data: stdout },
            { t: 3, kind: "stderr", text: MARKUP },
            { t: 4, kind: "note", text: MARKUP },
          ],
          verdicts: [{ level: "fail", text: MARKUP }],
        },
        {
          sent: "{}",
          durationMs: 1,
          outcome: { kind: "failure", failure: "exit", message: MARKUP, stderrTail: [MARKUP] },
          events: [],
        },
        {
          label: MARKUP,
          transport: "stdio",
          sent: MARKUP,
          durationMs: 2,
          process: { pid: 1, fresh: true, exit: { code: 1, signal: MARKUP.slice(0, 60) } },
          events: [
            { t: 0, kind: "spawn", pid: 1, argv: [MARKUP, MARKUP], cwd: MARKUP },
            { t: 1, kind: "stdin", text: MARKUP },
            { t: 2, kind: "stdout", text: MARKUP, parseError: MARKUP },
            { t: 3, kind: "stdout", text: stdout, unsolicited: true },
            { t: 4, kind: "http-body", text: MARKUP, truncated: true },
            { t: 5, kind: "exit", pid: 1, code: null, signal: MARKUP.slice(0, 60) },
          ],
          verdicts: [{ level: "warn", text: MARKUP }],
        },
      ],
    };
    await sp.openLink("/" + fragmentOf(hostile));
    assert((await sp.tid("link-title").innerText()) === MARKUP, "the title is shown as text");
    for (let seq = 1; seq <= 3; seq++) await sp.openWire(seq);
    await page.locator('[data-testid="link-omitted"] summary').click();
    assert((await sp.traceText(1)).includes(MARKUP.slice(0, 20)), "the frame is shown as text");
    const injected = await page.evaluate(() => ({
      pwned: window.__pwned,
      imgs: document.querySelectorAll('[data-testid="playground"] img').length,
      bold: document.querySelectorAll("[data-injected]").length,
      onerror: document.querySelectorAll("[onerror]").length,
    }));
    assert(
      injected.pwned === undefined && injected.imgs === 0 && injected.bold === 0 && injected.onerror === 0,
      `injected: ${JSON.stringify(injected)}`,
    );
    assert(dialogs.length === 0, `a dialog opened: ${dialogs.join(" | ")}`);

    const good = fragmentOf({ editor: "{}" });
    for (const [fragment, why] of [
      [good.slice(0, good.length - 6), /could not load this link: .*(cut off|corrupt)/],
      ["#v=7&s=AAAA", /could not load this link: it was made by a newer playground \(format v7\)/],
      [
        `#v=1&s=${encodeURIComponent("<script>alert(1)</script>")}`,
        /could not load this link: character "<" at position 0/,
      ],
      [fragmentOf({ exchanges: [{ sent: 5 }] }), /could not load this link: the field exchanges\[0\]\.sent is invalid/],
    ]) {
      await sp.openLink("/" + fragment);
      const text = await sp.tid("link-error").innerText();
      assert(why.test(text), `error for ${fragment.slice(0, 30)}: ${text}`);
      assert((await sp.tid("timeline-empty").count()) === 1, "the default page (empty timeline) is shown");
      await page.waitForSelector('[data-testid="editor"] .monaco-editor .view-lines', {
        state: "visible",
        timeout: 30_000,
      });
      assert(
        (await sp.editorText()).includes('"method": "server/discover"'),
        `the default editor text is shown: ${await sp.editorText()}`,
      );
    }
    assert(sp.bridgeCalls.length === 0, `bridge calls: ${sp.bridgeCalls.join(", ")}`);
    assert(dialogs.length === 0, `a dialog opened: ${dialogs.join(" | ")}`);
  });

  test("copy as curl, run with real curl against the embedded HTTP calendar, returns what the playground got", async ({
    page,
    srv,
  }) => {
    const sp = await SharePage.opened(page, srv.base);
    await sp.chooseTarget("calendar-http");
    const frame = request(7, "prompts/get", {
      name: "prepare_week",
      arguments: { focus: 'it\'s "deep" work; $(echo no)' },
    });
    await sp.setEditorText(JSON.stringify(frame));
    await sp.send();
    assert((await sp.settled(1)) === "response", `playground: ${await sp.traceText(1)}`);
    await sp.card(1).locator('[data-testid="toggle-meta"]').click();
    const line = (await sp.traceText(1)).split("\n").find((l) => l.startsWith("← "));
    const shown = JSON.parse(line.slice(2));
    await sp.openShareTab();
    for (const [button, seq] of [["curl-editor"], ["curl-recorded", 1]]) {
      const command = await sp.curlFor(button, seq);
      for (const h of [
        "Accept: application/json, text/event-stream",
        "MCP-Protocol-Version: 2026-07-28",
        "Mcp-Method: prompts/get",
        "Mcp-Name: prepare_week",
      ]) {
        assert(command.toLowerCase().includes(h.toLowerCase()), `${button}: ${h} missing in\n${command}`);
      }
      const out = execFileSync("sh", ["-c", command], { encoding: "utf8", timeout: 20_000 });
      const reply = JSON.parse(out);
      assert(
        JSON.stringify(reply.result) === JSON.stringify(shown),
        `${button}: curl got ${JSON.stringify(reply.result).slice(0, 300)}\nplayground ${JSON.stringify(shown).slice(0, 300)}`,
      );
    }
  });

  test("Share puts the session in the link, lists what it left out, and the link reopens offline with the same exchange", async ({
    page,
    srv,
    ctx,
  }) => {
    const sp = await SharePage.opened(page, srv.base);
    await sp.send();
    assert((await sp.settled(1)) === "response", "server/discover answered");
    const trace = await sp.traceText(1);
    await sp.chooseTarget("custom-http");
    await sp.tid("custom-url").fill("http://127.0.0.1:9/mcp?api_key=sk-e2e-secret-123456");
    const { url, omitted } = await sp.share();
    assert(
      omitted.some((o) => o.includes('query parameter "api_key"')),
      `omitted: ${omitted.join(" | ")}`,
    );
    assert(!url.includes("sk-e2e-secret"), "the secret is in the link");
    assert(!JSON.stringify(payloadOf(url)).includes("sk-e2e-secret-123456"), "the secret is inside the payload");
    assert(
      new URL(page.url()).hash !== new URL(url).hash,
      "sharing must leave the sharer's address bar alone (issue 27 bug 1)",
    );
    const other = await ctx.context.newPage();
    const viewer = await SharePage.viewOffline(other, srv.base, url);
    assert((await viewer.traceText(1)) === trace, `reopened trace:\n${await viewer.traceText(1)}\nvs\n${trace}`);
    assert(viewer.bridgeCalls.length === 0, "the reopened link called the bridge");
  });

  test("a session file exports, and imports back as a read-only view; a mcpServers block becomes a target without spawning", async ({
    page,
    srv,
  }) => {
    const sp = new SharePage(page, srv.base);
    await sp.openLink((await sp.galleryLinks()).find((l) => l.id === "dentist-mrtr").href);
    await sp.openShareTab();
    const [download] = await Promise.all([page.waitForEvent("download"), sp.tid("export-session").click()]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    assert(
      file.format === "mcp-playground-session" && file.version === 1 && file.state.exchanges.length === 2,
      `file: ${JSON.stringify(file).slice(0, 200)}`,
    );
    await sp.open();
    await sp.openShareTab();
    await sp.tid("import-session").setInputFiles(await download.path());
    await sp.banner().waitFor();
    assert(
      (await sp.tid("link-banner-notice").innerText()) === "Opened from a session file — nothing has been sent",
      "file banner",
    );
    assert((await sp.cardCount()) === 2, "both exchanges are back");
    const marker = `share-e2e-config-${Date.now()}`;
    await sp.tid("config-input")
      .fill(`{"mcpServers": {"mine": {"command": "node", "args": ["server.js", "${marker}"], "env": {"TOKEN": "x"}}, // a comment
      }}`);
    await sp.tid("config-read").click();
    await sp.tid("config-use").click();
    assert((await sp.tid("custom-argv").innerText()).includes(marker), "the imported command is the target");
    assert(!isRunning(marker), "importing a config started the command");
  });
}
