// Page object for the Auth tab (the data-testid contract of components/auth/).
import { TabPage } from "./tab.mjs";

export const JWT = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/;

/** Everything the page keeps, as one text: its DOM, localStorage, sessionStorage and its URL. */
export function pageKeeps(page) {
  return page.evaluate(
    () =>
      document.documentElement.outerHTML +
      JSON.stringify({ ...localStorage }) +
      JSON.stringify({ ...sessionStorage }) +
      location.href,
  );
}

/** Whether a JWT appears anywhere the page keeps things: its DOM, localStorage, sessionStorage or its URL. */
export async function pageHoldsAJwt(page) {
  return JWT.test(await pageKeeps(page));
}

/** The steps the protected calendar's flow ends ok in either login mode (its step-up and refresh too). */
export const STEPS_OK_IN_EVERY_MODE = ["callback", "token", "step-up retry", "refresh"];

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

  /** Every step of the flow as "<step>:<status>", in the order shown. */
  steps() {
    return this.panel
      .locator('[data-testid="auth-step"]')
      .evaluateAll((els) => els.map((e) => `${e.dataset.step}:${e.dataset.status}`));
  }
}
