// e2e cases for issue 20's client emulation in the envelope settings, and a 401 that leads to the Auth tab.
import { ChecksPage } from "../pages/checks.mjs";
import { onCustomHttpServer } from "../steps/custom-http.mjs";
import { request } from "../steps/frames.mjs";

const CREATE_WITHOUT_DATE = JSON.stringify(
  request(1, "tools/call", { name: "create_event", arguments: { title: "Retro" } }, { elicitation: { form: {} } }),
);

/** A loopback endpoint that wants a bearer token, as a protected MCP server answers before authorization. */
function unauthorized(req, res) {
  req.resume();
  res
    .writeHead(401, {
      "WWW-Authenticate": 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"',
      "Content-Type": "text/plain",
    })
    .end("unauthorized\n");
}

export function register({ test, assert }) {
  test("Emulation: 'no MRTR support' in the envelope settings sends create_event with no input capability, the card says so, and a reload keeps the switch", async ({
    pg,
    page,
  }) => {
    await pg.openEmulating("noMrtr");
    const summary = await pg.tid("envelope-emulation-summary").innerText();
    assert(summary.startsWith("Emulating: no MRTR support"), `summary: ${summary}`);
    const declared = await pg.tid("declared-capabilities").innerText();
    assert(declared.includes("declares clientCapabilities {}"), `declared: ${declared}`);
    await pg.setEditorText(CREATE_WITHOUT_DATE);
    await pg.send();
    const seq = Number(await pg.cards().last().getAttribute("data-seq"));
    await pg.settled(seq, 40_000);
    const tag = await pg.card(seq).locator('[data-testid="emulation-tag"]').innerText();
    assert(
      tag.includes("emulating: no MRTR support") && tag.includes("took elicitation out of clientCapabilities"),
      `tag: ${tag}`,
    );
    const trace = await pg.traceText(seq);
    assert(trace.includes("-32021"), `the calendar may not ask for undeclared input: ${trace.slice(0, 400)}`);
    // The session is saved shortly after it settles, and restored after first paint (the restore code loads lazily):
    // wait for the save, reload, and wait for the restore to be announced before judging the switch.
    await page
      .waitForFunction(() => Object.values(localStorage).some((v) => v.includes('"noMrtr":true')), null, {
        timeout: 15_000,
      })
      .catch(() => {});
    await page.reload();
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    await pg
      .tid("saved-session-notice")
      .waitFor({ timeout: 15_000 })
      .catch(() => {});
    assert(await pg.tid("envelope-emulate-noMrtr").isChecked(), "the switch survives a reload");
    await pg.emulate("noMrtr", false);
  });

  test("401: the exchange's error card and the doctor both open the Auth tab with the server's URL filled in", async ({
    pg,
    page,
  }) => {
    await onCustomHttpServer(pg, unauthorized, async (url) => {
      await pg.chooseTemplate("tools/list");
      await pg.send();
      const seq = Number(await pg.cards().last().getAttribute("data-seq"));
      await pg.settled(seq);
      await pg.card(seq).locator('[data-testid="error-card-open-auth"]').click();
      await pg.tid("auth-url").waitFor({ timeout: 15_000 });
      assert((await pg.tid("tab-auth").getAttribute("aria-selected")) === "true", "the Auth tab is in front");
      assert((await pg.tid("auth-url").inputValue()) === url, `auth url: ${await pg.tid("auth-url").inputValue()}`);
      assert((await pg.tid("auth-source").inputValue()) === "url", "My server (URL) is chosen");

      await pg.tid("auth-url").fill("");
      const checks = new ChecksPage(page);
      await checks.open();
      await checks.tid("doctor-run").click();
      await checks.tid("doctor-result").waitFor({ timeout: 30_000 });
      await checks.tid("doctor-open-auth").click();
      await page.waitForFunction((u) => document.querySelector('[data-testid="auth-url"]')?.value === u, url, {
        timeout: 10_000,
      });
    });
  });
}
