import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { breadcrumbsFor } from '../../common/navigation.ts';
import { ConfigError } from '../errors.ts';
import type { Doc, OutputFile, PageSource, SiteConfig, SiteContent } from '../model.ts';
import { cardBase, drawCard, type CardStyle } from './card.ts';
import { cardFont } from './font.ts';
import { cardAlt, cardPathFor } from './paths.ts';

export { cardPathFor, CARD_SIZE } from './paths.ts';

/**
 * What a card is drawn from besides the site's style. Bump it whenever the drawing changes
 * (layout, font, palette): it is part of every card's cache key.
 */
const TEMPLATE = 'card-1;@fontsource/inter 700 latin;@resvg/resvg-js 2';

/** A page's social card: what it shows, and where it is published. */
export interface Card {
  /** Published path, e.g. `og/docs/api/tokens.png`. */
  path: string;
  title: string;
  section?: string;
  alt: string;
}

/** A doc's section: the categories above it in its sidebar, else the sidebar's label. */
function sectionOf(doc: Doc, content: SiteContent, config: SiteConfig): string | undefined {
  const shown = content.displayedSidebars[doc.id];
  const sidebar = shown ? content.sidebars[shown] : undefined;
  const crumbs = sidebar ? breadcrumbsFor(sidebar, doc.id) : null;
  if (crumbs?.length) return crumbs.map((c) => c.label).join(' › ');
  return shown ? config.sidebars[shown]?.label : undefined;
}

export function docCard(doc: Doc, content: SiteContent, config: SiteConfig): Card {
  const section = sectionOf(doc, content, config);
  return { path: cardPathFor(doc.route), title: doc.title, section, alt: cardAlt(doc.title, section, config.title) };
}

export function pageCard(page: Pick<PageSource, 'route' | 'meta'>, config: SiteConfig): Card {
  const title = page.meta.title?.trim() || config.title;
  return { path: cardPathFor(page.route), title, alt: cardAlt(title, undefined, title === config.title ? undefined : config.title) };
}

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/** The logo's bytes from content/static: the configured one must exist, the navbar's may be elsewhere (then the title is written). */
function logoOf(content: SiteContent, config: SiteConfig): CardStyle['logo'] {
  const configured = config.socialCards.logo;
  const src = configured ?? config.navbar.logo?.srcDark ?? config.navbar.logo?.src;
  const wanted = src?.replace(/^\/+/, '');
  const file = wanted === undefined ? undefined : content.staticFiles.find((f) => f.path === wanted);
  const type = IMAGE_TYPES[path.extname(wanted ?? '').toLowerCase()];
  if (configured !== undefined && (!file || !type)) {
    const why = file ? 'is not an SVG, PNG or JPEG image' : 'is not a file of content/static';
    throw new ConfigError(`socialCards.logo "${configured}" ${why}`, { file: 'site.config.ts' }, 'name an SVG, PNG or JPEG file under content/static, e.g. "/img/logo.svg", or leave logo out to use the navbar logo');
  }
  if (!file || !type) return undefined;
  const bytes = typeof file.contents === 'function' ? file.contents() : file.contents;
  return { bytes: Buffer.from(bytes), type };
}

function styleOf(content: SiteContent, config: SiteConfig): CardStyle {
  const { background, color, accent } = config.socialCards;
  const address = `${new URL(config.url).host}${config.baseUrl.replace(/\/$/, '')}`;
  return { background, color, accent, logo: logoOf(content, config), siteTitle: config.title, address };
}

/** Every card of the site: the docs' (older versions too) and the page modules'. */
export function siteCards(content: SiteContent, config: SiteConfig): Card[] {
  if (!config.socialCards.enabled) return [];
  return [...content.docs.map((doc) => docCard(doc, content, config)), ...content.pages.map((page) => pageCard(page, config))];
}

/** A card from the cache, else drawn and kept there (written under a temporary name, then renamed). */
function cached(dir: string | undefined, key: string, draw: () => Buffer): Buffer {
  const file = dir && path.join(dir, `${key}.png`);
  if (file) {
    try {
      return readFileSync(file);
    } catch {
      // Not drawn yet.
    }
  }
  const png = draw();
  if (file) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, png);
    renameSync(temporary, file);
  }
  return png;
}

/**
 * The cards as published files. Each is keyed by what it shows (title, section, the site's
 * style and logo, the template): the output stage links an unchanged card from the previous
 * build without asking for it, else it comes from `cacheDir`, else it is drawn. The drawing
 * code (font, resvg) loads only when a card is drawn.
 */
export function cardFiles(content: SiteContent, config: SiteConfig, cacheDir?: string): OutputFile[] {
  const cards = siteCards(content, config);
  if (cards.length === 0) return [];
  const style = styleOf(content, config);
  const logo = style.logo && { type: style.logo.type, sha: createHash('sha256').update(style.logo.bytes).digest('hex') };
  const site = createHash('sha256').update(TEMPLATE).update(JSON.stringify({ ...style, logo })).digest('hex');
  let drawer: ((card: Card) => Buffer) | undefined;
  const draw = (card: Card) => (drawer ??= makeDrawer(style))(card);
  return cards.map((card) => {
    const key = createHash('sha256').update(site).update(JSON.stringify([card.title, card.section ?? null])).digest('hex').slice(0, 32);
    return { path: card.path, key, contents: () => cached(cacheDir, key, () => draw(card)) };
  });
}

function makeDrawer(style: CardStyle): (card: Card) => Buffer {
  const font = cardFont();
  const base = cardBase(style, font);
  return (card) => drawCard(base, font, card.title, card.section);
}
