/** What a conversation view may do to the page (MrtrPanel provides it; the rounds and the -32021 help use it). */
export interface ConversationActions {
  /** The session's next template id: a composed retry takes an id at or above it. */
  nextId: number;
  putInEditor(text: string): void;
  /** Declare capabilities in the envelope panel, so later templates carry them too. */
  declare(required: Record<string, unknown>): void;
  send(): void;
}
