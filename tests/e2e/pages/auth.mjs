// Page object for the Auth tab (the data-testid contract of components/auth/).
import { TabPage } from "./tab.mjs";

const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;

/** Whether a JWT appears anywhere the page keeps things: its DOM, localStorage, sessionStorage or its URL. */
export async function pageHoldsAJwt(page) {
  const everything = await page.evaluate(
    () =>
      document.documentElement.outerHTML +
      JSON.stringify({ ...localStorage }) +
      JSON.stringify({ ...sessionStorage }) +
      location.href,
  );
  return JWT.test(everything);
}

export class AuthPage extends TabPage {
  constructor(pg) {
    super(pg, "auth", "auth");
    this.panel = pg.page.locator('[data-testid="auth"]');
  }

  /** Runs the flow for `source` with the login mode `loginMode` until the view shows the outcome `outcome`. */
  async run(source, loginMode, outcome) {
    await this.panel.locator('[data-testid="auth-source"]').selectOption(source);
    await this.panel.locator('[data-testid="auth-login-mode"]').selectOption(loginMode);
    await this.panel.locator('[data-testid="auth-run"]').click();
    await this.panel.locator(`[data-testid="auth-outcome"][data-outcome="${outcome}"]`).waitFor({ timeout: 60_000 });
  }
}
