import { createElement, useEffect, type ComponentType } from 'react';
import type { Root } from 'react-dom/client';
import { hydrateRoot } from '../../runtime/hydrate.ts';

/** What an island's script exports: the site's component (content/components/<name>.tsx). */
type IslandModule = { default: ComponentType<Record<string, unknown>> };

/**
 * Hydrate one island: the component again, with the props it was rendered with and its
 * Markdown, which stays the server's HTML (React leaves an element's inner HTML as it is).
 */
function hydrate(el: HTMLElement, mod: IslandModule): Root {
  const props = JSON.parse(el.dataset.islandProps ?? '{}') as Record<string, unknown>;
  const slot = el.querySelector<HTMLElement>('[data-island-children]');
  const children = slot && createElement(slot.tagName.toLowerCase(), { 'data-island-children': '', dangerouslySetInnerHTML: { __html: slot.innerHTML } });
  return hydrateRoot(el, createElement(mod.default, props, children));
}

/**
 * The article's islands (interactive components of the site, server-rendered as
 * `[data-island]`), each hydrated once its script is loaded: only the scripts the page names,
 * after the first render and after each navigation. Without JavaScript the server's HTML reads.
 */
export function Islands({ html, scripts }: { html: string; scripts?: Record<string, string> }) {
  useEffect(() => {
    if (!scripts) return;
    const roots: Root[] = [];
    let live = true;
    for (const el of document.querySelectorAll<HTMLElement>('[data-docgen-html] [data-island]')) {
      const src = scripts[el.dataset.island ?? ''];
      if (!src) continue;
      void (import(/* webpackIgnore: true */ src) as Promise<IslandModule>).then((mod) => {
        if (live && el.isConnected) roots.push(hydrate(el, mod));
      });
    }
    return () => {
      live = false;
      for (const root of roots) root.unmount();
    };
  }, [html, scripts]);
  return null;
}
