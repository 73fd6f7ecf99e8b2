// End-to-end cases of the MRTR studio (issue 3), in real Chromium against the embedded servers. Registered in
// tests/e2e/run.mjs with one line; each case is named after the rule it proves.
import path from "node:path";
import { ROOT, recordSends } from "../harness.mjs";
import { MrtrStudio } from "../pages/mrtr.mjs";
import { request } from "../steps/frames.mjs";

const DENTIST_STATE = "eyJ0aXRsZSI6IkRlbnRpc3QifQ==";
const call = (id, name, args, caps = { elicitation: { form: {} } }, extra = {}) =>
  JSON.stringify(request(id, "tools/call", { name, arguments: args, ...extra }, caps));

/** The Dentist's retry (request `id`) with the chapter's answer and the given requestState. */
const dentistRetry = (id, requestState) =>
  call(
    id,
    "create_event",
    { title: "Dentist" },
    { elicitation: { form: {} } },
    { inputResponses: { when: { action: "accept", content: { startsAt: "2026-09-10T08:30:00Z" } } }, requestState },
  );

/** A fresh server process for the chosen target, so the calendar starts with e1 and e2 (the next event is e3). */
async function freshProcess(pg, preset) {
  if (preset) await pg.chooseTarget(preset);
  await pg.tid("process-restart").click();
  await pg.page.waitForSelector('[data-testid="process-panel"][data-status="running"]', { timeout: 20_000 });
}

/** The playground opened on a fresh server process (of the preset `preset`, when given), the MRTR tab not open yet. */
async function onAFreshProcess(pg, preset) {
  await pg.open();
  await freshProcess(pg, preset);
  return new MrtrStudio(pg);
}

/** Sends the editor text and waits for its card to settle (the timeline tab shows it; the MRTR tab stays usable). */
async function sendAndSettle(pg, seq) {
  await pg.tid("tab-timeline").click();
  await pg.send();
  const status = await pg.settled(seq);
  return { status, trace: await pg.traceText(seq) };
}

/** The chapter's first message, answered input_required, with the form filled and the retry composed. */
async function dentistUpToRetry(pg, m, { fill = "2026-09-10T08:30:00Z" } = {}) {
  await pg.setEditorText(call(1, "create_event", { title: "Dentist" }));
  const first = await sendAndSettle(pg, 1);
  if (first.status !== "response") throw new Error(`round 1: ${first.trace}`);
  await m.open();
  await m.waitFor("awaiting-input", 1);
  await m.fill("when", "startsAt", fill);
  await m.answer("when", "accept");
  await m.compose();
}

