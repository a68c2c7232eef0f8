import type { ThemeConfig } from '../../common/config.ts';
import type { ServerTheme } from '../../common/theme.ts';
import { ConfigError } from '../errors.ts';

/**
 * On the server React's error boundaries catch nothing, so an item that throws would fail the
 * build with a bare message. Render each item once up front, in the bar and in the mobile
 * menu, so the failure names the item's place in the config and shows what it says.
 */
export function checkNavbarItems(config: ThemeConfig, theme: ServerTheme): void {
  config.navbar.items.forEach((item, i) => {
    for (const mobile of [false, true]) {
      try {
        theme.renderNavbarItem(config, item, mobile);
      } catch (err) {
        throw new ConfigError(`navbar.items[${i}] failed to render: ${(err as Error).message}`, { file: 'site.config.ts' }, `check this item:\n${JSON.stringify(item, null, 2)}`, { cause: err });
      }
    }
  });
}
