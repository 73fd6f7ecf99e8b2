// The Catalogue tab: the token bill of the current target (issue 6). Discovered by run.mjs.
import path from "node:path";
import { ROOT } from "../harness.mjs";
import { CataloguePage } from "../pages/catalog.mjs";
import { postJson } from "../steps/http.mjs";

/** Catalogue: what if — a shorter description lowers the bill, the change is shown, and reset brings 1,307 back. */
async function whatIfLowersTheBill(pg, cat, assert) {
  const box = await cat.editTool("gzip-file-as-resource");
  const tool = JSON.parse(await box.inputValue());
  tool.description = "Gzip a file.";
  await box.fill(JSON.stringify(tool, null, 2));
  await pg.tid("whatif-apply").click();
  const after = await cat.waitFigure("bill-tools-tokens", "<", 1307);
  assert((await pg.tid("whatif-edited").count()) === 1, "the panel says the catalogue is edited");
  // The new bill can paint a frame before its row's change does: wait for the change, then judge it.
  const rowLocator = pg.page.locator('[data-testid="bill-row"][data-tool="gzip-file-as-resource"]');
  await rowLocator
    .filter({ hasText: /[−+]\d+/ })
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  const row = await rowLocator.innerText();
  assert(/−\d+/.test(row), `the row should show a negative change: ${row}`);
  assert(after < 1307, `tools tokens after the edit: ${after}`);
  await cat.screenshot(path.join(ROOT, "test-results/catalogue-whatif.png"));
  await pg.tid("whatif-reset").click();
  assert((await cat.waitFigure("bill-tools-tokens", "===", 1307)) === 1307, "reset");
}

/** Catalogue: N and W change the arithmetic; cl100k_base and compact JSON re-bill on the server. */
async function fleetAndEncodingChangeTheBill(pg, cat, assert) {
  await pg.tid("fleet-servers").fill("10");
  await pg.tid("fleet-window").fill("128000");
  assert(
    (await pg.tid("bill-fleet").innerText()) ===
      "10 servers like this one take 16,190 tokens of every turn, 13% of a 128,000-token window.",
    await pg.tid("bill-fleet").innerText(),
  );
  await pg.tid("catalog-layout").selectOption("compact");
  assert((await cat.waitFigure("bill-tools-tokens", "===", 1082)) === 1082, "compact o200k whole array");
  await pg.tid("catalog-encoding").selectOption("cl100k_base");
  const cl = await cat.waitFigure("bill-tools-tokens", "!==", 1082);
  assert(cl > 0, `cl100k: ${cl}`);
}

