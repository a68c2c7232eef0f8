/** Where a page's card is published: `/docs/api/tokens/` → `og/docs/api/tokens.png`, `/` → `og/index.png`. */
export function cardPathFor(route: string): string {
  return `og/${route.replace(/^\/+|\/+$/g, '') || 'index'}.png`;
}

/** The card's size, written in the meta tags beside its URL. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The text alternative of a card: what it shows. */
export function cardAlt(title: string, section: string | undefined, site: string | undefined): string {
  return [title, section, site].filter(Boolean).join(' · ');
}
