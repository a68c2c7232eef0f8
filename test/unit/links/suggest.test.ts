import type { ProblemKind } from '../../../common/diagnostics.ts';
import { describe, expect, it } from 'vitest';
import { closest, distance } from '../../../generator/links/suggest.ts';
import { summarize } from '../../../generator/links/summary.ts';

describe('suggestions', () => {
  it('measures edit distance', () => {
    expect(distance('tokenz', 'tokens')).toBe(1);
    expect(distance('', 'abc')).toBe(3);
    expect(distance('kitten', 'sitting')).toBe(3);
  });

  it('suggests the closest candidate only when it is close', () => {
    const routes = ['/docs/api/tokens', '/docs/api/tenants', '/docs/guides'];
    expect(closest('/docs/api/tokenz', routes)).toBe('/docs/api/tokens');
    expect(closest('/docs/api/tokens/detokenise', ['/docs/api/tokens/detokenize', ...routes])).toBe('/docs/api/tokens/detokenize');
    expect(closest('/docs/completely-else', routes)).toBeUndefined();
  });
});

describe('report summary', () => {
  it('counts each class, plural where needed', () => {
    const d = (kind: ProblemKind) => ({ severity: 'error' as const, kind, message: '', location: { file: 'a' } });
    expect(summarize([d('broken link'), d('broken anchor'), d('broken link')])).toBe('1 broken anchor, 2 broken links');
  });
});
