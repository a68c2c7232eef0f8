import { useContext, useEffect, type RefObject } from 'react';
import { BaseUrlContext } from '../../runtime/base.ts';

const FIGURES = 'figure[data-diagram="mermaid"]';

/**
 * Draws the article's diagrams once it is on screen, again after a navigation brings another
 * article, and again when the colour mode changes. The drawing code (and mermaid) is a chunk
 * of its own, fetched only when the article has a diagram.
 */
export function useDiagrams(article: RefObject<HTMLElement | null>, html: string): void {
  const base = useContext(BaseUrlContext);
  useEffect(() => {
    const figures = [...(article.current?.querySelectorAll<HTMLElement>(FIGURES) ?? [])];
    if (!figures.length) return;
    let live = true;
    let observer: MutationObserver | undefined;
    let release: ((figures: HTMLElement[]) => void) | undefined;
    void import('./draw.ts').then(({ drawDiagrams, releaseDiagrams }) => {
      if (!live) return;
      release = releaseDiagrams;
      const draw = () => void drawDiagrams(figures, base, () => live);
      draw();
      observer = new MutationObserver(draw);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    });
    return () => {
      live = false;
      observer?.disconnect();
      release?.(figures);
    };
  }, [article, html, base]);
}