export function register({ test, assert }) {
  // One bill of the calendar serves both (issue 42: the rank-file case fetched the same bill on a page of its own).
  test("Catalogue: the calendar is billed as a 2026-07-28 server, and every fetch exchange is on the timeline; Catalogue: the tokenizer's rank file never reaches the page", async ({
    pg,
    page,
  }) => {
    const bodies = [];
    page.on("response", async (r) => {
      if (/javascript|json/.test(r.headers()["content-type"] ?? "")) bodies.push(r.text().catch(() => ""));
    });
    const cat = await CataloguePage.billOf(pg);
    const rows = await cat.rows();
    assert(
      rows.some(([name, tokens]) => name === "create_event" && tokens > 0),
      `rows: ${JSON.stringify(rows)}`,
    );
    const note = await cat.measuredNote();
    assert(note.includes("2026-07-28") && note.includes("server/discover"), `note: ${note}`);
    assert(
      (await cat.figure("bill-total")) ===
        (await cat.figure("bill-tools-tokens")) + (await cat.figure("bill-instructions")),
      "total = tools + instructions",
    );
    await pg.tid("tab-timeline").click();
    const labels = await pg.page.$$eval('[data-testid="exchange-label"]', (els) => els.map((e) => e.textContent));
    assert(
      labels.some((l) => l.includes("server/discover")) && labels.some((l) => l.includes("catalogue: tools/list")),
      `timeline labels: ${labels.join(" | ")}`,
    );

    // Catalogue: the tokenizer's rank file never reaches the page
    const texts = await Promise.all(bodies);
    assert(texts.length > 0, "no responses seen");
    assert(!texts.some((t) => t.includes("bpe_ranks")), "a response carried the rank file (bpe_ranks)");
  });

  // One bill of server-everything after the legacy handshake (the default) serves three rules, the read-only table
  // first, then the what-if edit (reset to the bill), then the fleet, layout and encoding changes (issue 42).
  test("Catalogue: server-everything after the legacy handshake gives the chapter's table — 13, 7,663 B, 1,307, 52, 235, 312, 1,619; Catalogue: what if — a shorter description lowers the bill, the change is shown, and reset brings 1,307 back; Catalogue: N and W change the arithmetic; cl100k_base and compact JSON re-bill on the server", async ({
    pg,
  }) => {
    const cat = await CataloguePage.billOf(pg, "everything-stdio", "legacy");
    const got = {};
    for (const id of [
      "bill-tool-count",
      "bill-bytes",
      "bill-tools-tokens",
      "bill-sum",
      "bill-cheapest",
      "bill-costliest",
      "bill-instructions",
      "bill-total",
    ])
      got[id] = await cat.figure(id);
    const want = {
      "bill-tool-count": 13,
      "bill-bytes": 7663,
      "bill-tools-tokens": 1307,
      "bill-sum": 1305,
      "bill-cheapest": 52,
      "bill-costliest": 235,
      "bill-instructions": 312,
      "bill-total": 1619,
    };
    assert(JSON.stringify(got) === JSON.stringify(want), `got ${JSON.stringify(got)}`);
    const rows = await cat.rows();
    assert(
      rows[0][0] === "gzip-file-as-resource" && rows.at(-1)[0] === "get-tiny-image",
      `order: ${rows.map((r) => r[0]).join(", ")}`,
    );
    assert(
      (await pg.tid("bill-fleet").innerText()) ===
        "5 servers like this one take 8,095 tokens of every turn, 4.0% of a 200,000-token window.",
      "fleet sentence",
    );
    assert((await pg.tid("security-note").innerText()).includes("untrusted"), "the security note is beside the bill");
    await cat.screenshot(path.join(ROOT, "tests/e2e/screenshots/catalogue.png"));
    await whatIfLowersTheBill(pg, cat, assert);
    await fleetAndEncodingChangeTheBill(pg, cat, assert);
  });

  test("Catalogue: with no handshake server-everything lists 12 tools (1,155 tokens) and the panel says why", async ({
    pg,
  }) => {
    const cat = await CataloguePage.billOf(pg, "everything-stdio", "none");
    assert(
      (await cat.figure("bill-tool-count")) === 12 && (await cat.figure("bill-tools-tokens")) === 1155,
      `12 / 1155 expected`,
    );
    const note = await cat.measuredNote();
    assert(note.includes("simulate-research-query only after notifications/initialized"), `note: ${note}`);
  });

  test("/api/tokens is guarded like the bridge: no token → 401, foreign Origin → 403", async ({ srv, token }) => {
    const post = (headers) => postJson(srv.port, "/api/tokens", { catalogue: { pages: [{ tools: [] }] } }, headers);
    const none = await post({});
    assert(
      none.status === 401 && JSON.parse(none.text).kind === "unauthorized",
      `no token: ${none.status} ${none.text}`,
    );
    const foreign = await post({ "x-playground-token": token, origin: "http://evil.example" });
    assert(
      foreign.status === 403 && JSON.parse(foreign.text).kind === "forbidden-origin",
      `foreign origin: ${foreign.status}`,
    );
    const ok = await post({ "x-playground-token": token });
    assert(
      ok.status === 200 && JSON.parse(ok.text).value.toolsTokens === 1,
      `with the token: ${ok.status} ${ok.text.slice(0, 200)}`,
    );
  });
}
