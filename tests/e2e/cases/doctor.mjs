// e2e cases for the connection doctor: Diagnose names the broken step and what to do.
import { ChecksPage } from "../pages/checks.mjs";

export function register({ test, assert }) {
  test("Doctor: Diagnose on a server that exits at start says the connect step broke, with the exit code, the stderr tail and what to do", async ({
    pg,
    page,
  }) => {
    const checks = await ChecksPage.openOn(pg, "node tests/fixtures/exit-at-start.mjs");
    await checks.tid("doctor-run").click();
    const result = checks.tid("doctor-result");
    await result.waitFor({ timeout: 30_000 });
    assert(
      (await result.getAttribute("data-broken-at")) === "connect",
      `broken at: ${await result.getAttribute("data-broken-at")}`,
    );
    const rung = page.locator('[data-testid="doctor-rung"][data-ok="false"]');
    assert(
      (await rung.getAttribute("data-problem")) === "exited",
      `problem: ${await rung.getAttribute("data-problem")}`,
    );
    const text = await rung.innerText();
    assert(text.includes("exited with code 3") && text.includes("EXAMPLE_API_KEY is not set"), `rung: ${text}`);
    assert((await checks.tid("doctor-advice").innerText()).startsWith("What to do:"), "the advice is shown");
  });
}