export function register({ test, assert }) {
  test("MRTR: the chapter's Dentist by clicking — input_required, the form, the retry in the editor, Created e3, a two-round diagram", async ({
    pg,
    page,
  }) => {
    const m = await onAFreshProcess(pg);
    await pg.setEditorText(call(1, "create_event", { title: "Dentist" }));
    await sendAndSettle(pg, 1);
    await m.open();
    await m.waitFor("awaiting-input", 1);
    assert((await m.requestState()) === DENTIST_STATE, `requestState shown: ${await m.requestState()}`);
    const message = await m.request("when").locator('[data-testid="mrtr-message"]').innerText();
    assert(message === 'When should "Dentist" start?', `message: ${message}`);
    // Validated before sending: a date without a time zone is refused and nothing can be composed.
    await m.fill("when", "startsAt", "2026-09-10 08:30");
    await m.answer("when", "accept");
    const error = await m.fieldError("when", "startsAt").innerText();
    assert(error === "Expected a date-time with a time zone, e.g. 2026-09-10T08:30:00Z.", `field error: ${error}`);
    assert(await m.tid("mrtr-compose-retry").isDisabled(), "Compose retry must wait for a valid answer");
    await m.fill("when", "startsAt", "2026-09-10T08:30:00Z");
    await m.compose();
    // The composed retry, judged on the frame the page sends (Monaco shows only the lines in view, wrapped beside
    // the argument form); whitespace is insignificant in JSON and none of these values holds any.
    const sends = recordSends(page);
    const second = await sendAndSettle(pg, 2);
    const sent = String(sends.at(-1)?.frame ?? "");
    for (const part of [
      '"id": 2',
      '"method": "tools/call"',
      '"title": "Dentist"',
      '"startsAt": "2026-09-10T08:30:00Z"',
      `"requestState": "${DENTIST_STATE}"`,
    ]) {
      assert(
        sent.replace(/\s+/g, "").includes(part.replace(/\s+/g, "")),
        `the composed retry should contain ${part}: ${sent}`,
      );
    }
    assert(
      second.status === "response" && second.trace.includes("Created e3: Dentist at 2026-09-10T08:30:00Z"),
      `round 2: ${second.trace}`,
    );
    await m.open();
    const done = await m.waitFor("complete", 2);
    assert(
      (await done.locator('[data-testid="mrtr-final"]').innerText()) === "Created e3: Dentist at 2026-09-10T08:30:00Z",
      "final result",
    );
    assert((await m.diagram().getAttribute("data-rounds")) === "2", "a two-round diagram");
    assert((await m.diagram().getAttribute("data-lanes")) === "user,client,server", "a user lane: a human answered");
    const tones = await m
      .diagram()
      .locator('[data-testid="mrtr-step"]')
      .evaluateAll((els) => els.map((e) => `${e.dataset.round}:${e.dataset.tone}`));
    assert(
      tones.join(" ") === "1:request 1:input_required 1:ask 1:answer 2:retry 2:complete",
      `diagram steps: ${tones.join(" ")}`,
    );
    assert((await m.departures()).length === 0, `no rule departures: ${await m.departures()}`);
    await m.tid("mrtr-panel").screenshot({ path: path.join(ROOT, "tests/e2e/screenshots/mrtr.png") });
    void page;
  });

  test("MRTR: a tampered requestState succeeds on the naive calendar (creates the forged event) and the departure is marked", async ({
    pg,
  }) => {
    const m = await onAFreshProcess(pg);
    await dentistUpToRetry(pg, m);
    const forged = Buffer.from(JSON.stringify({ title: "Hacked" })).toString("base64");
    await pg.setEditorText(dentistRetry(2, forged));
    const r = await sendAndSettle(pg, 2);
    assert(
      r.status === "response" && r.trace.includes("Created e3: Hacked at 2026-09-10T08:30:00Z"),
      `the naive server should trust the forged state: ${r.trace}`,
    );
    await m.open();
    await m.waitFor("complete", 2);
    const marks = await m.departures();
    assert(marks.join() === "client.echo-state", `departures: ${marks.join()}`);
    const text = await m.conversation().locator('[data-testid="mrtr-departure"]').first().innerText();
    assert(text.includes("MUST") && text.includes(forged), `the mark names the rule and the value sent: ${text}`);
  });

  test("MRTR: the hardened calendar rejects the tampered requestState with -32602 and creates nothing", async ({
    pg,
  }) => {
    const m = await onAFreshProcess(pg, "calendar-hardened-stdio");
    await dentistUpToRetry(pg, m);
    const state = await m.requestState();
    assert(state.startsWith("v1."), `an HMAC-sealed state: ${state}`);
    const flipped = state.slice(0, 12) + (state[12] === "A" ? "B" : "A") + state.slice(13);
    await pg.setEditorText(dentistRetry(2, flipped));
    const r = await sendAndSettle(pg, 2);
    assert(
      r.status === "error" && r.trace.includes("-32602") && r.trace.includes("Invalid or expired requestState"),
      `rejected: ${r.trace}`,
    );
    await m.open();
    const c = await m.waitFor("error", 2);
    assert(
      (await c.locator('[data-testid="mrtr-status"]').innerText()).includes("-32602"),
      "the conversation ends in the error",
    );
    assert((await m.departures()).join() === "client.echo-state", `departures: ${await m.departures()}`);
    // The honest retry, composed again from the same round, still completes.
    await pg.setEditorText(dentistRetry(3, state));
    const honest = await sendAndSettle(pg, 3);
    assert(honest.trace.includes("Created e3: Dentist at 2026-09-10T08:30:00Z"), `honest retry: ${honest.trace}`);
  });

  test("MRTR: -32021 is explained and 'Declare elicitation.form and resend' gets the input_required", async ({
    pg,
  }) => {
    await pg.open();
    const m = new MrtrStudio(pg);
    await pg.setEditorText(call(1, "create_event", { title: "Dentist" }, {}));
    const r = await sendAndSettle(pg, 1);
    assert(r.status === "error" && r.trace.includes("-32021"), `round 1: ${r.trace}`);
    await m.open();
    const help = await m.tid("mrtr-missing-capability").innerText();
    assert(
      help.includes("elicitation.form") &&
        help.includes("declare elicitation.form in this request's envelope and resend"),
      `help: ${help}`,
    );
    await m.tid("mrtr-declare-resend").click();
    await m.waitFor("awaiting-input", 1);
    assert((await pg.editorText()).includes('"elicitation"'), "the resent frame declares elicitation");
  });

  test("MRTR: URL mode shows the full URL, opens it only as a new-tab link (noopener noreferrer), never loads it", async ({
    pg,
    page,
    ctx,
  }) => {
    const m = await MrtrStudio.onTarget(pg, "mrtr-scenarios-stdio");
    await pg.setEditorText(call(1, "connect_account", {}, { elicitation: { url: {} } }));
    await sendAndSettle(pg, 1);
    await m.open();
    await m.waitFor("awaiting-input", 1);
    const url = (await m.tid("mrtr-url").innerText()).trim();
    assert(/^https:\/\/photos\.example\.com\/connect\?flow=[0-9a-f]{8}$/.test(url), `full URL: ${url}`);
    const link = m.tid("mrtr-open-url-sign_in");
    assert((await link.getAttribute("href")) === url, "the link is the URL, untouched");
    assert(
      (await link.getAttribute("target")) === "_blank" && (await link.getAttribute("rel")) === "noopener noreferrer",
      "new tab, no opener, no referrer",
    );
    assert((await page.locator("iframe").count()) === 0, "never framed");
    assert(!ctx.urls.some((u) => u.includes("photos.example.com")), "never fetched");
    await m.answer("sign_in", "accept");
    await m.compose();
    const r = await sendAndSettle(pg, 2);
    assert(r.trace.includes("Connected photos.example.com"), `after "I finished": ${r.trace}`);
  });

  test("MRTR: several inputs at once render by kind (form, sampling marked deprecated with SEP-2577's migration, roots)", async ({
    pg,
  }) => {
    const m = await MrtrStudio.onTarget(pg, "mrtr-scenarios-stdio");
    await pg.setEditorText(call(1, "plan_trip", {}, { elicitation: { form: {} }, sampling: {}, roots: {} }));
    await sendAndSettle(pg, 1);
    await m.open();
    await m.waitFor("awaiting-input", 1);
    const kinds = await m
      .tid("mrtr-request")
      .evaluateAll((els) => els.map((e) => `${e.dataset.key}:${e.dataset.kind}`));
    assert(kinds.join() === "details:elicitation-form,trip_name:sampling,save_to:roots", `requests: ${kinds.join()}`);
    const badge = await m.request("trip_name").locator('[data-testid="mrtr-deprecated"]').innerText();
    assert(
      badge.includes("SEP-2577") && badge.includes("integrate directly with LLM provider APIs instead of Sampling"),
      `badge: ${badge}`,
    );
    await m.fill("details", "destination", "Lisbon");
    await m.fill("details", "departOn", "2026-10-01");
    await m.answer("details", "accept");
    await m.tid("mrtr-sampling-text-trip_name").fill("Pastel de Nata Run");
    await m.compose();
    const r = await sendAndSettle(pg, 2);
    assert(
      r.trace.includes('Trip \\"Pastel de Nata Run\\" to Lisbon on 2026-10-01') &&
        r.trace.includes("saved to file:///home/user/project"),
      `result: ${r.trace}`,
    );
  });

  test("MRTR: a server that never finishes is stopped by the round limit with a clear message", async ({ pg }) => {
    const m = await MrtrStudio.openOn(pg, "mrtr-scenarios-stdio");
    await m.setRoundLimit(2);
    await pg.setEditorText(call(1, "poll_forever", {}, {}));
    await sendAndSettle(pg, 1);
    await m.open();
    await m.waitFor("awaiting-input", 1);
    await m.compose();
    await sendAndSettle(pg, 2);
    await m.open();
    const c = await m.waitFor("round-limit", 2);
    const text = await c.locator('[data-testid="mrtr-limit-reached"]').innerText();
    assert(text.includes("round limit 2") && text.includes("Raise the limit"), `message: ${text}`);
    assert((await c.locator('[data-testid="mrtr-compose-retry"]').count()) === 0, "no retry is offered past the limit");
  });
}
