import { describe, expect, it } from 'vitest';
import { summarise } from '../../bench/profile.mjs';

/** A profile of root → a → b, with samples in b, a, idle and the collector. */
const frame = (id: number, functionName: string, children: number[] = [], url = 'file:///x/generator/markdown/a.ts') => ({ id, callFrame: { functionName, url, lineNumber: id }, children });
const PROFILE = {
  nodes: [frame(1, '(root)', [2, 4, 5]), frame(2, 'parse', [3]), frame(3, 'tokenize'), frame(4, '(idle)', [], ''), frame(5, '(garbage collector)', [], '')],
  samples: [3, 3, 2, 4, 5],
  timeDeltas: [1000, 1000, 2000, 5000, 500],
};

describe('the profile summary', () => {
  it('splits a thread into busy, idle and garbage collection', () => {
    const s = summarise(PROFILE);
    expect(s.total).toBe(9.5);
    expect(s.busy).toBe(4.5);
    expect(s.gc).toBe(0.5);
  });

  it('counts self time where a sample lands and inclusive time on every caller once', () => {
    const s = summarise(PROFILE);
    expect(s.self.get('tokenize generator/markdown/a.ts:4')).toBe(2);
    expect(s.self.get('parse generator/markdown/a.ts:3')).toBe(2);
    expect(s.inclusive.get('parse generator/markdown/a.ts:3')).toBe(4);
  });
});
