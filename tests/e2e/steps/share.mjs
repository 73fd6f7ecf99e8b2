// Steps of the everyday cases around share links, taken on the SharePage (pages/share.mjs) of the case's page.
import { recordSends } from "../harness.mjs";
import { SharePage } from "../pages/share.mjs";

/** The playground opened with one frame sent (the one its editor opens with, or the template `template`'s): a session
 * to share, as the SharePage of the same page. */
export async function openASessionToShare(pg, template) {
  await pg.open();
  if (template) await pg.chooseTemplate(template);
  await pg.sendAndSettle(1, 30_000);
  return new SharePage(pg.page, pg.base);
}

/** Shares the session, closes the dialog and opens the link it gave, as the one who receives it would. */
export async function shareAndOpenTheLink(sp) {
  const { url } = await sp.share();
  await sp.page.keyboard.press("Escape");
  const u = new URL(url);
  await sp.openLink(u.pathname + u.hash);
}

/** Opens a link (path and fragment) while recording every frame the page sends to the bridge from then on. */
export async function openLinkRecordingSends(page, base, pathAndFragment) {
  const sp = new SharePage(page, base);
  const sends = recordSends(page);
  await sp.openLink(pathAndFragment);
  return { sp, sends };
}

/** Waits until the link banner says what Run live sent (within `timeout` ms) and returns what it says. */
export async function ranLive(sp, timeout) {
  await sp.page.waitForFunction(
    () => document.querySelector('[data-testid="link-banner-notice"]')?.textContent?.match(/^Run live: \d/),
    null,
    { timeout },
  );
  return sp.tid("link-banner-notice").innerText();
}

/** With the bridge cut, opens the gallery example `id` by its link, as a SharePage. */
export async function exampleOpenedOffline(page, base, id) {
  const sp = new SharePage(page, base);
  await sp.openExampleOffline(id);
  return sp;
}
