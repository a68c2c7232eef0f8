import { describe, expect, it } from 'vitest';
import { bestFirst, byRank } from '../../../theme/components/SearchBar/ranked.ts';
import { buildQuery, tokenize } from '../../../theme/components/SearchBar/query.ts';
import { Prose } from '../../bench/corpus/prose.mjs';
import { Rng } from '../../bench/corpus/rng.mjs';
import { searchOf } from '../../search-helpers.ts';
import type { IndexedDoc } from '../../../generator/model.ts';

/** Every match ranked by a full sort: the order `bestFirst` must give. */
function sorted(refs: Int32Array, scores: Float64Array) {
  return Array.from(refs, (ref, i) => ({ ref, score: scores[i] })).sort(byRank);
}

describe('bestFirst', () => {
  it('takes matches in the full sort order, ties by lower ref, however many are taken', () => {
    const rng = new Rng(3);
    for (const n of [0, 1, 2, 3, 10, 257, 5000]) {
      const refs = Int32Array.from({ length: n }, (_, i) => i);
      // Shuffle the refs, and give scores from a few values so that most of them tie.
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(rng.next() * (i + 1));
        [refs[i], refs[j]] = [refs[j], refs[i]];
      }
      const scores = Float64Array.from(refs, () => Math.floor(rng.next() * 7) / 4);
      expect([...bestFirst(refs, scores)]).toEqual(sorted(refs, scores));
      const first = [];
      for (const r of bestFirst(refs, scores)) if (first.push(r) === 8) break;
      expect(first).toEqual(sorted(refs, scores).slice(0, 8));
    }
  });

  it("ranks a query's matches as the full sort does on random queries over a generated index", () => {
    const g = new Prose(new Rng(11));
    const docs: IndexedDoc[] = [];
    for (let p = 0; p < 150; p++) {
      const title: string = g.pageTitle();
      docs.push({ title, heading: '', url: `/p${p}`, text: '', body: g.description(), keywords: '' });
      for (let s = 0; s < 6; s++) docs.push({ title, heading: g.phrase(), url: `/p${p}#${s}`, text: '', body: g.sentence() + ' ' + g.sentence(), keywords: '' });
    }
    const { index } = searchOf(docs);
    const rng = new Rng(5);
    for (let q = 0; q < 60; q++) {
      const words = tokenize(docs[Math.floor(rng.next() * docs.length)].body).slice(0, 1 + (q % 3));
      const typed = words.join(' ').slice(0, 2 + Math.floor(rng.next() * 10));
      const { refs, scores, ranked } = index.query(buildQuery(tokenize(typed)));
      expect([...ranked()], typed).toEqual(sorted(refs, scores));
    }
  });
});
