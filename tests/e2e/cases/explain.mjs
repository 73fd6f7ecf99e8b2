// e2e cases of issue 10 (explain the wire); run.mjs discovers this file.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { ExplainPage } from "../pages/explain.mjs";

const SHOTS = path.join(ROOT, "tests/e2e/screenshots");
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
};

const SAMPLING_INPUT_REQUEST = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  result: {
    resultType: "input_required",
    inputRequests: {
      capital: {
        method: "sampling/createMessage",
        params: { messages: [{ role: "user", content: { type: "text", text: "Capital of France?" } }], maxTokens: 100 },
      },
    },
    requestState: "c3RhdGU",
  },
});

export function register({ test, assert }) {
  // Three read-only views of one page on the calendar (issue 42: each opened the page afresh): a card's Explain, the
  // Date tab (a pasted transcript, then this timeline), Who decides.
  test("Explain on a timeline card annotates the sent frame and the reply, each note with a spec reference; Date a transcript: 2025-06-18-style snippets fit 2025-06-18; this timeline fits 2026-07-28; Who decides: tools → the model, resources → the application, prompts → the user; server text untrusted until trusted", async ({
    pg,
    page,
  }) => {
    const x = await ExplainPage.open(pg);
    assert((await pg.sendAndSettle()) === "response", `card #1: ${await pg.traceText(1)}`);
    const view = await x.explainCard(1);
    const roles = await view
      .locator('[data-testid="explained-frame"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-role")));
    assert(JSON.stringify(roles) === JSON.stringify(["sent", "received"]), `frames: ${roles}`);
    const method = await x.annotationsAt(view, "method").first().innerText();
    assert(
      method.includes("server/discover:") && method.includes("§3 · server/discover.mdx"),
      `method note: ${method}`,
    );
    const version = await x
      .annotationsAt(view, "params._meta.io.modelcontextprotocol/protocolVersion")
      .first()
      .innerText();
    assert(
      version.includes("-32022") && version.includes("§1.4 · basic/index.mdx"),
      `protocolVersion note: ${version}`,
    );
    const ttl = await x.annotationsAt(view, "result.ttlMs").allInnerTexts();
    assert(
      ttl.some((t) => t.includes("Freshness hint")),
      `ttlMs notes: ${ttl.join(" | ")}`,
    );
    const link = view
      .locator('a[href="https://modelcontextprotocol.io/specification/2026-07-28/server/discover"]')
      .first();
    assert((await link.getAttribute("rel"))?.includes("noopener"), "spec links open with noopener");
    mkdirSync(SHOTS, { recursive: true });
    await view.locator('[data-testid="explained-frame"][data-role="received"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "explain-card.png") });

    const pasted = [
      "POST /mcp HTTP/1.1",
      "MCP-Protocol-Version: 2025-06-18",
      "Mcp-Session-Id: 0a1b2c",
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"demo","version":"1.0.0"}}}',
      '{"jsonrpc":"2.0","id":"srv-1","method":"elicitation/create","params":{"message":"Your name?","requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}}',
    ].join("\n");
    const result = await x.dateTranscript(pasted);
    assert(
      (await result.getAttribute("data-revisions")) === "2025-06-18",
      `revisions: ${await result.getAttribute("data-revisions")}`,
    );
    const lifecycle = await pg.tid("date-lifecycle").innerText();
    assert(
      lifecycle.includes("removed in 2026-07-28") && lifecycle.includes("Mcp-Session-Id"),
      `lifecycle: ${lifecycle}`,
    );
    await page.locator("#panel-date").screenshot({ path: path.join(SHOTS, "explain-date.png") });
    // The timeline holds the server/discover exchange sent above (as the original case sent it here).
    await pg.openTab("date");
    await pg.tid("date-use-timeline").click();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="date-result"]')?.getAttribute("data-revisions") === "2026-07-28",
    );

    await pg.openTab("who");
    assert((await pg.tid("who-tools").innerText()).includes("Not fetched yet"), "nothing is listed before fetching");
    await x.fetchCatalogueAfter(1);
    assert((await pg.cardCount()) === 1 + 5, "the five requests are in the timeline like any other send");
    const decides = await Promise.all(
      ["tools", "resources", "prompts"].map((p) => pg.tid(`who-${p}`).getAttribute("data-decides")),
    );
    assert(
      JSON.stringify(decides) === JSON.stringify(["the model", "the application", "the user"]),
      `decides: ${decides}`,
    );
    assert((await pg.tid("who-tools").innerText()).includes("create_event"), "the calendar's tool is listed");
    assert(
      (await pg.tid("who-resources").innerText()).includes("calendar://week"),
      "the calendar's resource is listed",
    );
    assert((await pg.tid("who-prompts").innerText()).includes("prepare_week"), "the calendar's prompt is listed");
    const flags = await page
      .locator('#panel-who [data-testid="server-text"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-untrusted")));
    assert(flags.length > 0 && flags.every((f) => f === "true"), `untrusted flags: ${flags}`);
    await page.locator("#panel-who").screenshot({ path: path.join(SHOTS, "explain-who.png") });
    await pg.tid("trust-server").check();
    const after = await page
      .locator('#panel-who [data-testid="server-text"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-untrusted")));
    assert(
      after.every((f) => f === "false"),
      `after trusting: ${after}`,
    );
  });

  // The editor's and the error cards' explanations in one page (issue 42): the frame written in the editor, then a
  // send to the calendar, then one to server-everything (the target changes last).
  test("a sampling input request written in the editor carries 'deprecated since 2026-07-28 (SEP-2577)'; logging/setLevel sent to the modern calendar: 'removed in 2026-07-28', and its -32601 gets an error card; -32601 to server/discover on server-everything: the error card says legacy server, not broken server", async ({
    pg,
    page,
  }) => {
    const x = await ExplainPage.open(pg);
    await pg.setEditorText(SAMPLING_INPUT_REQUEST);
    const view = await x.explainEditor();
    const badges = await x.badgesAt(view, "result.inputRequests.capital");
    assert(
      badges.includes("deprecated since 2026-07-28 (SEP-2577)"),
      `badges at the input request: ${badges.join(" | ")}`,
    );
    const note = await x.annotationsAt(view, "result.inputRequests.capital").first().innerText();
    assert(note.includes("call an LLM provider's API directly"), `migration: ${note}`);
    assert((await view.getAttribute("data-errors")) === "0", "a well-formed input_required result has no errors");
    await page.locator('[data-testid="editor-panel"]').screenshot({ path: path.join(SHOTS, "explain-editor.png") });

    await pg.setEditorRequest(7, "logging/setLevel", { _meta: ENVELOPE, level: "debug" });
    // The editor's explanation stays open from the step above: it now reads the new frame.
    const editorView = pg.tid("editor-annotations");
    await page.waitForSelector('[data-testid="editor-annotations"] [data-testid="annotation"][data-path="method"]');
    assert(
      (await x.badgesAt(editorView, "method")).includes("removed in 2026-07-28"),
      "the editor should already say removed",
    );
    assert((await pg.sendAndSettle()) === "error", `card: ${await pg.traceText(1)}`);
    const card = x.errorCards(1).first();
    const title = await card.locator('[data-testid="error-card-title"]').innerText();
    const meaning = await card.locator('[data-testid="error-card-meaning"]').innerText();
    assert(
      title === "-32601 Method not found" && meaning.includes("no longer exists in 2026-07-28"),
      `card: ${title} / ${meaning}`,
    );
    const cardView = await x.explainCard(1);
    const cardBadges = await x.badgesAt(cardView, "method");
    assert(cardBadges.includes("removed in 2026-07-28"), `badges: ${cardBadges.join(" | ")}`);
    assert((await x.annotationsAt(cardView, "method").first().innerText()).includes("SEP-2575"), "the SEP is named");

    await pg.chooseTarget("everything-stdio");
    // The page's first frame again (the editor holds logging/setLevel from the step above).
    await pg.setEditorRequest(1, "server/discover", { _meta: ENVELOPE });
    assert((await pg.sendAndSettle(2, 30_000)) === "error", `card: ${await pg.traceText(2)}`);
    const legacy = await x.errorCards(2).first().locator('[data-testid="error-card-meaning"]').innerText();
    assert(legacy.includes("legacy server") && legacy.includes("not a broken one"), `meaning: ${legacy}`);
    assert(
      (await x.errorCards(2).first().getAttribute("data-level")) === "info",
      "a legacy answer is information, not an error",
    );
  });
}
