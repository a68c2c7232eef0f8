/**
 * The manifest's vocabulary, front-coded: sorted terms share long prefixes (`token`, `tokenize`,
 * `tokens`), so each is written as the length of the prefix it shares with the one before (one
 * `packNumbers` number, which ends itself) and the rest, the terms separated by spaces (which no
 * term holds: text is split on whitespace). The whole vocabulary is what every first query
 * downloads, and gzip alone leaves much of that repetition in.
 */
import { packNumbers } from './shards.ts';

/** Sorted terms as one front-coded string. */
export function frontCode(terms: readonly string[]): string {
  let previous = '';
  return terms
    .map((term) => {
      let shared = 0;
      const most = Math.min(term.length, previous.length);
      while (shared < most && term.charCodeAt(shared) === previous.charCodeAt(shared)) shared++;
      previous = term;
      return packNumbers([shared]) + term.slice(shared);
    })
    .join(' ');
}

/** The terms of a `frontCode` string. */
export function frontDecode(coded: string): string[] {
  if (coded === '') return [];
  let previous = '';
  return coded.split(' ').map((entry) => {
    // A number's digits before its last are from the upper half of the digits (see `packNumbers`).
    let shared = 0;
    let i = 0;
    for (;;) {
      const d = digit(entry.charCodeAt(i++));
      if (d >= 32) shared = shared * 32 + d - 32;
      else {
        shared = shared * 32 + d;
        break;
      }
    }
    previous = previous.slice(0, shared) + entry.slice(i);
    return previous;
  });
}

/** The value of one `packNumbers` digit. */
function digit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55;
  if (code >= 97 && code <= 122) return code - 61;
  return code === 45 ? 62 : 63;
}
