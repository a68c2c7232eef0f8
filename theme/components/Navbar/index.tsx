import type { NavbarItem } from '../../../generator/config/schema.ts';
import { isExternal } from '../../helpers.ts';
import type { SiteProps } from '../../types.ts';

function ColorModeToggle() {
  return (
    <button type="button" className="navbar__toggle" data-color-mode-toggle="" aria-label="Switch between dark and light mode" title="Switch between dark and light mode">
      <span aria-hidden="true">◐</span>
    </button>
  );
}

/** The item whose link is the longest prefix of the route marks the reader's section. */
export function activeHref(items: NavbarItem[], route: string): string | undefined {
  const prefixes = items
    .map((i) => i.to)
    .filter((to): to is string => !!to && to !== '/' && (route === to || route.startsWith(to.replace(/\/?$/, '/'))));
  return prefixes.sort((a, b) => b.length - a.length)[0];
}

function Item({ item, active }: { item: NavbarItem; active?: string }) {
  if (item.type === 'custom-colorModeToggle') return <ColorModeToggle />;
  const href = item.href ?? item.to;
  if (!href) return null;
  const external = isExternal(href);
  const section = !external && item.to === active;
  const className = item.type === 'custom-signIn' ? 'navbar__button' : 'navbar__link';
  return (
    <a
      className={`${className}${item.className ? ` ${item.className}` : ''}`}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...(section ? { 'aria-current': 'page' as const } : {})}
      aria-label={item.ariaLabel}
    >
      {item.label}
    </a>
  );
}

/** The top bar: logo, left items, right items. Items link without JavaScript. */
export function Navbar({ config, route }: SiteProps) {
  const { logo, title, items } = config.navbar;
  const active = activeHref(items, route);
  const side = (position: 'left' | 'right') =>
    items.filter((i) => i.position === position).map((item, n) => <Item key={`${position}-${n}`} item={item} active={active} />);
  return (
    <nav className="navbar" aria-label="Main">
      <a className="navbar__brand" href={logo?.href ?? '/'}>
        {logo && (
          <>
            <img className="navbar__logo navbar__logo--light" src={logo.src} alt={logo.alt} height={32} />
            {logo.srcDark && <img className="navbar__logo navbar__logo--dark" src={logo.srcDark} alt={logo.alt} height={32} />}
          </>
        )}
        {title && <b className="navbar__title">{title}</b>}
      </a>
      <div className="navbar__items">{side('left')}</div>
      <div className="navbar__items navbar__items--right">{side('right')}</div>
    </nav>
  );
}
