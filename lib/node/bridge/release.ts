/** What a held slot gives back: once, however many paths (a finally, an abort, a close) call its release. */

/** `release`, made safe to call more than once: only the first call runs it. */
export function releaseOnce(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/** Takes one off `key`'s count, forgetting the key at zero so that the map holds only what is held. */
export function countDown<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
