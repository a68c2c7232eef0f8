import type { hydrateRoot as HydrateRoot } from 'react-dom/client';

/**
 * React DOM's `hydrateRoot`, as the browser entry (theme/client) gives it. The islands hydrate
 * with it; the server renders the same components without loading React DOM's client, a large
 * module no server render needs.
 */
let given: typeof HydrateRoot | undefined;

export function provideHydrateRoot(hydrateRoot: typeof HydrateRoot): void {
  given = hydrateRoot;
}

export function hydrateRoot(...args: Parameters<typeof HydrateRoot>): ReturnType<typeof HydrateRoot> {
  if (!given) throw new Error('hydrateRoot: only the browser entry (theme/client) gives it');
  return given(...args);
}
