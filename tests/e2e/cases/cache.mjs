// e2e: cache hints made visible and a client cache that obeys them (issue 5). Registered by run.mjs.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CachePage } from "../pages/cache.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export function register({ test, assert }) {
  // One page with the cache on serves both (issue 42: the stale rule was a case that opened the page again): the
  // calendar's fresh read first, then server-everything's legacy tools/list as exchanges #3 and #4.
  test("client cache on: a fresh calendar://week read re-sent is served from cache with nothing on the wire; a stale entry goes out: server-everything's legacy tools/list has no ttlMs (treated as 0), so the re-send reaches the server", async ({
    pg,
  }) => {
    const cache = await CachePage.openWithCacheOn(pg);
    await pg.chooseTemplate("resources/read");
    await pg.send();
    assert((await pg.settled(1)) === "response", `first read: ${await pg.traceText(1)}`);
    const badge = await cache.badge(1).innerText();
    assert(
      badge.includes("ttl 1 min · private") && badge.includes("resources/read uri=calendar://week"),
      `badge: ${badge}`,
    );
    assert(
      badge.includes("Private: a client may reuse it only under the same authorization"),
      `the scope rule is shown: ${badge}`,
    );
    assert(
      (await cache.badge(1).locator('[data-testid="freshness"]').getAttribute("data-state")) === "fresh",
      "the first answer is fresh",
    );

    await pg.send();
    assert((await pg.settled(2)) === "response", `second read: ${await pg.traceText(2)}`);
    const served = await cache.served(2).innerText();
    assert(/served from cache, age \d+ s/.test(served), `card 2 should say served from cache: ${served}`);
    const kinds = await cache.wireKinds(2);
    assert(
      kinds.length === 1 && kinds[0] === "note",
      `nothing may cross the wire for a local answer; wire rows: ${kinds.join(", ")}`,
    );
    assert((await pg.traceText(2)).includes('"contents"'), "the local answer carries the cached result");
    await pg.page.screenshot({ path: path.join(root, "tests/e2e/screenshots/cache-timeline.png") });

    await cache.openTab();
    const entry = cache.entry("resources/read uri=calendar://week");
    assert((await entry.getAttribute("data-state")) === "fresh", "the entry is fresh in the Cache tab");
    assert(
      (await pg.tid("cache-log").innerText()).includes("served resources/read uri=calendar://week from cache"),
      "the log records the local answer",
    );

    // a stale entry goes out: server-everything's legacy tools/list has no ttlMs (treated as 0)
    await cache.openTimeline();
    await pg.chooseTarget("everything-stdio");
    await pg.setEditorText(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }));
    await pg.send();
    assert((await pg.settled(3, 30_000)) === "response", `first: ${await pg.traceText(3)}`);
    const legacy = await cache.badge(3).innerText();
    assert(legacy.includes("no ttlMs") && legacy.includes("stale"), `a legacy answer is stale on arrival: ${legacy}`);
    await pg.send();
    assert((await pg.settled(4, 30_000)) === "response", `second: ${await pg.traceText(4)}`);
    assert((await cache.served(4).count()) === 0, "a stale entry must not answer locally");
    const resent = await cache.wireKinds(4);
    assert(resent.includes("stdin") && resent.includes("stdout"), `the re-send crossed the wire: ${resent.join(", ")}`);
  });

  test("a listen stream's resources/updated makes the cached read stale at once, and the next read goes out", async ({
    pg,
    page,
  }) => {
    const cache = await CachePage.openWithCacheOn(pg);
    await pg.chooseTemplate("resources/read");
    await pg.send();
    await pg.settled(1);
    await cache.openTab();
    await cache.openListen("calendar://week");
    await cache.openTimeline();
    await pg.chooseTemplate("tools/call");
    await pg.send();
    assert((await pg.settled(2)) === "response", `create_event: ${await pg.traceText(2)}`);
    await cache.openTab();
    const note = await cache.notification(1);
    assert(
      note.includes("notifications/resources/updated") &&
        note.includes("made stale: resources/read uri=calendar://week"),
      `notification: ${note}`,
    );
    assert(
      (await cache.entry("resources/read uri=calendar://week").getAttribute("data-state")) === "stale",
      "the entry is stale before its ttl",
    );
    await page.screenshot({ path: path.join(root, "tests/e2e/screenshots/cache.png"), fullPage: false });
    await cache.openTimeline();
    assert(
      (await cache.badge(1).locator('[data-testid="freshness"]').innerText()).includes(
        "made stale by notifications/resources/updated",
      ),
      "the card's bar shows the invalidation",
    );
    await pg.chooseTemplate("resources/read");
    await pg.send();
    assert((await pg.settled(3)) === "response", `third: ${await pg.traceText(3)}`);
    assert((await cache.served(3).count()) === 0, "an invalidated entry must not answer locally");
    assert((await pg.traceText(3)).includes("Dentist"), "the fresh read shows the created event");
    await cache.openTab();
    const status = await cache.closeListen();
    assert(status.includes("closed-by-user"), `stream status: ${status}`);
  });

  test("gateway view: a private result is fetched for each user, a public one is served to the second from the shared cache", async ({
    pg,
  }) => {
    const cache = await CachePage.on(pg, "calendar-http");
    const priv = await cache.replayGatewayOf("resources/read");
    assert(
      priv.map((s) => `${s.user}:${s.decision}`).join(" ") === "alice:fetched-upstream bob:fetched-upstream",
      `private: ${JSON.stringify(priv)}`,
    );
    assert(priv[1].text.includes("private to alice"), `bob's step says why: ${priv[1].text}`);

    await cache.openTimeline();
    const pub = await cache.replayGatewayOf("tools/list");
    assert(
      pub.map((s) => `${s.user}:${s.decision}`).join(" ") === "alice:fetched-upstream bob:served-from-shared-cache",
      `public: ${JSON.stringify(pub)}`,
    );

    await cache.openTimeline();
    const labels = await pg.page.locator('[data-testid="exchange-label"]').allInnerTexts();
    assert(
      labels.join(",") === "gateway: alice,gateway: bob,gateway: alice",
      `upstream fetches in the timeline: ${labels.join(",")}`,
    );
    const wire = await pg.openWire(2);
    const headers = await wire.locator('[data-testid="wire-header"]').allInnerTexts();
    assert(
      headers.some((h) => /^Authorization: Bearer bob-token/.test(h)),
      `bob's request carries his Authorization: ${headers.join(" | ")}`,
    );
    await cache.openTab();
    await pg.tid("gateway").scrollIntoViewIfNeeded();
    await pg.page.screenshot({ path: path.join(root, "tests/e2e/screenshots/cache-gateway.png") });
  });

  test("a server author checks every cacheable method: the calendar is clean, the bad-hints fixture is flagged rule by rule", async ({
    pg,
    page,
  }) => {
    const cache = await CachePage.openOn(pg);
    const calendar = await cache.audit();
    assert(calendar.summary.includes("0 errors, 0 warnings"), `calendar: ${calendar.summary}`);
    assert(calendar.rows.length === 6, `six methods asked: ${JSON.stringify(calendar.rows)}`);

    await pg.chooseCustomStdio(`node ${path.join(root, "tests/fixtures/cache/bad-hints-server.mjs")}`);
    const bad = await cache.audit();
    assert(bad.summary.includes("5 errors, 1 warning"), `fixture: ${bad.summary}`);
    const flagged = bad.rows.flatMap((r) => r.rules.map((rule) => `${r.method}:${rule}`));
    for (const want of [
      "server/discover:hints-required-scope",
      "tools/list:scope-uniform-across-pages",
      "prompts/list:hints-required-ttl",
      "resources/list:ttl-not-negative",
      "resources/read:ttl-integer",
      "resources/read:scope-enum",
    ]) {
      assert(flagged.includes(want), `${want} should be flagged; got ${flagged.join(", ")}`);
    }
    await pg.tid("cache-audit").scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(root, "tests/e2e/screenshots/cache-audit.png") });
  });
}
