import { describe, expect, it } from 'vitest';
import { heapFlagFor, LARGE_SITE_DOCS } from '../../../generator/plan/heap.ts';

describe('the heap growth of large sites', () => {
  it('grows the heap in small steps from LARGE_SITE_DOCS docs, and leaves smaller sites to V8', () => {
    expect(heapFlagFor(LARGE_SITE_DOCS - 1)).toBeUndefined();
    expect(heapFlagFor(170)).toBeUndefined();
    expect(heapFlagFor(LARGE_SITE_DOCS)).toBe('--heap-growing-percent=40');
    expect(heapFlagFor(10_000)).toBe('--heap-growing-percent=40');
  });
});
