/** Edit distance (insertions, deletions, substitutions), with an early exit past `limit`. */
export function distance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]);
    }
    if (best > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length];
}

/**
 * The candidate closest to `target`, if it is close enough to be what the writer meant: within
 * a quarter of the target's length (at least 2 edits). Ties go to the first in sorted order.
 */
export function closest(target: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(2, Math.floor(target.length / 4));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of [...candidates].sort()) {
    const d = distance(target, c, bestDistance - 1);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}
