// What the Lab tab shows for the chapter's experiment (the data-testid contract of components/lab/).

/** The verdicts of the chapter's experiment with a fresh process per message: the continuation survived, the state
 * was lost. */
export const CHAPTER_FRESH_PROCESS_VERDICTS = [
  "continuation survived",
  "state lost: step C shows 2 entries, step B created e3",
];
