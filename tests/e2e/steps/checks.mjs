// Steps of the cases that go through the Checks tab, on the ChecksPage (pages/checks.mjs) of the case's page.
import { ChecksPage } from "../pages/checks.mjs";

/** Opens the Checks tab of the playground `pg` shows. */
export async function openChecksTab(pg) {
  const checks = new ChecksPage(pg.page);
  await checks.open();
  return checks;
}
