// e2e case for the Skills tab (issue 50): with the skills demo as target, the tab (loaded with its first open) lists
// the demo's skills — the two the listing carries and the one only its instructions name — with every file verified
// and the frontmatter shown as text. Everything else about skills is proved without a browser
// (tests/unit/skills, tests/integration/skills.test.ts).
export function register({ test, assert }) {
  test("Skills: with the skills demo as target, the Skills tab lists its skills, each file verified, the S checks passing, the frontmatter as untrusted text", async ({
    pg,
    page,
  }) => {
    await pg.openOnAndList("skills-stdio", "skills");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="skills-item"]').length === 3, null, {
      timeout: 30_000,
    });
    const uris = await page
      .locator('[data-testid="skills-item"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-uri")));
    assert(
      JSON.stringify(uris) ===
        JSON.stringify([
          "skill://calendar/plan-week/SKILL.md",
          "skill://calendar/find-slot/SKILL.md",
          "skill://calendar/rsvp/SKILL.md",
        ]),
      `skills: ${uris}`,
    );
    const verdicts = await page
      .locator('[data-testid="skills-file"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-verified")));
    assert(verdicts.length === 6 && verdicts.every((v) => v === "true"), `file verdicts: ${verdicts}`);
    // The S checks judged from what the tab gathered: the same seven rows `check` adds, all passing on the demo.
    const checks = await page
      .locator('[data-testid="skills-check"]')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute("data-check-id")} ${e.getAttribute("data-status")}`));
    assert(
      JSON.stringify(checks) ===
        JSON.stringify(["S01", "S02", "S03", "S04", "S05", "S06", "S07"].map((id) => `${id} pass`)),
      `S checks: ${checks}`,
    );
    const frontmatter = await pg.tid("skills-frontmatter").first().innerText();
    assert(frontmatter.includes('"name": "plan-week"'), frontmatter);
  });
}
