import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import lunr from 'lunr';
import { describe, expect, it } from 'vitest';
import { indexedFields } from '../../../generator/search/index.ts';
import type { IndexedDoc } from '../../../generator/model.ts';
import { buildQuery, FIELDS, tokenize } from '../../../theme/components/SearchBar/query.ts';
import type { Clause } from '../../../theme/components/SearchBar/scorer.ts';
import { searchOf } from '../../search-helpers.ts';
import { REPO } from '../../helpers.ts';

/** Sections of the real API reference's pages: a few hundred documents of real prose. */
function apiDocs(): IndexedDoc[] {
  const dir = path.join(REPO, 'content', 'docs', 'api');
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
  return files.flatMap((f) => {
    const text = readFileSync(path.join(dir, f), 'utf8').replace(/```[\s\S]*?```/g, '');
    const title = /^title:\s*(.+)$/m.exec(text)?.[1] ?? f;
    return text.split(/\n## /).map((section, i) => {
      const heading = i === 0 ? '' : section.split('\n')[0];
      return { title, heading, url: `/docs/api/${f}#${i}`, text: '', body: section, keywords: '' };
    });
  });
}

/** lunr's own index from its Builder over the same records: the reference. */
function buildIndex(docs: IndexedDoc[]): lunr.Index {
  const builder = new lunr.Builder();
  builder.pipeline.add(lunr.trimmer, lunr.stopWordFilter, lunr.stemmer);
  builder.searchPipeline.add(lunr.stemmer);
  builder.ref('id');
  for (const [field, boost] of Object.entries(FIELDS)) builder.field(field, { boost });
  docs.forEach((d, id) => builder.add({ id: String(id), ...indexedFields(d) }));
  return builder.build();
}

/** The same clauses as a lunr query on lunr's own index. */
function lunrQuery(clauses: Clause[]) {
  return (q: lunr.Query) => {
    for (const c of clauses) {
      const options: Record<string, unknown> = { boost: c.boost, usePipeline: c.usePipeline === true, wildcard: c.prefix ? lunr.Query.wildcard.TRAILING : lunr.Query.wildcard.NONE };
      if (c.editDistance) options.editDistance = c.editDistance;
      q.term(c.term, options);
    }
  };
}

const rounded = (rs: { ref: number | string; score: number }[]) => rs.map((r) => `${r.ref}:${r.score.toFixed(6)}`).sort();

describe('SearchIndex', () => {
  const docs = apiDocs();
  const reference = buildIndex(docs);
  const { index } = searchOf(docs);

  it.each(['detokenize', 'rate limit', 'idempotency key', 'proxy', 'tok', 'reactr', 'pagination cursor', 'permissions applications', 'x'])('scores %s as lunr does', (input) => {
    const clauses = buildQuery(tokenize(input));
    const ours = [...index.query(clauses).ranked()];
    const theirs = reference.query(lunrQuery(clauses));
    expect(ours.length).toBeGreaterThan(input === 'x' ? -1 : 0);
    expect(rounded(ours)).toEqual(rounded(theirs));
    // Best first.
    expect(ours.map((r) => r.score)).toEqual([...ours.map((r) => r.score)].sort((a, b) => b - a));
  });

  it('names the index terms each document matched', () => {
    const clauses = buildQuery(tokenize('detokenize'));
    const { ranked, termsOf } = index.query(clauses);
    const results = [...ranked()];
    const theirs = new Map(reference.query(lunrQuery(clauses)).map((r) => [Number(r.ref), Object.keys(r.matchData.metadata).sort()]));
    for (const r of results.slice(0, 10)) expect(termsOf(r.ref).sort()).toEqual(theirs.get(r.ref));
  });
});
