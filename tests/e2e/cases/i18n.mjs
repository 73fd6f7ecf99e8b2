// The playground in the chapter's languages (issue 32): the browser's language chooses the first paint's, the
// header's lang-select switches without a reload and is remembered, <html lang> follows, links carry no language,
// and the Cyrillic labels neither scroll the page sideways at 800 px nor leave a control without a name.
//
// The deep flows are walked once, in Russian (issue 42): the longest labels and the richest plurals, and what a walk
// finds is language-independent (a component that bypasses the catalogue, a label that overflows). A catalogue entry
// left in English is found for every key, in both languages, by tests/unit/i18n/translated.test.ts. Bulgarian keeps
// what only a browser proves: the first paint in its language, <html lang>, the language select, and every tab's
// first state at 800 px (docs/testing.md lists what moved where).
import path from "node:path";
import { guardedContext, ROOT } from "../harness.mjs";
import { A11yPage, LANGUAGE_RULES } from "../pages/a11y.mjs";
import { ChecksPage } from "../pages/checks.mjs";
import { PlaygroundPage } from "../pages/playground.mjs";

// A few labels per language, each from a different part of the chapter's path.
const SAYS = {
  bg: {
    tabTimeline: "Хронология",
    tabCatalog: "Каталог",
    send: "Изпрати",
    probe: "Провери ерата",
    legacy: "legacy server",
  },
  ru: {
    tabTimeline: "Хронология",
    tabCatalog: "Каталог",
    send: "Отправить",
    probe: "Определить эпоху",
    legacy: "legacy-сервер",
  },
  en: { tabTimeline: "Timeline", tabCatalog: "Catalogue", send: "Send", probe: "Probe era", legacy: "a legacy server" },
};

// The gallery and the sign-in page (server-rendered before any script: their first paint is in the language too).
const PAGES = {
  bg: {
    gallery: "Примери от главата",
    card: "Гол tools/list, обслужен от legacy server без handshake",
    open: "Отвори записания обмен",
    signin: "Вход в този MCP Playground",
    wrong: "този token не е на текущото стартиране",
  },
  ru: {
    gallery: "Примеры из главы",
    card: "Голый tools/list, обслуженный legacy-сервером без handshake",
    open: "Открыть записанный обмен",
    signin: "Вход в этот MCP Playground",
    wrong: "этот token не от текущего запуска",
  },
};

/** How far the page scrolls sideways (0 when nothing overflows). */
const sideways = (page) =>
  page.evaluate(() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth);

/** A page in a browser opened with `options` (its languages first, the storage state it is signed in with, its size). */
async function openIn(ctx, srv, options) {
  const guarded = await guardedContext(ctx.context.browser(), options);
  const page = await guarded.context.newPage();
  const pg = new PlaygroundPage(page, srv.base);
  return { guarded, page, pg };
}

// The Saved, Diff and Apps tabs with something in them (issue 32, i18n-b; in Russian, issue 42): a few words each, from the panel itself,
// the lib sentences it shows (a run's status, the diff's summary, a wire message's meaning) and a status.
const TABS_SAY = {
  ru: {
    savedHeading: "Сохранено для calendar (stdio) (1)",
    collection: "(1 фрейм)",
    diffSummary: "Ломающих изменений нет; не ломающих: 0; ответов совпало (без учёта id): 4 из 4",
    diffRow: "то же самое",
    appsTools: "App-инструменты",
    appsVisible: "видят: model и app",
    wireInitialize: "Рукопожатие приложения",
    running: "работает",
  },
};

/** Where a tab's panel is: the scope of the axe runs after a step in that tab. */
const panel = (id) => `#panel-${id}`;

/**
 * Runs `body` in a browser of each of `languages` (`[locale, lang]` pairs) opened with `options`. `check(where,
 * include)` notes a sideways scroll and axe's serious and critical findings inside the `include` selectors (the whole
 * page when none); asserted together once each language is done. `sideways(where)` notes only the scroll. `axe`:
 * "all" runs every WCAG 2.1 A/AA rule (the deep states these walks reach are checked by no English axe gate),
 * "language" only the rules a translation can change (LANGUAGE_RULES: the states an English gate checks in full),
 * false none.
 */
