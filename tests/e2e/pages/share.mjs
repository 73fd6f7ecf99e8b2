// Page object for share links, the gallery and export/import (the data-testid contract of components/share).
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { PlaygroundPage } from "./playground.mjs";

/** A link fragment made the way docs/link-format.md documents it (so the test also proves the public format). */
export function fragmentOf(payload) {
  return `#v=1&s=${deflateRawSync(Buffer.from(JSON.stringify(payload), "utf8")).toString("base64url")}`;
}

/** `#lab=<base64url(raw DEFLATE(JSON {script, conditions}))>` (lib/lab/link.ts), built without the page. */
export function labFragment(script, conditions) {
  return `#lab=${deflateRawSync(Buffer.from(JSON.stringify({ script, conditions }))).toString("base64url")}`;
}

export function payloadOf(url) {
  const s = new URL(url).hash.match(/[#&]s=([^&]*)/)[1];
  return JSON.parse(inflateRawSync(Buffer.from(s, "base64url")).toString("utf8"));
}

export class SharePage extends PlaygroundPage {
  /** A share page on `page` for the app at `base`, the playground opened. */
  static async opened(page, base) {
    const sp = new SharePage(page, base);
    await sp.open();
    return sp;
  }

  /** A share page on `page` for the app at `base` whose bridge and auth routes are unreachable (`cutBridge`). */
  static async offline(page, base) {
    const sp = new SharePage(page, base);
    await sp.cutBridge();
    return sp;
  }

  /** The shared `url` opened in `page` with the bridge cut (a viewer's page: nothing it does may call out). */
  static async viewOffline(page, base, url) {
    const viewer = await SharePage.offline(page, base);
    await viewer.openLink(new URL(url).pathname + new URL(url).hash);
    return viewer;
  }

  /** Every request the page makes to the bridge or the auth routes is counted and aborted: they are unreachable. */
  async cutBridge() {
    this.bridgeCalls = [];
    for (const pattern of ["**/api/bridge/**", "**/api/auth/**"])
      await this.page.route(pattern, (route) => {
        this.bridgeCalls.push(route.request().url());
        return route.abort();
      });
  }

  /** Opens the playground at a link (path + fragment) and waits for the banner or the link error. */
  async openLink(pathAndFragment) {
    // A full load each time (a goto that only changes the fragment would be a same-document navigation).
    await this.page.goto("about:blank");
    await this.page.goto(this.base + pathAndFragment);
    await this.page.waitForSelector('[data-testid="playground"][data-hydrated="true"]');
    await this.page.waitForSelector('[data-testid="link-banner"], [data-testid="link-error"]', { timeout: 20_000 });
  }

  /** With the bridge cut, opens the gallery example `id` by its link. */
  async openExampleOffline(id) {
    await this.cutBridge();
    const href = (await this.galleryLinks()).find((l) => l.id === id).href;
    await this.openLink(href);
  }

  banner() {
    return this.tid("link-banner");
  }

  /** The gallery's example cards: each example's id, the href of its link and what it is about. */
  galleryLinks() {
    return this.galleryCards("example-card", {
      id: [null, "data-example-id"],
      href: ['[data-testid="example-link"]', "href"],
      about: ["p + p"],
    });
  }

  /** The gallery's lesson cards: each lesson's id and the href of its link. */
  lessonLinks() {
    return this.galleryCards("lesson-card", {
      id: [null, "data-lesson"],
      href: ['[data-testid="lesson-run"]', "href"],
      title: ["h2"],
      about: ["h2 + p"],
    });
  }

  /**
   * The gallery's cards of the data-testid `card`, each read as `fields` say: a field is [the element inside the card
   * (null: the card), its attribute (none: its text, "" when there is no such element)].
   */
  async galleryCards(card, fields) {
    await this.page.goto(this.base + "/examples");
    await this.page.waitForSelector(`[data-testid="${card}"]`);
    return this.page.$$eval(
      `[data-testid="${card}"]`,
      (cards, want) =>
        cards.map((c) =>
          Object.fromEntries(
            Object.entries(want).map(([field, [inside, attribute]]) => {
              const el = inside ? c.querySelector(inside) : c;
              return [field, attribute ? el.getAttribute(attribute) : (el?.textContent ?? "")];
            }),
          ),
        ),
      fields,
    );
  }

  async openShareTab() {
    await this.tid("tab-share").click();
    await this.tid("share-panel").waitFor({ timeout: 20_000 });
  }

  /** Clicks Share and returns the dialog's link and the list of what was left out. */
  async share() {
    await this.tid("share").click();
    await this.tid("share-dialog").waitFor();
    const url = await this.tid("share-url").inputValue();
    const omitted = await this.page.locator('[data-testid="share-omitted-item"]').allInnerTexts();
    return { url, omitted };
  }

  async curlFor(buttonTestId, seq) {
    const sel =
      seq === undefined ? `[data-testid="${buttonTestId}"]` : `[data-testid="${buttonTestId}"][data-seq="${seq}"]`;
    await this.page.locator(sel).click();
    return this.tid("curl-command").innerText();
  }
}
