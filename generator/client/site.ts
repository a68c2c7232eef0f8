/**
 * What of the browser's code and styles is the site's own: its theme config and the colours it
 * sets, as two small content-hashed assets beside the client bundle. Kept out of the bundle, they
 * leave it the same for every site, so a build compiles it only when docgen's theme changes.
 */
import { createHash } from 'node:crypto';
import { THEME_CONFIG_GLOBAL, type ThemeConfig } from '../../common/config.ts';
import type { OutputFile } from '../model.ts';

/** A config colour as a CSS value: anything that could end the declaration or the rule is dropped. */
const cssValue = (value: string) => value.replace(/[^#\w\s(),.%/+-]/g, '');

/**
 * The config's colours as CSS: a strict Content-Security-Policy drops inline `style`
 * attributes, so the announcement bar's colours come as a stylesheet.
 */
export function siteCss(config: ThemeConfig): string {
  const bar = config.announcementBar;
  return bar ? `.announcement-bar{background-color:${cssValue(bar.backgroundColor)};color:${cssValue(bar.textColor)}}\n` : '';
}

/** The script that hands the theme its config: run before the client bundle (a deferred classic script, earlier in the document). */
export function configScript(config: ThemeConfig): string {
  return `self.${THEME_CONFIG_GLOBAL}=${JSON.stringify(config)};\n`;
}

/** The site's part of the client assets: what pages load beside the bundle's scripts and styles. */
export interface SiteAssets {
  /** The config script's URL path (`/assets/config.<hash>.js`). */
  config: string;
  /** The site's stylesheet, after the theme's; absent when the config sets no colours. */
  style?: string;
  files: OutputFile[];
}

function hashed(name: string, ext: string, contents: string): OutputFile {
  const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
  return { path: `assets/${name}.${hash}.${ext}`, contents: Buffer.from(contents) };
}

/** The site's config script and stylesheet, named by their content (served as immutable, like the bundle). */
export function siteAssets(config: ThemeConfig): SiteAssets {
  const script = hashed('config', 'js', configScript(config));
  const css = siteCss(config);
  const style = css ? hashed('site', 'css', css) : undefined;
  return { config: `/${script.path}`, ...(style ? { style: `/${style.path}` } : {}), files: style ? [script, style] : [script] };
}
