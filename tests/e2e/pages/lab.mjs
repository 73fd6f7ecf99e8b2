// The Lab tab (the data-testid contract of components/lab/), and what it shows for the chapter's experiment.
import { TabPage } from "./tab.mjs";

/** The verdicts of the chapter's experiment with a fresh process per message: the continuation survived, the state
 * was lost. */
export const CHAPTER_FRESH_PROCESS_VERDICTS = [
  "continuation survived",
  "state lost: step C shows 2 entries, step B created e3",
];

export class LabPage extends TabPage {
  constructor(pg) {
    super(pg, "lab", "lab");
  }

  /** The playground opened with the Lab tab showing the experiment script `scriptId`. */
  static async openWithScript(pg, scriptId) {
    const lab = await LabPage.openOn(pg);
    await lab.tid("lab-script").selectOption(scriptId);
    return lab;
  }

  /** Runs the experiment and waits until the fresh-process column shows its verdict. */
  async run(timeout = 60_000) {
    await this.tid("lab-run").click();
    await this.page.waitForSelector('[data-testid="lab-column-stdio-fresh-process"] [data-testid="lab-verdict"]', {
      timeout,
    });
  }
}
