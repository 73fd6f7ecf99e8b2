// Issue 32, "Done when": the chapter's click-by-click table (README "The chapter, click by click") walked in a
// Russian browser, with every label, verdict and explanation on the way in that language. One walk (issue 42): what it
// finds — a component that bypasses the catalogue — is language-independent, and Russian has the longest labels and
// the richest plurals; a Bulgarian (or Russian) catalogue entry left in English is found for every key by
// tests/unit/i18n/translated.test.ts, and the first paint in Bulgarian stays in i18n.mjs (docs/testing.md). After each
// row the page's visible words are read: a run of Latin words that reads as English (a function word such as "the" or
// "with", or a control's English name such as "Send") fails the case, named with where it stood. Wire content, code,
// the editor, identifiers and the texts a server wrote (its error messages, a tool's description, an elicitation's
// message) are not the page's words and stay as they came.
import { guardedContext } from "../harness.mjs";
import { A11yPage } from "../pages/a11y.mjs";
import { MrtrStudio } from "../pages/mrtr.mjs";
import { PlaygroundPage } from "../pages/playground.mjs";

const LONG = 120_000;
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
};

// Words that stay in Latin in Russian text, as the chapter writes them (README "Languages"), and the protocol's member
// names and feature names, which are identifiers wherever they stand.
const KEPT = "round trip trips token tokens handshake legacy wire app apps endpoint batch";
const IDENTIFIERS =
  "tools prompts resources instructions capabilities name description title method error result tasks accept decline params id stdio http https json rpc mcp mrtr auth diff apps pid ms utc ok";
// What servers wrote (the calendar's and server-everything's own texts on the chapter's path) and the JSON-RPC
// error names, which the page shows as they came.
const SERVER_TEXTS = [
  "Method not found",
  "Invalid params",
  "Invalid Request",
  "Parse error",
  "Internal error",
  "Request is missing the required",
  'When should "Dentist" start?',
  "Dentist at",
  "(when)",
  "Start, ISO",
];

// Runs in the page (sent as source, so it closes over nothing): the visible runs of Latin words that read as
// English, each with the testid of the nearest marked box and the text around it.
function findEnglish({ kept, identifiers, serverTexts }) {
  const SKIP = [
    "code",
    "cite",
    "pre",
    "kbd",
    "samp",
    "textarea",
    "input",
    "select",
    "script",
    "style",
    "iframe",
    "svg",
    ".monaco-editor",
    ".font-mono",
    "[translate='no']",
    "[aria-hidden='true']",
  ].join(",");
  const FUNCTION_WORDS = new Set(
    "the a an and or of to in on for with is are was were be been this that these those it its not no from by as at has have had will would can could you your what which when where who each every than then there here all any only into over after before but if so do does did".split(
      " ",
    ),
  );
  const UI_WORDS = new Set(
    "send cancel restart close run open copy show hide clear save load delete remove add edit reset retry compose accept decline probe fetch export import share loading pending done failed failure running passed warning warn fail skip yes none start stop started stopped refresh search target layout options settings theme language timeline explain saved checks lab catalogue catalog summary details detail fix why how more less back next previous new fresh process exit exited spawned status version declare declared results verdict round rounds step steps experiment condition conditions column total instructions sum bytes window field fields required optional true false client definitions".split(
      " ",
    ),
  );
  const allowed = new Set([...kept.split(" "), ...identifiers.split(" ")]);
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(SKIP) || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    let text = node.textContent;
    // Quotations (a spec sentence given as a quote) and the servers' own texts are not the page's words.
    for (const said of serverTexts) text = text.split(said).join(" ");
    text = text.replace(/“[^”]*”|„[^“”]*[“”]|«[^»]*»|"[^"]*"/g, " ");
    // Runs of Latin words joined by spaces and light punctuation; a word with _ / . : @ digits or inner capitals is an
    // identifier (tools/list, _meta, resultType, calendar://week), not English.
    for (const run of text.match(/[A-Za-z][A-Za-z'’-]*(?:[ ,;!?()]+[A-Za-z][A-Za-z'’-]*)*/g) ?? []) {
      const start = text.indexOf(run);
      const before = text[start - 1] ?? " ";
      const after = text[start + run.length] ?? " ";
      if (/[\w/._:@$#{<–]/.test(before) || /[\w/_:@$#(}>–]/.test(after)) continue;
      const words = run.split(/[ ,;!?()]+/).filter(Boolean);
      const english = words.filter(
        (w) => !/[A-Z].*[A-Z]|^[a-z]+[A-Z]/.test(w) && !/^[A-Z]$/.test(w) && !allowed.has(w.toLowerCase()),
      );
      const flagged =
        (english.some((w) => FUNCTION_WORDS.has(w.toLowerCase())) && words.length > 1) ||
        english.some((w) => UI_WORDS.has(w.toLowerCase()));
      if (!flagged) continue;
      const box = el.closest("[data-testid]")?.getAttribute("data-testid") ?? el.tagName.toLowerCase();
      out.push(`${box}: ${run} ⟨${node.textContent.trim().slice(0, 160)}⟩`);
    }
  }
  return [...new Set(out)];
}

