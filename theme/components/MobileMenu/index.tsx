import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import type { NavbarItemConfig as ItemConfig } from '../../../common/config.ts';
import { isExternal } from '../../../common/navigation.ts';
import type { SidebarNode, ThemeConfig } from '../../types.ts';
import { ColorModeToggle } from '../ColorModeToggle/index.tsx';
import { Brand } from '../Logo/index.tsx';
import { NavbarItem } from '../NavbarItem/index.tsx';
import { Sidebar } from '../Sidebar/index.tsx';
import { useFocusTrap } from './trap.ts';

interface Props {
  config: ThemeConfig;
  route: string;
  active?: string;
  /** The doc page's sidebar, shown as a secondary menu. */
  sidebar: SidebarNode[] | null;
  shown: boolean;
  onClose: (restoreFocus: boolean) => void;
}

/** Custom items and external links go below the divider (Sign In, the source link); the rest above. */
function split(items: ItemConfig[]): [ItemConfig[], ItemConfig[]] {
  const below = (i: ItemConfig) => i.type.startsWith('custom-') || (!!i.href && isExternal(i.href));
  const after = items.filter(below);
  return [items.filter((i) => !below(i)), [...after.filter((i) => i.type.startsWith('custom-')), ...after.filter((i) => !i.type.startsWith('custom-'))]];
}

/**
 * The slide-out panel of narrow screens: the navbar's items, and on doc pages the page's
 * sidebar as a secondary menu that each opening starts on. While open it is a modal dialog:
 * focus stays inside and the page behind is inert.
 */
export function MobileMenu({ config, route, active, sidebar, shown, onClose }: Props) {
  const [secondary, setSecondary] = useState(!!sidebar);
  const close = useRef<HTMLButtonElement>(null);
  const primary = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // The backdrop stays live: a click on it closes the menu.
  useFocusTrap(dialog, shown, '.navbar-sidebar__backdrop');
  useEffect(() => {
    if (shown) close.current?.focus();
    else setSecondary(!!sidebar);
  }, [shown, sidebar]);

  const [main, actions] = split(config.navbar.items);
  const render = (items: ItemConfig[]) => items.map((item, i) => <NavbarItem key={i} item={item} config={config} route={route} active={active} mobile />);
  // Following a link closes the menu (the router then loads the page).
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a[href]')) onClose(false);
  };
  // The sidebar panel turns inert: focus follows the reader to the main menu.
  const back = () => {
    flushSync(() => setSecondary(false));
    primary.current?.querySelector<HTMLElement>('a[href], button')?.focus();
  };
  return (
    <div ref={dialog} className="navbar-sidebar" id="navbar-sidebar" aria-label="Navigation menu" role="dialog" aria-modal="true" inert={!shown} onClick={onClick}>
      <div className="navbar-sidebar__brand">
        <Brand navbar={config.navbar} />
        <ColorModeToggle colorMode={config.colorMode} storageKey={config.storage.colorMode} />
        <button ref={close} type="button" className="navbar-sidebar__close" aria-label="Close navigation bar" onClick={() => onClose(true)}>
          <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M.75.75l13.5 13.5M14.25.75L.75 14.25" />
          </svg>
        </button>
      </div>
      <div className={`navbar-sidebar__items${secondary && sidebar ? ' navbar-sidebar__items--show-secondary' : ''}`}>
        <div ref={primary} className="navbar-sidebar__item menu" inert={!!(secondary && sidebar)}>
          <ul className="menu__list">{render(main)}</ul>
          {actions.length > 0 && <hr className="navbar-sidebar__divider" />}
          <ul className="menu__list">{render(actions)}</ul>
        </div>
        {sidebar && (
          <div className="navbar-sidebar__item menu" inert={!secondary}>
            <button type="button" className="navbar-sidebar__back" onClick={back}>
              ← Back to main menu
            </button>
            <Sidebar nodes={sidebar} route={route} />
          </div>
        )}
      </div>
    </div>
  );
}
