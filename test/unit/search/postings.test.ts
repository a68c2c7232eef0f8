import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings } from '../../../common/search/postings.ts';

const plain = (fields: ReturnType<typeof decodePostings>) => fields.map((f) => ({ docs: [...f.docs], lengths: f.lengths && [...f.lengths], tfs: f.tfs && [...f.tfs] }));

describe('term postings', () => {
  it('marks the refs whose term frequency is not 1 and writes only those frequencies', () => {
    const entry = encodePostings([{ refs: [], tfs: [] }, { refs: [3, 4, 40], tfs: [1, 3, 1] }, { refs: [], tfs: [] }]);
    // Deltas 3, 1, 36 doubled, the second marked; its frequency less 2; the empty last field left out.
    expect(entry).toBe('|63Y8 1');
    expect(plain(decodePostings(entry, 3, true))).toEqual([
      { docs: [], lengths: undefined, tfs: undefined },
      { docs: [3, 4, 40], lengths: undefined, tfs: [1, 3, 1] },
      { docs: [], lengths: undefined, tfs: undefined },
    ]);
  });

  it('carries field lengths where the manifest has no table, and no frequencies where all are 1', () => {
    const entry = encodePostings([{ refs: [0, 2], tfs: [1, 1], lengths: [5, 70] }, { refs: [1], tfs: [2], lengths: [9] }]);
    expect(entry).toBe('04 5Y6|3 9 0');
    expect(plain(decodePostings(entry, 3, false))).toEqual([
      { docs: [0, 2], lengths: [5, 70], tfs: undefined },
      { docs: [1], lengths: [9], tfs: [2] },
      { docs: [], lengths: undefined, tfs: undefined },
    ]);
  });
});
