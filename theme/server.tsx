/** The theme's server entry: what the render stage calls (see common/theme.ts). */
import { renderToString } from 'react-dom/server';
import type { ServerTheme } from '../common/theme.ts';
import { App } from './components/App/index.tsx';
import { NavbarItem } from './components/NavbarItem/index.tsx';
import { itemsFromSidebar, PrunedItemsContext } from './components/Sidebar/pruned.ts';

export const serverTheme: ServerTheme = {
  renderPage(config, page, sidebar) {
    const app = <App config={config} page={page} />;
    return renderToString(sidebar ? <PrunedItemsContext.Provider value={itemsFromSidebar(sidebar)}>{app}</PrunedItemsContext.Provider> : app);
  },
  renderNavbarItem(config, item, mobile) {
    return renderToString(<NavbarItem item={item} config={config} route="/" mobile={mobile} />);
  },
};
