// Page object for the Saved tab: saved frames and collections (the data-testid contract of components/saved/).
import { TabPage } from "./tab.mjs";

export class SavedPage extends TabPage {
  constructor(pg) {
    super(pg, "saved", "saved-panel", 20_000);
  }

  /** The saved frame called `name` in the list. */
  item(name) {
    return this.page.locator(`[data-testid="saved-item"][data-name="${name}"]`);
  }

  /** Saves the editor's frame under `name` and waits until the list shows it. */
  async saveEditorAs(name) {
    await this.tid("saved-name").fill(name);
    await this.tid("saved-save").click();
    await this.item(name).waitFor();
  }

  /** Creates the collection `name`. */
  async createCollection(name) {
    await this.tid("collection-name").fill(name);
    await this.tid("collection-create").click();
  }

  /** Adds the saved frame `name` to the collection `collection`. */
  async addTo(name, collection) {
    await this.item(name).locator('[data-testid="saved-add-to"]').selectOption({ label: collection });
  }
}
