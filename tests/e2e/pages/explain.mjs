// Page object for the explain features: Explain on cards and on the editor, error cards, the Date and Who decides tabs.
import { PlaygroundPart } from "./tab.mjs";

export class ExplainPage extends PlaygroundPart {
  /** Opens the Explain view of timeline card #seq and returns it. */
  async explainCard(seq) {
    await this.pg.card(seq).locator('[data-testid="toggle-explain"]').click();
    const view = this.pg.card(seq).locator('[data-testid="explain-exchange"]');
    await view.waitFor();
    return view;
  }

  errorCards(seq) {
    return this.pg.card(seq).locator('[data-testid="error-card"]');
  }

  /** Opens the explanation of the editor's frame and returns it. */
  async explainEditor() {
    await this.pg.tid("explain-editor-toggle").click();
    const view = this.pg.tid("editor-annotations");
    await view.waitFor();
    return view;
  }

  /** The annotations at one path inside a container (a card's explain view or the editor's). */
  annotationsAt(container, path) {
    return container.locator(`[data-testid="annotation"][data-path="${path}"]`);
  }

  async badgesAt(container, path) {
    return this.annotationsAt(container, path).locator('[data-testid="level-badge"]').allInnerTexts();
  }

  /** Pastes a transcript into the Date tab and returns the result element. */
  async dateTranscript(text) {
    await this.pg.openTab("date");
    await this.pg.tid("date-input").fill(text);
    const result = this.pg.tid("date-result");
    await result.waitFor();
    return result;
  }

  /** Presses "Fetch the catalogue" in the Who decides tab and waits until the five requests have settled. */
  async fetchCatalogue() {
    await this.fetchCatalogueAfter(0);
  }

  /** fetchCatalogue on a timeline that already holds `cards` exchanges: waits until the five more have settled. */
  async fetchCatalogueAfter(cards) {
    await this.pg.tid("fetch-catalogue").click();
    await this.page.waitForFunction(
      (n) =>
        document.querySelector('[data-testid="fetch-catalogue"]')?.textContent === "Fetch the catalogue" &&
        document.querySelectorAll('[data-testid="exchange-card"]').length === n,
      cards + 5,
      { timeout: 30_000 },
    );
  }
}
