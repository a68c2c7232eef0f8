import type { ClientAssets, SiteConfig } from '../model.ts';

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Runs before first paint: applies the stored colour mode (default from config), marks JS on. */
export function colorModeScript(config: SiteConfig): string {
  const fallback = JSON.stringify(config.colorMode.defaultMode);
  return `(function(){var d=document.documentElement,m;try{m=localStorage.getItem('theme')}catch(e){}if(m!=='light'&&m!=='dark')m=${fallback};d.setAttribute('data-theme',m);d.classList.add('js')})();`;
}

export interface HeadInput {
  title: string;
  description?: string;
  keywords?: string[];
  route: string;
  noindex?: boolean;
}

/** `{page} | {site}`, or the site title alone when the page has none of its own. */
export function pageTitle(page: string | undefined, site: string): string {
  const t = page?.trim();
  return !t || t === site ? site : `${t} | ${site}`;
}

function thirdPartyScripts(config: SiteConfig): string {
  const { qaWidget, cookieConsent, tagManager } = config.scripts;
  const out: string[] = [];
  if (cookieConsent) out.push(`<script async src="${escapeHtml(cookieConsent.src)}"></script>`);
  if (tagManager) out.push(`<script async src="${escapeHtml(tagManager.src)}"></script>`);
  if (qaWidget) {
    out.push(
      `<script async src="${escapeHtml(qaWidget.src)}" data-project-name="${escapeHtml(qaWidget.projectName)}" data-project-color="${escapeHtml(qaWidget.color)}" data-search-mode-enabled="${qaWidget.searchMode}"></script>`,
    );
  }
  return out.join('');
}

/** The whole HTML document around the server-rendered app. */
export function documentHtml(config: SiteConfig, head: HeadInput, app: string, assets: ClientAssets): string {
  const canonical = `${config.url.replace(/\/$/, '')}${config.baseUrl.replace(/\/$/, '')}${head.route}`;
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
    `<meta property="og:title" content="${title}">`,
    head.description ? `<meta property="og:description" content="${escapeHtml(head.description)}">` : '',
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:locale" content="${escapeHtml(config.i18n.defaultLocale.replace('-', '_'))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    config.favicon ? `<link rel="icon" href="${escapeHtml(config.baseUrl + config.favicon.replace(/^\//, ''))}">` : '',
    `<script>${colorModeScript(config)}</script>`,
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...assets.scripts.map((src) => `<script defer src="${src}"></script>`),
    thirdPartyScripts(config),
  ]
    .filter(Boolean)
    .join('\n');
  const mode = config.colorMode.defaultMode;
  return `<!DOCTYPE html>\n<html lang="${config.i18n.defaultLocale}" dir="${config.i18n.direction}" data-theme="${mode}">\n<head>\n${meta}\n</head>\n<body>\n<div id="__docgen">${app}</div>\n</body>\n</html>\n`;
}
