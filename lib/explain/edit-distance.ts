/**
 * Edit distance for "did you mean": optimal string alignment (Levenshtein plus adjacent transposition, so
 * "protocolVerison" is one edit from "protocolVersion"). No maintained edit-distance library is a direct
 * dependency of the app, and this is twenty lines.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  // Three rolling rows: two back is needed for transpositions.
  let prev2: number[] = new Array(b.length + 1).fill(0);
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      cur.push(d);
    }
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** How far off a word may be and still count as a misspelling of a candidate. */
export function typoBudget(word: string): number {
  if (word.length <= 3) return 1;
  if (word.length <= 7) return 2;
  return 3;
}

/**
 * The closest candidate within the typo budget, compared case-insensitively (a pure case difference is
 * distance 1, so "ResultType" suggests "resultType"); ties go to the earlier candidate.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  const lower = word.toLowerCase();
  const budget = typoBudget(word);
  for (const c of candidates) {
    if (c === word) return undefined;
    // The distance is at least the length difference: a long server string is never compared cell by cell.
    if (Math.abs(c.length - word.length) > budget) continue;
    const d = c.toLowerCase() === lower ? 1 : editDistance(lower, c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= budget ? best : undefined;
}

/**
 * editDistance when it is below `bound`; otherwise `bound` itself, found as soon as it is certain (the lengths differ
 * by that much, or two rows in a row reach it: no later cell can be smaller). Typed rows, for "which of these is
 * closest" over many long candidates.
 */
export function editDistanceBelow(a: string, b: string, bound: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) >= bound) return bound;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  const width = b.length + 1;
  let prev2 = new Int32Array(width);
  let prev = Int32Array.from({ length: width }, (_, j) => j);
  let cur = new Int32Array(width);
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ai === bj ? 0 : 1));
      if (j > 1 && ai === b.charCodeAt(j - 2) && aBefore === bj) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= bound && prevMin >= bound) return bound;
    prevMin = rowMin;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return Math.min(prev[b.length], bound);
}
