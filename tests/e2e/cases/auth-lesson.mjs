// End-to-end case of the audience lesson (issue 18 point 3, issue 33): the gallery's lesson card opens it in the
// Auth tab, and nothing runs until Run — then the same calendar token goes to the calendar, the second server and
// the naive one, with the three verdicts in words, drawn in the Auth lane of the sequence diagram, with its text
// alternative.
// And the authorization checks in the Checks tab (point 6), against a protected server of the user's.
import { pageHoldsAJwt } from "../pages/auth.mjs";
import { onCustomHttpServer } from "../steps/custom-http.mjs";

export function register({ test, assert }) {
  registerChecks({ test, assert });
  test("Auth lesson: the gallery's card opens the lesson, Run runs it once; three verdicts in words and the Auth lane", async ({
    pg,
    page,
  }) => {
    const runs = [];
    page.on("request", (r) => r.url().endsWith("/api/auth/run") && runs.push(r.url()));
    await page.goto(pg.base + "/examples");
    await page.locator('[data-testid="lesson-card"][data-lesson="audience-lesson"] [data-testid="lesson-run"]').click();
    await page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    const panel = page.locator('[data-testid="auth"]');
    await panel.waitFor({ state: "visible", timeout: 30_000 });
    await panel.locator('[data-testid="auth-lesson"]').waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    assert(runs.length === 0, "opening the lesson ran it");
    await panel.locator('[data-testid="auth-run"]').click();
    await panel.locator('[data-testid="auth-outcome"][data-outcome="authenticated"]').waitFor({ timeout: 90_000 });
    assert(runs.length === 1, `runs: ${runs.length}`);

    const verdicts = await panel
      .locator('[data-testid="audience-verdict"]')
      .evaluateAll((els) => els.map((e) => [e.dataset.verdict, e.textContent]));
    assert(
      JSON.stringify(verdicts.map((v) => v[0])) ===
        JSON.stringify(["accepted", "refused-wrong-audience", "accepted-wrongly"]),
      `verdicts ${JSON.stringify(verdicts)}`,
    );
    assert(/accepted \(200\)/.test(verdicts[0][1]), `the calendar: ${verdicts[0][1]}`);
    assert(/refused: wrong audience \(401\)/.test(verdicts[1][1]), `the second server: ${verdicts[1][1]}`);
    assert(
      /accepted though it should not be \(200\).*MUST NOT pass a token on/.test(verdicts[2][1]),
      `the naive server: ${verdicts[2][1]}`,
    );

    const lane = panel.locator('[data-testid="auth-diagram"]');
    assert(
      (await lane.getAttribute("data-lanes")) === "user,client,server,auth",
      `lanes ${await lane.getAttribute("data-lanes")}`,
    );
    const arrows = await lane
      .locator('[data-testid="auth-step"]')
      .evaluateAll((els) => els.map((e) => `${e.dataset.from}>${e.dataset.to}`));
    for (const hop of ["client>server", "server>client", "client>auth", "auth>client", "client>user", "user>auth"])
      assert(arrows.includes(hop), `arrow ${hop} in ${arrows.length} arrows`);
    const said = await lane.locator('[data-testid="auth-diagram-steps"] li').allTextContents();
    assert(
      said.length === arrows.length,
      `the text alternative lists every arrow (${said.length} of ${arrows.length})`,
    );
    assert(
      said.some((t) =>
        /^Step 1 \(unauthenticated request\): Client \(playground\) to Server: POST \/calendar\/mcp$/.test(t),
      ),
      `first step said: ${said[0]}`,
    );
    assert(
      said.some((t) => /Step \d+ \(audience: a naive server\): Server to Client \(playground\): 200/.test(t)),
      "the naive server's 200 is said",
    );

    assert(!(await pageHoldsAJwt(page)), "no JWT anywhere in the page, its storage or its URL");
    assert(
      !(await page.evaluate(() => location.hash)).includes("auth="),
      "the lesson fragment is gone: a reload does not run it again",
    );
    await page.screenshot({ path: "tests/e2e/screenshots/auth-lesson.png", fullPage: false });
  });
}

// A protected server of the user's (a small loopback server: 401 with a Bearer challenge, its metadata, an
// authorization server's metadata without S256): the Checks tab judges its authorization through the playground
// server and shows only those rules, with the reason the protocol checks did not run.

/** How the protected server at `origin` answers. */
function protectedServer(req, res, origin) {
  const json = (status, body, headers = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  if (req.url === "/.well-known/oauth-protected-resource/mcp")
    return json(200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
  if (req.url === "/.well-known/oauth-authorization-server")
    return json(200, {
      issuer: origin,
      authorization_endpoint: `${origin}/authorize`,
      token_endpoint: `${origin}/token`,
      client_id_metadata_document_supported: true,
    });
  if (req.url === "/mcp")
    return json(
      401,
      { error: "unauthorized" },
      {
        "www-authenticate": `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp", scope="read"`,
      },
    );
  json(404, { error: "not_found" });
}

function registerChecks({ test, assert }) {
  test("Auth checks: the Checks tab judges a protected server's authorization (401): A06 fails without S256, the protocol checks wait for a token", async ({
    pg,
    page,
  }) => {
    await onCustomHttpServer(pg, protectedServer, async () => {
      await pg.tid("tab-checks").click();
      await pg.tid("checks-run").click();
      await page.waitForSelector('[data-testid="checks-panel"][data-phase="done"]', { timeout: 60_000 });
      const rows = await page
        .locator('[data-testid="check-row"]')
        .evaluateAll((els) => els.map((e) => `${e.dataset.checkId}:${e.dataset.status}`));
      assert(
        JSON.stringify(rows) ===
          JSON.stringify([
            "A01:pass",
            "A02:pass",
            "A03:pass",
            "A04:pass",
            "A05:pass",
            "A06:fail",
            "A07:pass",
            "A08:pass",
            "A09:skip",
            "A10:skip",
            "C57:pass",
          ]),
        `rows ${rows.join(" ")}`,
      );
      const era = await pg.tid("checks-era").innerText();
      assert(/answered 401: it is protected/.test(era), `era line: ${era}`);
      const a06 = await page
        .locator('[data-testid="check-row"][data-check-id="A06"] [data-testid="check-detail"]')
        .innerText();
      assert(/PKCE_S256_NOT_ADVERTISED.*Fix: advertise code_challenge_methods_supported/.test(a06), `A06 says: ${a06}`);
    });
  });
}