export function register({ test, assert }) {
  test("i18n: the chapter's click-by-click table walked in Russian: every label, verdict and explanation on the way (the enveloped tools/list and its -32602, the era probe and the Checks warning, one calendar three ways, the app, the Dentist round trip, the Lab, the token bill) is in Russian", async ({
    ctx,
    srv,
    storageState,
  }) => {
    const left = [];
    for (const [locale, lang] of [["ru-RU", "ru"]]) {
      const guarded = await guardedContext(ctx.context.browser(), { storageState, locale });
      try {
        const page = await guarded.context.newPage();
        const pg = new PlaygroundPage(page, srv.base);
        const a11y = new A11yPage(pg);
        const read = async (where) => {
          const words = { kept: KEPT, identifiers: IDENTIFIERS, serverTexts: SERVER_TEXTS };
          // The header and panels stay on screen from row to row: each run of English is named once, where first seen.
          for (const line of await page.evaluate(findEnglish, words))
            if (!left.some((l) => l.startsWith(`${lang} · `) && l.endsWith(` · ${line}`)))
              left.push(`${lang} · ${where} · ${line}`);
        };
        await pg.open();
        await page.setViewportSize({ width: 1440, height: 900 });
        await read("first paint");

        // Row 1-2: the enveloped tools/list, then the same without _meta → -32602.
        await pg.chooseTarget("calendar-stdio");
        await pg
          .tid("process-restart")
          .click()
          .catch(() => {});
        await pg.chooseTemplate("tools/list");
        await pg.send();
        await pg.settled(1, LONG);
        await pg.tid("remove-meta").click();
        await pg.send();
        await pg.settled(2, LONG);
        await pg.openWire(2);
        await read("tools/list and -32602");

        // Row 3-4: the era probe on server-everything, the legacy tools/list, the Checks warning.
        await pg.chooseTarget("everything-stdio");
        await pg.probe();
        await pg.chooseTemplate("tools/list (legacy)");
        await pg.send();
        await pg.settled(3, LONG);
        await read("probe era and legacy tools/list");
        await a11y.openTab("checks");
        await pg.tid("checks-run").click();
        await page.waitForSelector(
          '[data-testid="checks-panel"][data-phase="done"], [data-testid="checks-panel"][data-phase="error"]',
          { timeout: 180_000 },
        );
        await read("Checks on server-everything");

        // Row 5: one calendar three ways.
        await a11y.openTab("timeline");
        await pg.chooseTarget("calendar-stdio");
        let seq = 3;
        for (const template of ["resources/read", "prompts/get", "tools/call"]) {
          await pg.chooseTemplate(template);
          await pg.send();
          await pg.settled(++seq, LONG);
        }
        await read("one calendar three ways");

        // Row 6: the week as an MCP App.
        await pg.chooseTarget("calendar-app-stdio");
        await a11y.openTab("apps");
        await pg.tid("apps-list").click();
        await pg.tid("apps-tool").first().waitFor({ timeout: 30_000 });
        await pg.tid("apps-run").click();
        await page.waitForSelector('[data-testid="apps-run-area"][data-phase="running"]', { timeout: 30_000 });
        await read("the app");

        // Row 7: the Dentist round trip.
        await a11y.openTab("timeline");
        await pg.chooseTarget("calendar-stdio");
        const m = new MrtrStudio(pg);
        await pg.setEditorText(
          JSON.stringify({
            jsonrpc: "2.0",
            id: ++seq,
            method: "tools/call",
            params: { _meta: ENVELOPE, name: "create_event", arguments: { title: "Dentist" } },
          }),
        );
        await pg.send();
        await pg.settled(seq, LONG);
        await m.open();
        await m.waitFor("awaiting-input", 1);
        await read("MRTR form");
        await m.fill("when", "startsAt", "2026-09-10T08:30:00Z");
        await m.answer("when", "accept");
        await m.compose();
        await pg.tid("tab-timeline").click();
        await pg.send();
        await pg.settled(++seq, LONG);
        await m.open();
        await page.waitForSelector('[data-testid="mrtr-conversation"][data-status="complete"]', { timeout: LONG });
        await read("MRTR complete");

        // Row 8: the Lab's isolation experiment.
        await a11y.openTab("lab");
        await pg.tid("lab-script").selectOption("chapter-isolation");
        await pg.tid("lab-run").click();
        await page.waitForSelector('[data-testid="lab-column-stdio-fresh-process"] [data-testid="lab-verdict"]', {
          timeout: LONG,
        });
        await read("Lab");

        // Row 9: the token bill.
        await pg.chooseTarget("everything-stdio");
        await a11y.openTab("catalog");
        await pg.tid("catalog-handshake").selectOption("legacy");
        await pg.tid("catalog-layout").selectOption("python");
        await pg.tid("catalog-fetch").click();
        await page.waitForSelector(
          '[data-testid="catalog-panel"][data-status="billed"], [data-testid="catalog-error"]',
          {
            timeout: LONG,
          },
        );
        await read("token bill");
      } finally {
        await guarded.context.close();
      }
    }
    assert(left.length === 0, `${left.length} English runs left:\n${left.join("\n")}`);
  });
}
