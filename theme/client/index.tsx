import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { THEME_CONFIG_GLOBAL, type ThemeConfig } from '../../common/config.ts';
import { itemsFromDocument, PrunedItemsContext } from '../components/Sidebar/pruned.ts';
import { prefetch, preload, setBase } from '../runtime/chunks.ts';
import { provideHydrateRoot } from '../runtime/hydrate.ts';
import { navigate, refresh } from '../runtime/location.ts';
import { cleanAddress } from '../runtime/paths.ts';
import { ClientRouter } from '../runtime/router.tsx';
import type { PageData, RouteChunk } from '../types.ts';

/**
 * The browser entry: hydrate the server-rendered page. Its data comes inline without the
 * content, which is read back from the DOM instead of being sent twice.
 */
function initialPage(): RouteChunk {
  const data = JSON.parse(document.getElementById('__docgen-data')!.textContent!) as PageData;
  const html = document.querySelector('[data-docgen-html]')?.innerHTML ?? '';
  return { ...data, html };
}

// Set by the site's config script, which the page runs before this bundle (generator/client/site.ts).
const config = (window as unknown as Record<typeof THEME_CONFIG_GLOBAL, ThemeConfig>)[THEME_CONFIG_GLOBAL];
const initial = initialPage();
// Opened through an `.html` form of the page: the address bar shows its clean URL instead.
const clean = cleanAddress(location.pathname, initial.route, config.baseUrl);
if (clean) history.replaceState(history.state, '', clean + location.search + location.hash);
setBase(config.baseUrl);
provideHydrateRoot(hydrateRoot);
// Set before hydration: its presence tells the base-URL banner script that the bundle ran.
(window as unknown as { __docgen: object }).__docgen = Object.freeze({ navigate, refresh, prefetch, preload });

/** Marks the document once the hydrated tree has committed (what tests wait for before interacting). */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => document.documentElement.setAttribute('data-has-hydrated', 'true'), []);
  return children;
}

// Read before hydration, like the article: the server's markup of the sidebar's pruned categories.
const pruned = itemsFromDocument(document);

// As a transition, hydration yields to the browser between components instead of holding the
// main thread for the whole tree; a click meanwhile hydrates its target first.
startTransition(() => {
  hydrateRoot(
    document.getElementById('docgen-root')!,
    <Hydrated>
      <PrunedItemsContext.Provider value={pruned}>
        <ClientRouter config={config} initial={initial} />
      </PrunedItemsContext.Provider>
    </Hydrated>,
    { onRecoverableError: (error) => console.error('docgen: hydration error', error) },
  );
});