async function inLanguages({ ctx, srv, assert }, languages, options, body, { axe = "all" } = {}) {
  for (const [locale, lang] of languages) {
    const { guarded, page, pg } = await openIn(ctx, srv, { ...options, locale });
    try {
      const a11y = new A11yPage(pg);
      const found = [];
      const wide = [];
      const scrolls = async (where) => {
        const over = await sideways(page);
        if (over > 0) wide.push(`${lang} · ${where}: ${over}px too wide`);
      };
      const check = async (where, include) => {
        await scrolls(where);
        if (!axe) return;
        const rules = axe === "language" ? LANGUAGE_RULES : undefined;
        const seen = await a11y.axe(`${lang} · ${where}`, { include, rules });
        found.push(...seen.filter((v) => ["serious", "critical"].includes(v.impact)));
      };
      await body({ lang, page, pg, a11y, check, sideways: scrolls });
      assert(wide.length === 0, wide.join("; "));
      assert(found.length === 0, `${found.length} serious/critical:\n${found.map((v) => v.line).join("\n")}`);
    } finally {
      await guarded.context.close();
    }
  }
}

const RUSSIAN = [["ru-RU", "ru"]];
const TARGET_BAR = '[data-testid="target-bar"]';
const BULGARIAN = [["bg-BG", "bg"]];

/** `inLanguages` in a Russian browser: the deep flows are walked once, in Russian (see the top of this file). */
const inRussian = (env, options, body) => inLanguages(env, RUSSIAN, options, body);

/**
 * A case that runs `body` once in Russian (`inRussian`), signed in at 800×700 on the calendar (stdio), with `says`:
 * the Russian words from `SAY`.
 */
const onTheCalendarInRussian =
  (assert, SAY, body) =>
  ({ ctx, srv, storageState }) =>
    inRussian({ ctx, srv, assert }, { storageState }, async (opened) => {
      await opened.pg.open();
      await opened.page.setViewportSize({ width: 800, height: 700 });
      await opened.pg.chooseTarget("calendar-stdio");
      await body({ ...opened, says: SAY[opened.lang] });
    });

/**
 * Who decides' Fetch, until the calendar's tools are listed and the fetch has ended: the button is enabled again and
 * its colour transition has finished (axe reads a half-way colour as a contrast failure).
 */
async function fetchWhoDecides(page) {
  await page.locator('[data-testid="fetch-catalogue"]').click();
  await page.waitForFunction(
    () => {
      const button = document.querySelector('[data-testid="fetch-catalogue"]');
      const tools = document.querySelector('[data-testid="who-tools"]')?.textContent ?? "";
      return tools.includes("create_event") && button && !button.disabled && button.getAnimations().length === 0;
    },
    null,
    { timeout: 30_000 },
  );
}

/** The Saved tab with a frame kept and a collection holding it. */
async function fillSaved(pg, lang) {
  const a11y = new A11yPage(pg);
  await a11y.openTab("saved");
  await pg.tid("saved-name").fill("Dentist");
  await pg.tid("saved-save").click();
  await pg.page.locator('[data-testid="saved-item"][data-name="Dentist"]').waitFor();
  await pg.tid("collection-name").fill("Class 1");
  await pg.tid("collection-create").click();
  const collection = pg.page.locator('[data-testid="saved-collection"][data-name="Class 1"]');
  await collection.waitFor();
  await pg.page
    .locator('[data-testid="saved-item"][data-name="Dentist"] [data-testid="saved-add-to"]')
    .selectOption({ label: "Class 1" });
  await pg.page.waitForFunction(
    (want) => document.querySelector('[data-testid="saved-collection"]')?.textContent.includes(want),
    TABS_SAY[lang].collection,
  );
  return pg.tid("saved-panel").innerText();
}

/** The Diff tab after the calendar's cassette was replayed against the embedded calendar. */
async function fillDiff(pg) {
  const a11y = new A11yPage(pg);
  await a11y.openTab("cassette");
  await pg.tid("cassette-file").setInputFiles(path.join(ROOT, "tests/fixtures/cassettes/calendar.json"));
  await pg.page.waitForFunction(() =>
    document.querySelector('[data-testid="cassette-loaded"]')?.textContent.includes("calendar.json"),
  );
  await pg.tid("cassette-diff-run").click();
  await pg.page.waitForSelector('[data-testid="cassette-diff"], [data-testid="cassette-diff-error"]', {
    timeout: 60_000,
  });
  return pg.tid("cassette-panel").innerText();
}

