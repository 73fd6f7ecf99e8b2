/** A tiny external store over the reducer: getState is always current, so async commands never read stale state. */
import { reducer, type Action } from "./reducer";
import { initialState, type SessionState } from "./state";

export interface Store {
  getState(): SessionState;
  dispatch(action: Action): void;
  subscribe(listener: () => void): () => void;
}

export function createStore(initial: SessionState = initialState()): Store {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
