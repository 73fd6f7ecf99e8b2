// e2e cases for issue 27 item 9: the tools/call argument form, generated from the tool's inputSchema and kept in sync
// with the raw frame both ways (the frame is the source of truth).
import {
  COLOUR_RULES,
  WIDE_AND_NARROW as SIZES,
  axeOn,
  eachSizeAndScheme,
  showScheme,
  spills,
} from "../pages/a11y.mjs";
import { request } from "../steps/frames.mjs";

/** The form field for an argument (its label names it). */
const field = (pg, name) => pg.tid("args-form").getByLabel(new RegExp(`^${name}\\b`));

/**
 * At 1440×900: lists the calendar's tools (so the templates know create_event's inputSchema), then chooses the
 * create_event template and waits for its form. Resolves how the tools/list settled.
 */
async function openCreateEventForm(pg, page) {
  await page.setViewportSize(SIZES[0]);
  await pg.open();
  await pg.chooseTemplate("tools/list");
  await pg.send();
  const listed = await pg.settled(1);
  await pg.chooseTemplate("target:tools/call:create_event");
  await pg.tid("args-form").waitFor({ timeout: 15_000 });
  return listed;
}

export function register({ test, assert }) {
  // One page (issue 42): the template's form as it first shows, looked at in both sizes and themes, then edited.
  test("Args form: visible beside or under the frame at 1440×900 and 800×700, light and dark, with no axe violation; a tools/call template starts with the tool's required fields, the form edits params.arguments in the frame, and frame edits refill the form", async ({
    pg,
    page,
  }) => {
    const listed = await openCreateEventForm(pg, page);
    assert(listed === "response", `tools/list: ${await pg.traceText(1)}`);
    const found = [];
    await eachSizeAndScheme(page, SIZES, async (size, scheme) => {
      const form = await pg.tid("args-form").boundingBox();
      const editor = await pg.tid("editor").boundingBox();
      assert(form && form.width > 200 && form.height > 80, `${size.width} ${scheme}: form box ${JSON.stringify(form)}`);
      assert(form.x + form.width <= size.width + 1, `${size.width} ${scheme}: the form runs off the page`);
      if (size.width >= 1280)
        assert(form.x >= editor.x + editor.width - 1, `${size.width}: the form sits beside the frame`);
      else assert(form.y >= editor.y + editor.height - 1, `${size.width}: the form sits under the frame`);
      const spilt = await spills(page, '[data-testid="args-form"]');
      assert(spilt.length === 0, `${size.width} ${scheme}: ${spilt.join("; ")}`);
      await page.screenshot({ path: `test-results/args-form-${size.width}-${scheme}.png` });
      // The dark pass follows the light one over the same state: only the colour rules can differ.
      const rules = scheme === "dark" ? COLOUR_RULES : undefined;
      found.push(...(await axeOn(page, '[data-testid="args-form"]', `${size.width} ${scheme}`, { rules })));
    });
    assert(found.length === 0, `axe:\n${found.join("\n")}`);
    await page.setViewportSize(SIZES[0]);
    await showScheme(page, "light");

    const form = pg.tid("args-form");
    assert((await form.getAttribute("data-state")) === "ready", `form state: ${await form.getAttribute("data-state")}`);
    // The template's arguments are a skeleton of the required field (the form reads them from the frame).
    assert((await field(pg, "title").inputValue()) === "<title>", "the template holds the required title");
    assert((await field(pg, "startsAt").inputValue()) === "", "the optional startsAt is not in the skeleton");
    assert((await form.innerText()).includes("* (required)"), "the required field is marked");

    // form → frame: what is sent (the exact stdin line) carries the form's arguments and the rest of the frame.
    await field(pg, "title").fill("Dentist");
    await field(pg, "startsAt").fill("2026-09-10T08:30:00Z");
    await pg.tid("args-form-valid").waitFor();
    await pg.send();
    assert((await pg.settled(2)) === "response", `create_event: ${await pg.traceText(2)}`);
    const stdin = async (seq) =>
      (
        await (await pg.openWire(seq)).locator('[data-testid="wire-row"][data-kind="stdin"]').first().innerText()
      ).replace(/\s+/g, "");
    const sent = await stdin(2);
    assert(sent.includes('"arguments":{"title":"Dentist","startsAt":"2026-09-10T08:30:00Z"}'), `sent: ${sent}`);
    assert(
      sent.includes('"io.modelcontextprotocol/protocolVersion":"2026-07-28"') && sent.includes('"name":"create_event"'),
      `the envelope and the tool are kept: ${sent}`,
    );

    // frame → form
    const frame = request(3, "tools/call", { name: "create_event", arguments: { title: "Retro" } });
    await pg.setEditorText(JSON.stringify(frame));
    await page.waitForFunction(() => {
      const input = [...document.querySelectorAll('[data-testid="args-form"] input')][0];
      return input && input.value === "Retro";
    });
    assert((await field(pg, "startsAt").inputValue()) === "", "an argument taken out of the frame empties its field");

    // a problem against the schema is named
    frame.params.arguments = { title: "Retro", startsAt: "next tuesday" };
    await pg.setEditorText(JSON.stringify(frame));
    const problems = await pg.tid("args-form-problems").innerText();
    assert(problems.includes("startsAt"), `problems: ${problems}`);

    // an unparsable frame pauses the form, and says why
    // A missing colon (Monaco's auto-closing would complete a cut-off end).
    await pg.setEditorText(JSON.stringify(frame).replace('"name":', '"name" '));
    await page.waitForSelector('[data-testid="args-form"][data-state="disabled"]');
    const reason = await pg.tid("args-form-reason").innerText();
    assert(reason.includes("not valid JSON"), `reason: ${reason}`);
    assert(await field(pg, "title").isDisabled(), "the fields are disabled while the frame does not parse");

    // fixed again, edited in the form, and sent: the server gets what the form shows
    frame.params.arguments = { title: "Retro" };
    await pg.setEditorText(JSON.stringify(frame));
    await page.waitForSelector('[data-testid="args-form"][data-state="ready"]');
    await field(pg, "startsAt").fill("2026-09-11T09:00:00Z");
    await pg.send();
    assert((await pg.settled(3)) === "response", `create_event: ${await pg.traceText(3)}`);
    const again = await stdin(3);
    assert(again.includes('"arguments":{"title":"Retro","startsAt":"2026-09-11T09:00:00Z"}'), `sent: ${again}`);
  });
}
