import { shardFile, tailFile } from '../common/search/shards.ts';
import { shardIndex, type ShardCounts } from '../generator/search/shards.ts';
import type { IndexedDoc } from '../generator/model.ts';
import { readSearch } from '../theme/components/SearchBar/shards.ts';

/**
 * The index and records the browser would read for `docs`, built in memory through the same
 * sharded files the build writes (each through JSON, as served).
 */
export function searchOf(docs: IndexedDoc[], counts?: ShardCounts) {
  const sharded = shardIndex(docs, '1', counts);
  const files = new Map<string, unknown>([['manifest', sharded.manifest]]);
  sharded.terms.forEach((t, i) => files.set(shardFile('terms', '1', i), t));
  sharded.tails.forEach((t, i) => files.set(tailFile('1', i), t));
  sharded.docs.forEach((d, i) => files.set(shardFile('docs', '1', i), d));
  return readSearch((file) => JSON.parse(JSON.stringify(files.get(file))), { lunrIndex: 'manifest', searchDoc: '', hash: '', count: docs.length });
}
