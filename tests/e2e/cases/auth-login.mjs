// End-to-end case of a person's own sign-in (issue 18): from the Auth tab, Log in opens the embedded
// authorization server in a new tab; the demo user signs in and consents there; the authorization server sends
// that tab to the playground's callback page, which hands it to the Auth view; the view goes on (code exchanged,
// authenticated request), asks again for the step-up consent, and ends authenticated after refresh. No token,
// code or verifier reaches the page, a share link or an exported session file.
import { readFileSync } from "node:fs";
import { A11yPage } from "../pages/a11y.mjs";
import { AuthPage, JWT, STEPS_OK_IN_EVERY_MODE, pageKeeps } from "../pages/auth.mjs";
import { SharePage, payloadOf } from "../pages/share.mjs";

/** Clicks Log in, signs in (when asked) and consents in the new tab; returns the callback URL that tab landed on. */
async function signInInNewTab(page, panel, assert) {
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    panel.locator('[data-testid="auth-login"]').click(),
  ]);
  await tab.waitForLoadState("domcontentloaded");
  const form = tab.locator('[data-testid="auth-login-form"]');
  if (await form.isVisible().catch(() => false)) {
    const shown = await tab.locator("body").innerText();
    assert(shown.includes("student") && shown.includes("calendar"), "the login page names the demo user");
    await tab.locator('[data-testid="auth-login-user"]').fill("student");
    await tab.locator('[data-testid="auth-login-password"]').fill("calendar");
    await tab.locator('[data-testid="auth-login-submit"]').click();
  }
  await tab.locator('[data-testid="auth-consent-allow"]').click();
  await tab
    .locator('[data-testid="auth-callback-taken"]')
    .waitFor({ timeout: 20_000 })
    .catch(async (e) => {
      throw new Error(
        `the callback tab did not hand over (${e.message.split("\n")[0]}); it shows ${tab.url()}: ${(await tab.locator("body").innerText()).slice(0, 300)}`,
      );
    });
  assert(new URL(tab.url()).search === "", `the callback page removed code and state from its address: ${tab.url()}`);
  // Its work done, the callback tab closes itself (walkthrough item 19: it stayed open saying "You can close this tab").
  if (!tab.isClosed()) await tab.waitForEvent("close", { timeout: 10_000 });
}

export function register({ test, assert }) {
  test("Auth: Log in opens the consent page in a new tab; the demo user signs in there and the Auth view ends authenticated; no token, code or verifier reaches a share link or session file", async ({
    page,
    srv,
  }) => {
    const sp = new SharePage(page, srv.base);
    // The secrets of this sign-in: the codes the callback tabs carry (request events see redirects; routes do not).
    const codes = [];
    page.context().on("request", (r) => {
      if (r.url().includes("/api/auth/callback?")) codes.push(new URL(r.url()).searchParams.get("code"));
    });
    const auth = await AuthPage.openOn(sp);
    const panel = auth.panel;
    await auth.run("calendar-protected", "browser", "needs-user");
    assert(
      (await panel.locator('[data-testid="auth-demo-credentials"]').innerText()).includes("student"),
      "the demo user is shown on screen",
    );
    const serious = (await new A11yPage(sp).axe("the waiting sign-in")).filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    assert(serious.length === 0, `axe: ${serious.map((v) => v.line).join(" | ")}`);

    await signInInNewTab(page, panel, assert);
    // The first consent covers calendar.read; create_event answers 403 insufficient_scope: consent again (step-up).
    await panel
      .locator('[data-testid="auth-step"][data-step="step-up challenge"][data-status="ok"]')
      .waitFor({ timeout: 30_000 });
    assert(
      (await panel.locator('[data-testid="auth-login"]').innerText()).includes("step-up"),
      "the second Log in says it is the step-up",
    );
    await signInInNewTab(page, panel, assert);
    await panel.locator('[data-testid="auth-outcome"][data-outcome="authenticated"]').waitFor({ timeout: 30_000 });

    const steps = await auth.steps();
    for (const name of ["authenticated request", "step-up: callback", "step-up: token", ...STEPS_OK_IN_EVERY_MODE]) {
      assert(steps.includes(`${name}:ok`), `step ${name} ok in ${steps.join(", ")}`);
    }
    const token = panel.locator('[data-testid="auth-step"][data-step="token"]');
    await token.locator("summary", { hasText: "Decoded facts" }).click();
    const facts = await token.innerText();
    assert(
      facts.includes('"aud"') && facts.includes("/calendar/mcp"),
      `the token's claims are decoded: ${facts.slice(0, 300)}`,
    );

    // Each callback is seen twice: on 127.0.0.1 (the loopback redirect the authorization server takes), then moved
    // to the launch's own origin (issue 43), where this tab hears it.
    const distinct = [...new Set(codes)];
    assert(
      codes.length === 4 && distinct.length === 2 && distinct.every((c) => c && c.length > 20),
      `two callbacks with a code seen, each on 127.0.0.1 and on the launch's origin: ${codes.length} (${distinct.length} codes)`,
    );
    const leaks = (text, where) => {
      assert(!JWT.test(text), `a JWT in ${where}`);
      for (const code of codes) assert(!text.includes(code), `an authorization code in ${where}`);
      assert(!/code_verifier=(?!\S*masked)[A-Za-z0-9_-]{20,}/.test(text), `a code verifier in ${where}`);
    };
    leaks(await pageKeeps(page), "the page");
    const { url } = await sp.share();
    leaks(url + JSON.stringify(payloadOf(url)), "the share link");
    await page.keyboard.press("Escape");
    await sp.openShareTab();
    const [download] = await Promise.all([page.waitForEvent("download"), sp.tid("export-session").click()]);
    leaks(readFileSync(await download.path(), "utf8"), "the exported session file");
  });
}
