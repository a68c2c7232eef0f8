import type { OutputFile } from '../model.ts';

/**
 * `file` with a key computed when first read, then kept. dev's first run on a large site reads
 * no key (nothing is served yet to compare with), so hashing every page and source waits until
 * a later run compares them, after the first page is out; build reads each key as it writes.
 */
export function withLazyKey<F extends Omit<OutputFile, 'key'>>(file: F, key: () => string): F & { readonly key: string } {
  let known: string | undefined;
  return Object.defineProperty(file, 'key', { get: () => (known ??= key()), enumerable: true }) as F & { readonly key: string };
}
