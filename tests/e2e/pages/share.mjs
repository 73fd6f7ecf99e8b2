// Page object for share links, the gallery and export/import (the data-testid contract of components/share).
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { PlaygroundPage } from "./playground.mjs";

/** A link fragment made the way docs/link-format.md documents it (so the test also proves the public format). */
export function fragmentOf(payload) {
  return `#v=1&s=${deflateRawSync(Buffer.from(JSON.stringify(payload), "utf8")).toString("base64url")}`;
}

export function payloadOf(url) {
  const s = new URL(url).hash.match(/[#&]s=([^&]*)/)[1];
  return JSON.parse(inflateRawSync(Buffer.from(s, "base64url")).toString("utf8"));
}

export class SharePage extends PlaygroundPage {
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

  async galleryLinks() {
    await this.page.goto(this.base + "/examples");
    await this.page.waitForSelector('[data-testid="example-card"]');
    return this.page.$$eval('[data-testid="example-card"]', (cards) =>
      cards.map((c) => ({
        id: c.getAttribute("data-example-id"),
        href: c.querySelector('[data-testid="example-link"]').getAttribute("href"),
        about: c.querySelector("p + p")?.textContent ?? "",
      })),
    );
  }

  /** The gallery's lesson cards: each lesson's id and the href of its link. */
  async lessonLinks() {
    await this.page.goto(this.base + "/examples");
    await this.page.waitForSelector('[data-testid="lesson-card"]');
    return this.page.$$eval('[data-testid="lesson-card"]', (cards) =>
      cards.map((c) => ({
        id: c.getAttribute("data-lesson"),
        href: c.querySelector('[data-testid="lesson-run"]').getAttribute("href"),
        title: c.querySelector("h2")?.textContent ?? "",
        about: c.querySelector("h2 + p")?.textContent ?? "",
      })),
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
