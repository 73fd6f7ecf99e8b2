import type { Action, Commands, SessionState } from "@/lib/session";
import type { CacheRuntime } from "@/lib/cache/runtime";

/** What every panel receives: the state to render, and the two ways to change it. */
export interface PanelProps {
  state: SessionState;
  dispatch: (action: Action) => void;
  commands: Commands;
  /** The client cache, gateway view and listen streams (Cache tab); the send path consults it. */
  cache?: CacheRuntime;
}
