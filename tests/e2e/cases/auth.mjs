// End-to-end case of the Auth view (issue 18): the protected calendar's flow runs against the embedded
// authorization server and ends authenticated; no token ever reaches the page (DOM, storage), so none can reach
// a share link, session file or export.
import { AuthPage, STEPS_OK_IN_EVERY_MODE, pageHoldsAJwt } from "../pages/auth.mjs";

export function register({ test, assert }) {
  test("Auth: the protected calendar's flow ends authenticated, step by step, with step-up and refresh; no token reaches the page", async ({
    pg,
    page,
  }) => {
    const auth = await AuthPage.openOn(pg);
    const panel = auth.panel;
    await auth.run("calendar-protected", "headless", "authenticated");
    const steps = await auth.steps();
    for (const name of [
      "unauthenticated request",
      "protected resource metadata",
      "authorization server metadata",
      ...STEPS_OK_IN_EVERY_MODE,
    ]) {
      assert(steps.includes(`${name}:ok`), `step ${name} ok in ${steps.join(", ")}`);
    }
    assert((await panel.locator('[data-testid="auth-findings-none"]').count()) === 1, "no findings");
    // Open the raw HTTP of the token step: the token is masked there.
    const token = panel.locator('[data-testid="auth-step"][data-step="token"]');
    await token.locator("summary", { hasText: "Raw HTTP" }).click();
    const raw = await token.innerText();
    assert(raw.includes("masked") && raw.includes("resource="), `token exchange shown masked: ${raw.slice(0, 200)}`);
    assert(!(await pageHoldsAJwt(page)), "no JWT anywhere in the page, its storage or its URL");
  });
}
