import type { Action, Commands, SessionState } from "@/lib/session";

/** What every panel receives: the state to render, and the two ways to change it. */
export interface PanelProps {
  state: SessionState;
  dispatch: (action: Action) => void;
  commands: Commands;
}
