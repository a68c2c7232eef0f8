/**
 * Matches in rank order, produced lazily: a query shows its first few hits, and sorting every
 * match of a common word (tens of thousands on a large site) to show them cost more than scoring
 * them. A binary heap is built in linear time and each next best costs a logarithm, so the order
 * is the full sort's exactly: best score first, equal scores by lower ref (refs are unique, so
 * the order is total and no tie is left to the heap). The matches stay in typed arrays; only
 * the ones taken become objects.
 */

export interface Scored {
  ref: number;
  score: number;
}

/** Whether `a` ranks before `b`: higher score, then lower ref. */
export function before(a: Scored, b: Scored): boolean {
  return a.score > b.score || (a.score === b.score && a.ref < b.ref);
}

/** The full sort's order, as `Array#sort` takes it (for whoever needs every match ranked). */
export function byRank(a: Scored, b: Scored): number {
  return b.score - a.score || a.ref - b.ref;
}

/** Move heap slot `i` down until both its children rank after it (`heap` holds positions in refs and scores). */
function siftDown(refs: Int32Array, scores: Float64Array, heap: Int32Array, size: number, i: number): void {
  const at = heap[i];
  const score = scores[at];
  const ref = refs[at];
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    const right = child + 1;
    if (right < size) {
      const l = heap[child];
      const r = heap[right];
      if (scores[r] > scores[l] || (scores[r] === scores[l] && refs[r] < refs[l])) child = right;
    }
    const c = heap[child];
    if (!(scores[c] > score || (scores[c] === score && refs[c] < ref))) break;
    heap[i] = c;
    i = child;
  }
  heap[i] = at;
}

/** The matches (`refs[i]` scored `scores[i]`) best first, each taken from a heap only when the caller asks for it. */
export function* bestFirst(refs: Int32Array, scores: Float64Array): Generator<Scored> {
  let size = refs.length;
  const heap = new Int32Array(size);
  for (let i = 0; i < size; i++) heap[i] = i;
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(refs, scores, heap, size, i);
  while (size > 0) {
    const top = heap[0];
    heap[0] = heap[--size];
    siftDown(refs, scores, heap, size, 0);
    yield { ref: refs[top], score: scores[top] };
  }
}
