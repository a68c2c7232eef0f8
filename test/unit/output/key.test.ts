import { describe, expect, it } from 'vitest';
import { withLazyKey } from '../../../generator/output/key.ts';

describe('withLazyKey', () => {
  it('computes the key when it is first read, once', () => {
    let calls = 0;
    const file = withLazyKey({ path: 'docs/a.md', contents: 'a' }, () => `k${++calls}`);
    expect(calls).toBe(0);
    expect(file.key).toBe('k1');
    expect(file.key).toBe('k1');
    expect(calls).toBe(1);
  });

  it('is an ordinary key to whoever copies or lists the file', () => {
    const file = withLazyKey({ path: 'docs/a.md', contents: 'a' }, () => 'k');
    expect({ ...file }).toEqual({ path: 'docs/a.md', contents: 'a', key: 'k' });
    expect(JSON.parse(JSON.stringify(file)).key).toBe('k');
  });
});
