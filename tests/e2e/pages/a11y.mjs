// Page object for accessibility checks: axe-core (injected from node_modules by @axe-core/playwright; nothing is
// fetched), the tab strip, the theme choice and the live region.
import { AxeBuilder } from "@axe-core/playwright";
import { PlaygroundPart } from "./tab.mjs";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * The axe rules the theme can change. Every other rule reads the same DOM in light and dark, so a dark pass that
 * follows a light one over the same states runs these alone (docs/testing.md).
 */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * The axe rules a translation can change: the page's language, and a control or link whose name is its (translated)
 * text. The language walks run these alone; the rest read the same DOM in every language (docs/testing.md).
 */
export const LANGUAGE_RULES = [
  "html-has-lang",
  "html-lang-valid",
  "valid-lang",
  "button-name",
  "link-name",
  "label",
  "select-name",
];

/**
 * An axe run over `page`: inside the `include` selectors only when given (axe still computes colours against the
 * whole page: include scopes, it does not detach), with `rules` only when given, else every WCAG 2.1 A/AA rule.
 */
function axeBuilder(page, { include = [], rules } = {}) {
  let builder = new AxeBuilder({ page });
  for (const selector of [include].flat()) builder = builder.include(selector);
  return rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS);
}

export class A11yPage extends PlaygroundPart {
  /** The playground opened with one exchange answered, so that every tab has something to show. */
  static async openAfterASend(pg) {
    await pg.openAndSend();
    return new A11yPage(pg);
  }

  /**
   * Every violation axe finds on the page as it is now (WCAG 2.1 A and AA rules), as short readable lines; `scope`
   * narrows it to `include` selectors and/or to `rules` (COLOUR_RULES, LANGUAGE_RULES).
   * @param {string} where
   * @param {{ include?: string | string[], rules?: string[] }} [scope]
   */
  async axe(where, scope) {
    const result = await axeBuilder(this.page, scope).analyze();
    return result.violations.map((v) => ({
      where,
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      details: v.nodes.map(
        (n) => `${n.target.join(" ")} :: ${n.html.slice(0, 160)}${n.any[0]?.message ? ` (${n.any[0].message})` : ""}`,
      ),
      line: `${where}: ${v.impact} ${v.id} ×${v.nodes.length} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(" ")}${n.any[0]?.message ? ` (${n.any[0].message})` : ""}`)
        .join("; ")}`,
    }));
  }

  async tabIds() {
    return this.page
      .locator('[role="tablist"] [role="tab"]')
      .evaluateAll((tabs) => tabs.map((t) => t.id.replace(/^tab-/, "")));
  }

  /** Opens a tab by clicking it and waits until its (lazily loaded) panel has content. */
  async openTab(id) {
    await this.pg.tid(`tab-${id}`).click();
    await this.page.waitForFunction(
      (p) => {
        const panel = document.getElementById(`panel-${p}`);
        return (
          panel && !panel.hidden && panel.childElementCount > 0 && !panel.textContent.includes("Loading the editor")
        );
      },
      id,
      { timeout: 20_000 },
    );
  }

  focused() {
    return this.page.evaluate(() => {
      const el = document.activeElement;
      return {
        testid: el?.getAttribute("data-testid") ?? null,
        id: el?.id ?? "",
        role: el?.getAttribute("role") ?? null,
        tag: el?.tagName ?? null,
        inEditor: !!el?.closest(".monaco-editor"),
      };
    });
  }

  isDark() {
    return this.page.evaluate(() => document.documentElement.classList.contains("dark"));
  }

  async chooseTheme(choice) {
    // The radio is visually hidden inside its label (a segmented control): click what a person clicks.
    await this.page.locator(`label:has([data-testid="theme-${choice}"])`).click();
    await this.page.waitForSelector(`[data-testid="theme-choice"][data-choice="${choice}"]`);
  }

  liveRegion() {
    return this.pg.tid("announcer");
  }
}

/**
 * axe's WCAG 2.1 A and AA violations inside `selector` (only `rules`, when given: COLOUR_RULES for a dark pass that
 * follows a light one), one line each behind `where` (none when it passes).
 * @param {{ rules?: string[] }} [options]
 */
export async function axeOn(page, selector, where, { rules } = {}) {
  const { violations } = await axeBuilder(page, { include: selector, rules }).analyze();
  return violations.map((v) => `${where}: ${v.impact} ${v.id} — ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
}

/** Emulates the system colour scheme and waits until the page follows it (the `dark` class on <html>). */
export async function showScheme(page, scheme) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction((d) => document.documentElement.classList.contains("dark") === d, scheme === "dark");
}

/** The two sizes the look cases check: a laptop and a narrow window. */
export const WIDE_AND_NARROW = [
  { width: 1440, height: 900 },
  { width: 800, height: 700 },
];

/** Runs `look(size, scheme)` at each viewport size, in the light and then the dark scheme. */
export async function eachSizeAndScheme(page, sizes, look) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const scheme of ["light", "dark"]) {
      await showScheme(page, scheme);
      await look(size, scheme);
    }
  }
}

/**
 * What spills out of a control at the current size: the page scrolling sideways, the control running past the
 * viewport, or any element or text inside it drawn past the control's right edge (content a scrolling box holds is
 * not counted: it scrolls). Short readable lines; none when it fits.
 */
export async function spills(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1)
      out.push(`the page scrolls sideways (${doc.scrollWidth} > ${doc.clientWidth})`);
    for (const root of document.querySelectorAll(sel)) {
      const box = root.getBoundingClientRect();
      if (box.width === 0) continue;
      if (box.left < -1 || box.right > doc.clientWidth + 1)
        out.push(`${sel} runs past the viewport (${Math.round(box.left)}–${Math.round(box.right)})`);
      const scrolls = (el) => {
        for (let a = el.parentElement; a && a !== root; a = a.parentElement)
          if (["auto", "scroll", "hidden", "clip"].includes(getComputedStyle(a).overflowX)) return true;
        return false;
      };
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const el = n.nodeType === Node.TEXT_NODE ? n.parentElement : n;
        if (!el || el.closest("[hidden]") || scrolls(n.nodeType === Node.TEXT_NODE ? n : el)) continue;
        let r;
        if (n.nodeType === Node.TEXT_NODE) {
          if (!n.textContent.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          r = range.getBoundingClientRect();
        } else r = n.getBoundingClientRect();
        if (r.width > 0 && r.right > box.right + 1) {
          out.push(
            `${sel}: "${(n.textContent ?? "").trim().slice(0, 40)}" ends at ${Math.round(r.right)} > ${Math.round(box.right)}`,
          );
          if (out.length > 6) return out;
        }
      }
    }
    return out;
  }, selector);
}
