/**
 * Token counting with bounded work, exact for every text.
 *
 * js-tiktoken runs its encoder's pre-tokenizer regex, then merges each piece with a byte-pair loop that
 * rescans the whole piece after every merge: quadratic in the piece's length (8,000 × "a" — one piece — took
 * 16 s and blocked the process). This counter runs the same regex and the same merge rule (the lowest-ranked
 * adjacent pair, leftmost first, until none is ranked), but keeps the candidate pairs in a heap and never
 * looks up a pair longer than the longest token: O(n log n) per piece, and the same count as
 * `encoder.encode(text, [], []).length` for every input (tests/unit/tokens-bpe.test.ts compares them).
 */
import type { Tiktoken } from "js-tiktoken/lite";
import type { Counter } from "./bill";

/** What js-tiktoken keeps on its encoder (marked @internal in its types; read-only here). */
interface EncoderInternals {
  patStr: string;
  rankMap: Map<string, number>;
}

/** A min-heap of candidate merges ordered by (rank, start): the leftmost lowest-ranked pair first. */
class PairHeap {
  private rank: number[] = [];
  private start: number[] = [];
  private end: number[] = [];

  get size(): number {
    return this.rank.length;
  }

  private less(i: number, j: number): boolean {
    return this.rank[i] < this.rank[j] || (this.rank[i] === this.rank[j] && this.start[i] < this.start[j]);
  }

  private swap(i: number, j: number): void {
    [this.rank[i], this.rank[j]] = [this.rank[j], this.rank[i]];
    [this.start[i], this.start[j]] = [this.start[j], this.start[i]];
    [this.end[i], this.end[j]] = [this.end[j], this.end[i]];
  }

  push(rank: number, start: number, end: number): void {
    this.rank.push(rank);
    this.start.push(start);
    this.end.push(end);
    for (let i = this.rank.length - 1; i > 0;) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** Removes the top entry and returns its [start, end]. */
  pop(): [number, number] {
    const top: [number, number] = [this.start[0], this.end[0]];
    const last = this.rank.length - 1;
    this.swap(0, last);
    this.rank.pop();
    this.start.pop();
    this.end.pop();
    for (let i = 0; ;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < last && this.less(l, min)) min = l;
      if (r < last && this.less(r, min)) min = r;
      if (min === i) break;
      this.swap(i, min);
      i = min;
    }
    return top;
  }
}

const ABSORBED = -2; // prev[] of an offset that no longer starts a part

/** Number of tokens of one pre-tokenizer piece (UTF-8 bytes). */
function countPiece(piece: Uint8Array, ranks: Map<string, number>, maxTokenBytes: number): number {
  const n = piece.length;
  if (n <= 1) return n;
  if (n <= maxTokenBytes && ranks.has(piece.join(","))) return 1;
  const rankOf = (start: number, end: number): number | undefined =>
    end - start > maxTokenBytes ? undefined : ranks.get(piece.subarray(start, end).join(","));
  // Parts are a linked list of start offsets: next[s] is where the part starting at s ends (n at the end).
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new PairHeap();
  for (let i = 0; i + 1 < n; i++) {
    const rank = rankOf(i, i + 2);
    if (rank !== undefined) heap.push(rank, i, i + 2);
  }
  let parts = n;
  while (heap.size > 0) {
    const [start, end] = heap.pop();
    // Stale entry: a part it joins has merged since (the part at `start` is gone, or two parts no longer end at `end`).
    if (prev[start] === ABSORBED) continue;
    const mid = next[start];
    if (mid >= n || next[mid] !== end) continue;
    next[start] = end;
    prev[mid] = ABSORBED;
    if (end < n) prev[end] = start;
    parts--;
    const before = prev[start];
    if (before >= 0) {
      const rank = rankOf(before, end);
      if (rank !== undefined) heap.push(rank, before, end);
    }
    if (end < n) {
      const rank = rankOf(start, next[end]);
      if (rank !== undefined) heap.push(rank, start, next[end]);
    }
  }
  return parts;
}

/** Counts text as ordinary text: special-token strings such as "<|endoftext|>" count as their characters. */
export function boundedCounter(encoder: Tiktoken): Counter {
  const { patStr, rankMap } = encoder as unknown as EncoderInternals;
  let maxTokenBytes = 1;
  for (const key of rankMap.keys()) {
    let bytes = 1;
    for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) === 44) bytes++;
    if (bytes > maxTokenBytes) maxTokenBytes = bytes;
  }
  const utf8 = new TextEncoder();
  return (text) => {
    let tokens = 0;
    for (const match of text.matchAll(new RegExp(patStr, "ug")))
      tokens += countPiece(utf8.encode(match[0]), rankMap, maxTokenBytes);
    return tokens;
  };
}
