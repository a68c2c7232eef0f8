import { readFileSync } from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { SearchIndex } from '../../theme/components/SearchBar/scorer.ts';
import { unpackDocs } from '../../common/search/docs.ts';
import { scopedSearch } from '../../theme/components/SearchBar/query.ts';
it('x', () => {
  const out = '/tmp/scopes-build';
  const pointer = JSON.parse(readFileSync(path.join(out, 'search-files.json'), 'utf8'));
  const docs = unpackDocs(JSON.parse(readFileSync(path.join(out, pointer.searchDoc), 'utf8')));
  const index = SearchIndex.fromCompact(JSON.parse(readFileSync(path.join(out, pointer.lunrIndex), 'utf8')));
  const scopes = [['docs'], ['api'], ['sdk']];
  const counts: Record<string, number> = {};
  for (const d of docs) counts[d.sidebar ?? 'none'] = (counts[d.sidebar ?? 'none'] ?? 0) + 1;
  console.log(counts);
  for (const q of (process.env.Q ?? 'tokenize,python,apple pay,errors,proxy,webhooks,3ds,reactor,authentication,install').split(',')) {
    for (let c = 0; c < 4; c++) {
      const r = scopedSearch(index, docs, q, 8, scopes, c);
      console.log(q, c, r.counts.join('/'), r.hits.slice(0, 4).map((h) => h.url).join('  '));
    }
  }
});
