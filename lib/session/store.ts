/**
 * A tiny external store over a pure reducer: getState is always current, so async commands never read stale state.
 * One factory for the session store and the client cache's store (lib/cache/runtime.ts).
 */
import { reducer, type Action } from "./reducer";
import { initialState, type SessionState } from "./state";

export interface ReducerStore<S, A> {
  getState(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

export function createReducerStore<S, A>(reduce: (state: S, action: A) => S, initial: S): ReducerStore<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = reduce(state, action);
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

export type Store = ReducerStore<SessionState, Action>;

export function createStore(initial: SessionState = initialState()): Store {
  return createReducerStore(reducer, initial);
}