/** The Apps tab with the calendar's show_week app running. */
async function fillApps(pg) {
  const a11y = new A11yPage(pg);
  await pg.chooseTarget("calendar-app-stdio");
  await a11y.openTab("apps");
  await pg.tid("apps-list").click();
  await pg.tid("apps-tool").first().waitFor({ timeout: 30_000 });
  await pg.tid("apps-run").click();
  await pg.page.waitForSelector('[data-testid="apps-run-area"][data-phase="running"]', { timeout: 30_000 });
  await pg.page
    .frameLocator('[data-testid="apps-frame"]')
    .frameLocator("iframe")
    .getByText("Design review")
    .waitFor({ timeout: 30_000 });
  await pg.page.waitForSelector('[data-testid="apps-wire-row"][data-method="ui/initialize"]');
  return pg.tid("apps-panel").innerText();
}

// The Checks tab after a real run, the doctor's verdict and the Who decides tab (issue 32, i18n-a; in Russian, issue
// 42): words from the
// panel's chrome, a check's detail (a lib sentence kept as a Msg), the doctor's summary and the primitives' owners.
const CHECKS_SAY = {
  ru: {
    title: "Проверки — корректен ли этот сервер по 2026-07-28?",
    passed: "успешно:",
    detail: "несут допустимый resultType",
    doctor: "Исправен:",
    doctorRung: "Процесс запустился и ответил в stdout.",
    decides: "решает",
    model: "модель",
    trust: "Я доверяю этому серверу",
    emulation: "без поддержки MRTR",
    pinned: "(не закреплена)",
    exportRow: "Экспортировать этот прогон (в форматах CLI):",
    share: "Поделиться: ссылка и значок",
    eraCard: "— legacy-сервер (2025-11-25): проверки только для 2026-07-28 неприменимы",
    eraSees: "Что видит современный клиент:",
    eraLine: "сервер ответил 2025-11-25: legacy-сервер.",
  },
};

// Who decides' argument lists and tool hints, the template menu's hints, the Catalogue tab after a bill (the what-if
// editor, the table, a refusal), a Diff difference's detail and the Share tab and dialog (issue 32, i18n-b; in Russian,
// issue 42).
const SCREENS_SAY = {
  ru: {
    template: "Список инструментов (кэшируется: ttlMs, cacheScope).",
    args: "аргументы: ",
    hint: "только читает (readOnlyHint)",
    whatIf: "Что если…",
    whatIfHelp: "Сократите description или уберите свойство из схемы",
    editTitle: " — изменить в редакторе «Что если…»",
    whatIfError: "определение инструмента — это JSON-объект",
    diffDetail: 'инструмент "cancel_event" удалён',
    diffHeading: "по записи",
    pick: "Выберите, что войдёт в ссылку",
    file: "Файл сессии и стенограмма",
    pickMade: "Ссылка с ",
    omittedQuery: "параметр query «api_key»",
    fileSaved: "Опущено:",
    curl: "Копировать как curl",
    importConfig: "Импорт цели из конфигурации mcpServers",
  },
};

/** English a translated screen must no longer show (the words these screens said before issue 32's last steps). */
const NO_LONGER_ENGLISH = [
  "arguments:",
  "What if…",
  "Apply and re-bill",
  "edit it in the what-if editor",
  "is gone",
  "as recorded",
  "Choose what goes into a link",
  "Tick all",
  "Session file and transcript",
  "Left out",
  "the query parameter",
];

const englishLeft = (text) => NO_LONGER_ENGLISH.filter((e) => text.includes(e));

// The Cache tab's listen stream against a server that breaks the listen rules, and the Apps doctor (issue 32,
// i18n-a; in Russian, issue 42): the section's heading, a rule break, how the stream ended, a host's name, a reason and a check's title.
const LISTEN_APPS_SAY = {
  ru: {
    listenHeading: "subscriptions/listen — уведомления, которые инвалидируют кэш",
    ackFirst: "notifications/tools/list_changed пришло раньше notifications/subscriptions/acknowledged.",
    ended: "завершён: закрыт пользователем",
    endMessage: "закрыт пользователем: отправлено notifications/cancelled для",
    generic: "Универсальный хост (полная поддержка)",
    noApps: "не отрисовывает MCP Apps: вместо приложения показывается текстовый результат инструмента",
    ap03: "_meta.ui.visibility задан корректно",
  },
};

