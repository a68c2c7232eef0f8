import { describe, expect, it } from 'vitest';
import { frontCode, frontDecode } from '../../../common/search/vocabulary.ts';

describe('front-coded vocabulary', () => {
  it('decodes to the same sorted terms', () => {
    const terms = ['3d', '3ds', 'api', 'token', 'tokenis', 'tokenize', 'tokens', 'ü', 'ünïcode'];
    const coded = frontCode(terms);
    expect(coded).toBe('03d 2s 0api 0token 5is 6ze 5s 0ü 1nïcode');
    expect(frontDecode(coded)).toEqual(terms);
    expect(frontDecode(frontCode([]))).toEqual([]);
  });

  it('writes shared prefixes of 32 characters and more in two digits', () => {
    const long = 'a'.repeat(40);
    const terms = [long, `${long}b`, `${long}bc`, 'b'];
    expect(frontCode(terms).split(' ')[1]).toBe('X8b');
    expect(frontDecode(frontCode(terms))).toEqual(terms);
  });
});
