import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { activeHref } from '../../../common/navigation.ts';
import { useWindowSize } from '../../runtime/hooks.ts';
import type { SidebarNode, SiteProps } from '../../types.ts';
import { Brand } from '../Logo/index.tsx';
import { MobileMenu } from '../MobileMenu/index.tsx';
import { NavbarItem } from '../NavbarItem/index.tsx';

/**
 * While the menu is open, the browser's Back closes it instead of leaving the page: the
 * history move is undone before the router (which listens in the bubble phase) sees it.
 */
function useBackCloses(shown: boolean, close: () => void) {
  const state = useRef({ shown, close, undoing: false });
  state.current.shown = shown;
  state.current.close = close;
  useEffect(() => {
    const onPop = (event: PopStateEvent) => {
      const s = state.current;
      if (!s.shown && !s.undoing) return;
      event.stopImmediatePropagation();
      if (s.undoing) {
        s.undoing = false;
        return;
      }
      s.undoing = true;
      s.close();
      history.go(1);
    };
    window.addEventListener('popstate', onPop, true);
    return () => window.removeEventListener('popstate', onPop, true);
  }, []);
}

/** With `hideOnScroll`, the bar slides away while the reader scrolls down and back on the way up. */
function useHideOnScroll(enabled: boolean, nav: RefObject<HTMLElement | null>): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < (nav.current?.offsetHeight ?? 0)) setHidden(false);
      else if (Math.abs(y - last) > 4) setHidden(y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled, nav]);
  return hidden;
}

/** Logo, left items, right items; on narrow screens a hamburger opens the mobile menu. */
export function Navbar({ config, route, sidebar = null }: SiteProps & { sidebar?: SidebarNode[] | null }) {
  const { items } = config.navbar;
  const active = activeHref(items, route);
  const size = useWindowSize();
  const [shown, setShown] = useState(false);
  const hamburger = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const hidden = useHideOnScroll(config.navbar.hideOnScroll, nav) && !shown;
  // The page behind stops being inert when the menu closes: only then can focus go back to it.
  const close = useCallback((restoreFocus: boolean) => {
    if (!restoreFocus) return setShown(false);
    flushSync(() => setShown(false));
    hamburger.current?.focus();
  }, []);

  useBackCloses(shown, () => close(true));
  useEffect(() => {
    if (size === 'desktop') setShown(false);
  }, [size]);
  useEffect(() => {
    document.body.style.overflow = shown ? 'hidden' : 'visible';
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = 'visible';
    };
  }, [shown, close]);

  const side = (position: 'left' | 'right') =>
    items.map((item, n) => item.position === position && <NavbarItem key={n} item={item} config={config} route={route} active={active} />);
  return (
    <nav ref={nav} className={`navbar${shown ? ' navbar-sidebar--show' : ''}${hidden ? ' navbar--hidden' : ''}`} aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <button ref={hamburger} type="button" className="navbar__hamburger" aria-label="Toggle navigation bar" aria-expanded={shown} aria-controls="navbar-sidebar" onClick={() => setShown((s) => !s)}>
            <svg viewBox="0 0 30 30" width="30" height="30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeMiterlimit="10" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <Brand navbar={config.navbar} compact />
          {side('left')}
        </div>
        <div className="navbar__items navbar__items--right">{side('right')}</div>
      </div>
      {size === 'mobile' && (
        <>
          <div className="navbar-sidebar__backdrop" role="presentation" onClick={() => close(false)} />
          <MobileMenu config={config} route={route} active={active} sidebar={sidebar} shown={shown} onClose={close} />
        </>
      )}
    </nav>
  );
}