/** The Dating tab's pasted transcript (a 2025-06-18 initialize and its session header), and what it says in Russian. */
const DATING_TRANSCRIPT = [
  '→ {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}',
  "Mcp-Session-Id: 1868a90c-3c2d-4a8f-9e60-43a5a2e4e4b5",
].join("\n");
const DATING_SAY = { ru: { summary: "подходит: 2025-06-18", lifecycle: "Удалено в 2026-07-28" } };

export function register({ test, assert }) {
  test(
    "i18n: the Checks tab after a run against the embedded calendar, the doctor's diagnosis, the Who decides tab and a legacy server's era card in Russian (chrome, emulation switches, export row, a check's detail, the doctor's steps, who decides each primitive, the era line and card); nothing scrolls sideways at 800×700 and axe finds nothing serious in its panel",
    onTheCalendarInRussian(assert, CHECKS_SAY, async ({ lang, page, pg, a11y, check, says }) => {
      const checks = new ChecksPage(page);
      await checks.open();
      const heading = await checks.tid("checks-panel").innerText();
      assert(heading.includes(says.title), `${lang}: the Checks tab's title: ${heading.slice(0, 200)}`);
      assert((await checks.runAll(180_000)) === "done", `${lang}: the run finished`);
      const summary = await checks.tid("checks-summary").innerText();
      assert(summary.includes(says.passed), `${lang}: the summary line: ${summary}`);
      const detail = await checks.row("C13").locator('[data-testid="check-detail"]').innerText();
      assert(detail.includes(says.detail), `${lang}: C13's detail: ${detail}`);
      const emulation = await checks.tid("checks-emulation").innerText();
      assert(emulation.includes(says.emulation), `${lang}: the emulation switches: ${emulation}`);
      const pin = await checks.tid("emulate-pin-version").getAttribute("placeholder");
      assert(pin === says.pinned, `${lang}: the pinned-version field's placeholder: ${pin}`);
      const exportRow = await checks.tid("checks-export").innerText();
      assert(exportRow.includes(says.exportRow), `${lang}: the export row: ${exportRow}`);
      const share = await checks.tid("checks-share").innerText();
      assert(share.includes(says.share), `${lang}: the share button: ${share}`);
      await check("checks", panel("checks"));

      await checks.tid("doctor-run").click();
      const result = checks.tid("doctor-result");
      await result.waitFor({ timeout: 60_000 });
      const diagnosis = await result.innerText();
      assert(
        diagnosis.includes(says.doctor) && diagnosis.includes(says.doctorRung),
        `${lang}: the doctor's diagnosis: ${diagnosis}`,
      );
      await check("checks + doctor", panel("checks"));

      await a11y.openTab("who");
      await fetchWhoDecides(page);
      const who = await pg.tid("who-decides").innerText();
      assert(who.includes(says.decides) && who.includes(says.model), `${lang}: who decides: ${who.slice(0, 300)}`);
      assert(who.includes(says.trust), `${lang}: the trust switch`);
      await check("who", panel("who"));

      // A legacy server (server-everything): the era line's reason and the era report card.
      await pg.chooseTarget("everything-stdio");
      await checks.open();
      assert((await checks.runAll(180_000)) === "done", `${lang}: the legacy run finished`);
      const era = await checks.tid("checks-era").innerText();
      assert(era.includes(says.eraLine), `${lang}: the era line: ${era}`);
      const card = await checks.tid("checks-era-report").innerText();
      assert(card.includes(says.eraCard) && card.includes(says.eraSees), `${lang}: the era card: ${card}`);
      assert(
        !/What a modern client sees|Era ambiguity|To serve 2026-07-28/.test(card),
        `${lang}: English left: ${card}`,
      );
      await check("checks legacy", panel("checks"));
    }),
  );

  test(
    "i18n: the Dating tab reads a pasted transcript in Russian (summary, lifecycle, reasons); a Cache listen stream that breaks the listen rules and the Apps doctor in Russian (the stream's heading, its rule break, how it ended; each host's name, a reason, a check's title); nothing scrolls sideways at 800×700 and axe finds nothing serious in its panel",
    onTheCalendarInRussian(assert, LISTEN_APPS_SAY, async ({ lang, page, pg, a11y, check, says }) => {
      // The Dating tab first (it reads what is pasted, and sends nothing; issue 42: it opened a page of its own).
      await a11y.openTab("date");
      await pg.tid("date-input").fill(DATING_TRANSCRIPT);
      const summary = await pg.tid("date-summary").innerText();
      assert(summary.includes(DATING_SAY[lang].summary), `${lang}: the dating's summary: ${summary}`);
      const lifecycle = await pg.tid("date-lifecycle").innerText();
      assert(lifecycle.includes(DATING_SAY[lang].lifecycle), `${lang}: the lifecycle lines: ${lifecycle}`);
      await check("date", panel("date"));

      // The conformance fixture with C37 broken: tools/list_changed comes before the acknowledgement.
      await pg.chooseCustomStdio(`node ${path.join(ROOT, "tests/fixtures/checks/stdio.mjs")} --violate C37`);
      await a11y.openTab("cache");
      await pg.tid("listen-open").click();
      await page.waitForSelector('[data-testid="listen-stream"][data-status="open"]', { timeout: 20_000 });
      await page.waitForSelector('[data-testid="cache-violation"][data-rule="ack-first"]', { timeout: 20_000 });
      const listen = await pg.tid("listen").innerText();
      assert(listen.includes(says.listenHeading), `${lang}: the listen section: ${listen.slice(0, 300)}`);
      const violations = await pg.tid("cache-violations").innerText();
      assert(violations.includes(says.ackFirst), `${lang}: the rule break: ${violations}`);
      await pg.tid("listen-close").click();
      await page.waitForSelector('[data-testid="listen-stream"][data-status="ended"]', { timeout: 20_000 });
      const stream = await pg.tid("listen-stream").innerText();
      assert(stream.includes(says.ended) && stream.includes(says.endMessage), `${lang}: how it ended: ${stream}`);
      await check("cache listen", [panel("cache"), TARGET_BAR]);

      await pg.chooseTarget("calendar-app-stdio");
      await a11y.openTab("apps");
      await pg.tid("apps-doctor-run").click();
      const claudeCode = page.locator('[data-testid="apps-verdict"][data-host="claude-code"]');
      await claudeCode.waitFor({ timeout: 30_000 });
      const doctor = await pg.tid("apps-panel").innerText();
      assert(doctor.includes(says.generic), `${lang}: the generic host's name: ${doctor.slice(0, 400)}`);
      const reason = await claudeCode.innerText();
      assert(reason.includes(says.noApps), `${lang}: Claude Code's reason: ${reason}`);
      const ap03 = await page.locator('[data-testid="apps-check"][data-check-id="AP03"]').innerText();
      assert(ap03.includes(says.ap03), `${lang}: AP03: ${ap03}`);
      assert(!/does not render|Generic host|is well formed/.test(doctor), `${lang}: English left: ${doctor}`);
      await check("apps doctor", panel("apps"));
    }),
  );

  test(
    "i18n: the Saved, Diff and Apps tabs with content in Russian (a saved frame and a collection, a replayed cassette, a running app and its wire); nothing scrolls sideways at 800×700 and axe finds nothing serious in its panel",
    onTheCalendarInRussian(assert, TABS_SAY, async ({ lang, page, pg, check, says }) => {
      const saved = await fillSaved(pg, lang);
      assert(saved.includes(says.savedHeading), `${lang}: the Saved tab's heading: ${saved.slice(0, 400)}`);
      await check("saved", panel("saved"));

      const diff = await fillDiff(pg);
      assert(diff.includes(says.diffSummary), `${lang}: the diff's summary: ${diff.slice(0, 400)}`);
      assert(diff.includes(says.diffRow), `${lang}: a diff row says the answer is the same`);
      await check("cassette", panel("cassette"));

      const apps = await fillApps(pg);
      assert(apps.includes(says.appsTools) && apps.includes(says.appsVisible), `${lang}: the app tools: ${apps}`);
      // The status turns to "running" once the tool's result reached the app.
      await page
        .waitForFunction(
          (want) => document.querySelector('[data-testid="apps-status"]')?.textContent.trim() === want,
          says.running,
          { timeout: 20_000 },
        )
        .catch(async () => assert(false, `${lang}: the app's status: ${await pg.tid("apps-status").innerText()}`));
      const wire = await page.locator('[data-testid="apps-wire-row"][data-method="ui/initialize"]').first().innerText();
      assert(wire.includes(says.wireInitialize), `${lang}: ui/initialize's meaning on the wire: ${wire}`);
      await check("apps", panel("apps"));
    }),
  );

  test(
    "i18n: Who decides' argument lists and tool hints, the template menu, the Catalogue tab after a bill, a Diff difference's detail and the Share tab and dialog (picker, session file, what a link leaves out) in Russian; nothing scrolls sideways at 800×700 and axe finds nothing serious in its panel",
    onTheCalendarInRussian(assert, SCREENS_SAY, async ({ lang, page, pg, a11y, check, says }) => {
      const noEnglish = (where, text) =>
        assert(englishLeft(text).length === 0, `${lang} · ${where} still says ${englishLeft(text).join(", ")}`);

      const hint = await page
        .locator('[data-testid="template-select"] option[value="tools/list"]')
        .getAttribute("title");
      assert(hint === says.template, `${lang}: tools/list's hint in the template menu: ${hint}`);

      await a11y.openTab("who");
      await fetchWhoDecides(page);
      const who = await pg.tid("who-decides").innerText();
      assert(who.includes(says.args), `${lang}: who decides' argument lists: ${who.slice(0, 400)}`);
      noEnglish("who", who);
      await check("who", panel("who"));

      await a11y.openTab("catalog");
      await pg.tid("catalog-fetch").click();
      await pg.tid("bill-table").waitFor({ timeout: 60_000 });
      const title = await page.locator('[data-testid="bill-edit"]').first().getAttribute("title");
      assert(title.endsWith(says.editTitle), `${lang}: a bill row's edit button: ${title}`);
      await pg.tid("whatif-subject").selectOption({ index: 1 });
      await pg.tid("whatif-text").fill("[1]");
      await pg.tid("whatif-apply").click();
      const refusal = await pg.tid("whatif-error").innerText();
      assert(refusal.startsWith(says.whatIfError), `${lang}: the what-if refusal: ${refusal}`);
      const catalogue = await pg.tid("catalog-panel").innerText();
      assert(
        catalogue.includes(says.whatIf) && catalogue.includes(says.whatIfHelp) === false,
        `${lang}: the what-if editor (a subject chosen: its help gives way to the text): ${catalogue.slice(-600)}`,
      );
      noEnglish("catalogue", catalogue);
      await check("catalogue", panel("catalog"));
      await pg.tid("whatif-subject").selectOption({ index: 0 });
      const help = await pg.tid("whatif").innerText();
      assert(help.includes(says.whatIfHelp), `${lang}: the what-if editor's help: ${help}`);

      await a11y.openTab("cassette");
      await pg.tid("cassette-file").setInputFiles(path.join(ROOT, "tests/fixtures/cassettes/calendar-extra-tool.json"));
      await page.waitForFunction(() =>
        document.querySelector('[data-testid="cassette-loaded"]')?.textContent.includes("calendar-extra-tool.json"),
      );
      await pg.tid("cassette-diff-run").click();
      await page.waitForSelector('[data-testid="cassette-diff"], [data-testid="cassette-diff-error"]', {
        timeout: 60_000,
      });
      const diff = await pg.tid("cassette-panel").innerText();
      assert(
        diff.includes(says.diffDetail) && diff.includes(says.diffHeading),
        `${lang}: the removed tool's detail and the heading: ${diff.slice(0, 600)}`,
      );
      noEnglish("diff", diff);
      await check("diff", panel("cassette"));

      // A target whose address holds a secret: the picker's link, the session file and the Share dialog leave it out.
      await pg.chooseTarget("custom-http");
      await pg.tid("custom-url").fill("http://127.0.0.1:9/mcp?api_key=sk-e2e-secret-123456");
      await a11y.openTab("share");
      await pg.tid("share-pick-make").click();
      await pg.tid("share-pick-omitted").waitFor();
      await pg.tid("export-session").click();
      await pg.tid("session-file-note").waitFor();
      const share = await pg.tid("share-panel").innerText();
      for (const want of [
        says.pick,
        says.file,
        says.pickMade,
        says.omittedQuery,
        says.fileSaved,
        says.curl,
        says.importConfig,
      ])
        assert(share.includes(want), `${lang}: the Share tab says ${want}: ${share.slice(0, 1200)}`);
      noEnglish("share", share);
      await check("share", [panel("share"), TARGET_BAR]);

      await pg.tid("share").click();
      await pg.tid("share-dialog").waitFor();
      const omitted = await page.locator('[data-testid="share-omitted-item"]').allInnerTexts();
      assert(
        omitted.some((o) => o.includes(says.omittedQuery)) && omitted.every((o) => /[а-яА-Я]/.test(o)),
        `${lang}: the Share dialog's omitted list: ${omitted.join(" | ")}`,
      );
      await check("share dialog", '[data-testid="share-dialog"]');
      await page.keyboard.press("Escape");
      await pg.tid("share-dialog").waitFor({ state: "hidden" });

      // server-everything declares every tool hint: a bare tools/list (it is a legacy server) fills Who decides.
      await pg.chooseTarget("everything-stdio");
      await pg.chooseTemplate("tools/list (legacy)");
      await pg.send();
      await a11y.openTab("who");
      await page.waitForFunction(
        () => document.querySelector('[data-testid="who-tools"]')?.textContent.includes("readOnlyHint"),
        null,
        { timeout: 30_000 },
      );
      const hints = await pg.tid("who-tools").innerText();
      assert(hints.includes(says.hint), `${lang}: a tool hint in the language around its name: ${hints.slice(0, 600)}`);
      assert(!/\b(not )?(read-only|destructive|idempotent|open world)\b/.test(hints), `${lang}: an English hint left`);
      await check("who hints", panel("who"));
    }),
  );

  test("i18n: a Bulgarian, then a Russian browser gets the page in its language from the first paint: lang-select, <html lang>, labels and the probe's verdict; no tab scrolls sideways at 800×700 (Bulgarian: each tab's first state; Russian: after a send, and axe finds no control without its name and no missing or wrong language)", async ({
    ctx,
    srv,
    storageState,
  }) => {
    /** The page's first paint, labels and the probe's verdict in `lang`; a send and axe only in Russian (the deep language). */
    const firstPaint = async ({ lang, page, pg, a11y, check, sideways }) => {
      // The HTML the browser got (its own Accept-Language) already speaks it, before any script runs.
      const html = await (await page.goto(srv.base + "/")).text();
      assert(html.includes(`<html lang="${lang}"`), `${lang}: first paint's <html lang>: ${html.slice(0, 200)}`);
      assert(
        html.includes(SAYS[lang].tabTimeline),
        `${lang}: the server-rendered page says "${SAYS[lang].tabTimeline}"`,
      );
      await pg.open();
      assert((await pg.tid("lang-select").inputValue()) === lang, `${lang}: lang-select shows the browser's language`);
      assert((await page.evaluate(() => document.documentElement.lang)) === lang, `${lang}: <html lang>`);
      const tab = (await pg.tid("tab-timeline").innerText()).trim();
      assert(tab === SAYS[lang].tabTimeline, `${lang}: timeline tab says ${tab}`);
      assert((await pg.tid("tab-catalog").innerText()).trim() === SAYS[lang].tabCatalog, `${lang}: catalogue tab`);
      assert((await pg.tid("send").innerText()).startsWith(SAYS[lang].send), `${lang}: send button`);
      assert((await pg.tid("probe").innerText()).trim() === SAYS[lang].probe, `${lang}: probe button`);
      await pg.chooseTarget("everything-stdio");
      const verdict = await (await pg.probe()).innerText();
      assert(verdict.includes(SAYS[lang].legacy), `${lang}: the probe's verdict: ${verdict}`);
      if (lang === "bg") {
        // Every tab's first state at 800 px, without axe: the Russian pass below runs the language rules.
        await page.setViewportSize({ width: 800, height: 700 });
        for (const id of await a11y.tabIds()) {
          await a11y.openTab(id);
          await sideways(id);
        }
        return;
      }
      await pg.send();
      await pg.settled(1);

      await page.setViewportSize({ width: 800, height: 700 });
      // The whole page once (its language, the header's controls), then each tab's panel.
      await check("the page");
      for (const id of await a11y.tabIds()) {
        await a11y.openTab(id);
        await check(id, panel(id));
      }
    };
    await inLanguages({ ctx, srv, assert }, BULGARIAN, { storageState }, firstPaint, { axe: false });
    await inLanguages({ ctx, srv, assert }, RUSSIAN, { storageState }, firstPaint, { axe: "language" });
  });

  test("i18n: switching the language in the header changes the words without a reload, keeps the session, is remembered, and puts nothing in the address", async ({
    ctx,
    srv,
    storageState,
  }) => {
    const { guarded, page, pg } = await openIn(ctx, srv, { storageState, locale: "bg-BG" });
    try {
      await pg.open();
      await pg.send();
      await pg.settled(1);
      const before = await pg.card(1).innerText();
      await page.evaluate(() => (window.__notReloaded = true));
      await pg.tid("lang-select").selectOption("ru");
      await page.waitForFunction(() => document.documentElement.lang === "ru");
      assert((await pg.tid("tab-timeline").innerText()).trim() === SAYS.ru.tabTimeline, "Russian after the switch");
      assert((await pg.tid("send").innerText()).startsWith(SAYS.ru.send), "the send button in Russian");
      await pg.tid("lang-select").selectOption("en");
      await page.waitForFunction(() => document.documentElement.lang === "en");
      assert((await pg.tid("tab-catalog").innerText()).trim() === SAYS.en.tabCatalog, "English after the switch");
      assert((await pg.tid("send").innerText()).startsWith("Send"), "the send button in English");
      assert(await page.evaluate(() => window.__notReloaded === true), "the page was reloaded");
      assert((await pg.card(1).count()) === 1, "the timeline's card is still there");
      assert(before.includes("tools/list") || before.includes("server/discover"), `card text: ${before.slice(0, 120)}`);
      const address = page.url();
      assert(!/[?&#](lang|locale)=|\/(bg|ru|en)(\/|$)/.test(address), `the address carries no language: ${address}`);
      // Remembered: a reload in this (Bulgarian) browser opens in the language chosen last.
      await pg.open();
      assert((await pg.tid("lang-select").inputValue()) === "en", "the choice outlives a reload");
      assert((await page.evaluate(() => document.documentElement.lang)) === "en", "<html lang> after the reload");
    } finally {
      await guarded.context.close();
    }
  });

  test(
    "i18n: the examples gallery and the sign-in page in a Bulgarian, then a Russian browser: in that language from the first paint, a wrong token's refusal too; nothing scrolls sideways at 800 px; in Russian axe finds no control without its name and no missing or wrong language",
    async ({ ctx, srv }) => {
      // Signed out: no storage state, so GET / gives the sign-in page.
      const options = { viewport: { width: 800, height: 700 } };
      /** Both pages in `lang`; `check` runs axe's language rules in Russian only (the language with the longest words). */
      const bothPages = async ({ lang, page, check }) => {
        const gallery = await (await page.goto(srv.base + "/examples")).text();
        assert(gallery.includes(`<html lang="${lang}"`), `${lang}: the gallery's first paint is ${lang}`);
        assert(gallery.includes(PAGES[lang].card), `${lang}: the server-rendered gallery has the first card's title`);
        assert((await page.locator("h1").innerText()).trim() === PAGES[lang].gallery, `${lang}: the gallery's heading`);
        const cards = page.locator('[data-testid="example-card"]');
        assert((await cards.count()) === 11, `${lang}: 11 example cards`);
        assert(
          (await page.locator('[data-testid="example-link"]').first().innerText()).trim() === PAGES[lang].open,
          `${lang}: the card's link`,
        );
        await check("/examples");

        await page.goto(srv.base + "/");
        await page.waitForSelector('[data-testid="signin"][data-hydrated="true"]', { timeout: 30_000 });
        assert((await page.locator("h1").innerText()).trim() === PAGES[lang].signin, `${lang}: the sign-in heading`);
        await page.locator('[data-testid="signin-token"]').fill("not-the-token");
        await page.locator('[data-testid="signin-submit"]').click();
        const failed = await page.locator('[data-testid="signin-failed"]').innerText();
        assert(failed.startsWith(PAGES[lang].wrong), `${lang}: a wrong token is refused in ${lang}: ${failed}`);
        await check("sign-in");
      };
      await inLanguages({ ctx, srv, assert }, BULGARIAN, options, bothPages, { axe: false });
      await inLanguages({ ctx, srv, assert }, RUSSIAN, options, bothPages, { axe: "language" });
    },
    { expectedConsoleErrors: [/status of 401 \(Unauthorized\)/] },
  );
}
