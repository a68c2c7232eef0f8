import type { OutputFile } from '../model.ts';

/**
 * `file` with a key computed when first read, then kept. dev's first run on a large site reads
 * no key (nothing is served yet to compare with), so hashing every page and source waits until
 * a later run compares them, after the first page is out; build reads each key as it writes.
 */
export function withLazyKey<F extends Omit<OutputFile, 'key'>>(file: F, key: () => string): F & { readonly key: string } {
  let known = '';
  // Dropped once used: it holds what the key is made from (a page's doc and rendered Markdown).
  let make: (() => string) | undefined = key;
  const get = () => {
    if (make) {
      known = make();
      make = undefined;
    }
    return known;
  };
  return Object.defineProperty(file, 'key', { get, enumerable: true }) as F & { readonly key: string };
}
