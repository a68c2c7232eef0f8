import { absoluteUrl, withBase } from '../../common/base.ts';
import { announcementScript, colorModeRead } from '../../common/storage.ts';
import type { PageData } from '../../common/page.ts';
import type { ClientAssets, SiteConfig } from '../model.ts';
import { CARD_SIZE } from '../ogimage/paths.ts';

const NEEDS_ESCAPE = /[&<>"]/;

export function escapeHtml(s: string): string {
  // Most strings escaped (a code token, a title) hold none: one search instead of four replaces.
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Runs before first paint: applies the stored colour mode (else the configured default, or the
 * system's with `respectPrefersColorScheme`; a disabled switch ignores storage), marks JS on,
 * and marks a dismissed announcement bar so the stylesheet hides it without a shift.
 */
export function colorModeScript(config: SiteConfig): string {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = config.colorMode;
  const stored = disableSwitch ? '' : colorModeRead(config.storage.colorMode);
  const fallback = respectPrefersColorScheme ? `matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'` : JSON.stringify(defaultMode);
  const bar = config.announcementBar ? announcementScript(config.storage, config.announcementBar.id) : '';
  return `(function(){var d=document.documentElement,m;${stored}if(m!=='light'&&m!=='dark')m=${fallback};d.setAttribute('data-theme',m);d.classList.add('js');${bar}})();`;
}

export interface HeadInput {
  title: string;
  description?: string;
  keywords?: string[];
  route: string;
  noindex?: boolean;
  /** The route the canonical URL names, when not `route`. */
  canonical?: string;
  /** The page's published Markdown (`/docs/a.md`), named as its `text/markdown` alternate. */
  markdown?: string;
  /** The social card: its path below the base URL (`/og/….png`) and its text alternative. */
  image?: { src: string; alt: string };
}

/** The Open Graph and Twitter tags of a page's card, or the small card of a page without one. */
function imageMeta(config: SiteConfig, image: HeadInput['image']): string[] {
  if (!image) return [`<meta name="twitter:card" content="summary">`];
  const url = escapeHtml(absoluteUrl(config.url, config.baseUrl, image.src));
  const alt = escapeHtml(image.alt);
  return [
    `<meta property="og:image" content="${url}">`,
    `<meta property="og:image:type" content="image/png">`,
    `<meta property="og:image:width" content="${CARD_SIZE.width}">`,
    `<meta property="og:image:height" content="${CARD_SIZE.height}">`,
    `<meta property="og:image:alt" content="${alt}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:image" content="${url}">`,
    `<meta name="twitter:image:alt" content="${alt}">`,
  ];
}

/** `{page} | {site}`, or the site title alone when the page has none of its own. */
export function pageTitle(page: string | undefined, site: string): string {
  const t = page?.trim();
  return !t || t === site ? site : `${t} | ${site}`;
}

/** The config's scripts of other sites, in its order. */
function headScripts(config: SiteConfig): string {
  return config.scripts
    .map(({ src, async, defer, attributes }) => {
      const flags = `${async ? ' async' : ''}${defer ? ' defer' : ''}`;
      const more = Object.entries(attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join('');
      return `<script${flags} src="${escapeHtml(src)}"${more}></script>`;
    })
    .join('');
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * When the site is served under a path that does not match `baseUrl`, the script and the
 * stylesheet both fail to load: this tells the reader why. The stylesheet hides the banner
 * whenever it did load, and the script's global proves the bundle ran. Its look is set through
 * the CSSOM, which a strict Content-Security-Policy allows (it drops `style` attributes).
 */
export function baseUrlBannerScript(baseUrl: string): string {
  const banner =
    '<div id="__docgen-base-url-issue-banner">' +
    '<p data-title>Your docgen site did not load properly.</p>' +
    '<p>A very common reason is a wrong site baseUrl configuration.</p>' +
    `<p>Current configured baseUrl = ${escapeHtml(baseUrl)}${baseUrl === '/' ? ' (default value)' : ''}</p>` +
    '<p>We suggest trying baseUrl = <b data-suggestion></b></p></div>';
  const looks = {
    div: 'border:.5em solid red;background:#fff4e6;color:#1c1e21;padding:1em;font:20px/1.4 system-ui,sans-serif',
    '[data-title]': 'font-weight:700;font-size:30px',
    '[data-suggestion]': 'color:green',
  };
  return `document.addEventListener('DOMContentLoaded',function(){if(window.__docgen)return;var c=document.createElement('div'),s=${scriptJson(looks)},k;c.id='__docgen-base-url-issue-banner-container';c.innerHTML=${scriptJson(banner)};for(k in s)c.querySelector(k).style.cssText=s[k];c.querySelector('[data-suggestion]').textContent=location.pathname.replace(/[^/]*$/,'');document.body.prepend(c)});`;
}

/** The whole HTML document around the server-rendered app, with the page's data for hydration. */
export function documentHtml(config: SiteConfig, head: HeadInput, app: string, assets: Omit<ClientAssets, 'theme' | 'themeKey'>, data: PageData): string {
  const canonical = absoluteUrl(config.url, config.baseUrl, head.canonical ?? head.route);
  const title = escapeHtml(head.title);
  const meta = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1.0">`,
    `<meta name="generator" content="docgen ${escapeHtml(config.version)}">`,
    `<title>${title}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    head.keywords?.length ? `<meta name="keywords" content="${escapeHtml(head.keywords.join(','))}">` : '',
    head.noindex ? `<meta name="robots" content="noindex, nofollow">` : '',
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.markdown ? `<link rel="alternate" type="text/markdown" href="${escapeHtml(withBase(config.baseUrl, head.markdown))}">` : '',
    `<meta property="og:title" content="${title}">`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}">` : '',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${escapeHtml(config.i18n.defaultLocale.replace('-', '_'))}">`,
    ...imageMeta(config, head.image),
    config.favicon ? `<link rel="icon" href="${escapeHtml(withBase(config.baseUrl, `/${config.favicon.replace(/^\//, '')}`))}">` : '',
    // Both inline scripts are allowed by their hash in the Content-Security-Policy (generator/headers).
    `<script>${colorModeScript(config)}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${withBase(config.baseUrl, href)}">`),
    // Deferred like the modules after it, so it runs before them: the bundle reads the config it sets.
    `<script defer src="${withBase(config.baseUrl, assets.config)}"></script>`,
    ...assets.scripts.map((src) => `<script type="module" src="${withBase(config.baseUrl, src)}"></script>`),
    `<script>${baseUrlBannerScript(config.baseUrl)}</script>`,
    headScripts(config),
  ]
    .filter(Boolean)
    .join('\n');
  const mode = config.colorMode.defaultMode;
  return `<!DOCTYPE html>\n<html lang="${config.i18n.defaultLocale}" dir="${config.i18n.direction}" data-theme="${mode}">\n<head>\n${meta}\n</head>\n<body>\n<div id="docgen-root">${app}</div>\n<script id="__docgen-data" type="application/json">${scriptJson(data)}</script>\n</body>\n</html>\n`;
}
