import { Component, type ReactNode } from 'react';
import type { NavbarItemConfig as ItemConfig } from '../../../common/config.ts';
import type { CustomNavbarItemType } from '../../../common/navigation.ts';
import type { ThemeConfig } from '../../types.ts';
import { ColorModeToggle } from '../ColorModeToggle/index.tsx';
import { NavbarDropdown } from '../NavbarDropdown/index.tsx';
import { SearchBar } from '../SearchBar/index.tsx';
import { VersionsDropdown } from '../NavbarDropdown/versions.tsx';
import { useActiveVersion } from '../Versions/context.ts';
import { NavLink, type LinkProps } from './link.tsx';

export interface ItemProps {
  item: ItemConfig;
  config: ThemeConfig;
  route: string;
  /** The link of the item that marks the reader's section. */
  active?: string;
  /** Rendered in the mobile menu rather than the bar. */
  mobile?: boolean;
  inDropdown?: boolean;
}

function SignIn({ item, mobile }: ItemProps) {
  if (!item.href) throw new Error('custom-signIn needs an "href": the address of the portal it opens');
  return <NavLink href={item.href} label={item.label ?? 'Sign In'} mobile={mobile} className={mobile ? undefined : 'navbar__button'} ariaLabel={item.ariaLabel} />;
}

/** The drawer header carries its own toggle, so the menu list leaves it out. */
function ColorModeItem({ config, mobile }: ItemProps) {
  return mobile ? null : <ColorModeToggle colorMode={config.colorMode} storageKey={config.storage.colorMode} className="navbar__item" />;
}

const CUSTOM: Record<CustomNavbarItemType, (props: ItemProps) => ReactNode> = {
  'custom-colorModeToggle': ColorModeItem,
  'custom-signIn': SignIn,
};

/** A link into the docs: to the same doc in the version the reader is in or picked last. */
function VersionedLink({ links, href, current, ...rest }: Omit<LinkProps, 'current'> & { links: Record<string, string>; current: (href: string) => LinkProps['current'] }) {
  const active = useActiveVersion();
  const to = (active && links[active]) || href;
  return <NavLink {...rest} href={to} current={current(to)} />;
}

/** The main page of the version the reader is in or picked last (else the latest). */
function DocsVersionLink({ item, config, mobile, inDropdown, current }: ItemProps & { current: (href: string) => LinkProps['current'] }) {
  const active = useActiveVersion();
  const version = config.docs.versions.find((v) => v.name === active) ?? config.docs.versions[0];
  const href = item.to ?? `${version.path}/`;
  return <NavLink href={href} label={item.label ?? version.label} mobile={mobile} inDropdown={inDropdown} current={current(href)} className={item.className} />;
}

function Item(props: ItemProps) {
  const { item, config, route, active, mobile, inDropdown } = props;
  const current = (href: string) => (href === route ? 'page' : href === active ? 'true' : undefined);
  switch (item.type) {
    case 'default':
    case 'doc':
    case 'docSidebar': {
      const href = item.href ?? item.to;
      if (!href) throw new Error('the item has neither "to" nor "href"');
      if (item.versionLinks) return <VersionedLink links={item.versionLinks} href={href} label={item.label ?? href} mobile={mobile} inDropdown={inDropdown} current={current} className={item.className} ariaLabel={item.ariaLabel} />;
      return <NavLink href={href} label={item.label ?? href} mobile={mobile} inDropdown={inDropdown} current={current(href)} className={item.className} ariaLabel={item.ariaLabel} />;
    }
    case 'docsVersion':
      return <DocsVersionLink {...props} current={current} />;
    case 'docsVersionDropdown':
      return <VersionsDropdown position={item.position} mobile={mobile} />;
    case 'dropdown': {
      const children = item.items ?? [];
      const open = children.some((c) => c.to && c.to === active);
      return (
        <NavbarDropdown label={item.label ?? ''} position={item.position} mobile={mobile} active={open} className={item.className}>
          {children.map((sub, i) => (
            <Item key={i} {...props} item={sub as ItemConfig} inDropdown />
          ))}
        </NavbarDropdown>
      );
    }
    case 'html': {
      const html = { __html: item.value ?? '' };
      if (mobile) return <li className="menu__list-item menu__html" dangerouslySetInnerHTML={html} />;
      return inDropdown ? <li className="dropdown__html" dangerouslySetInnerHTML={html} /> : <div className={`navbar__item${item.className ? ` ${item.className}` : ''}`} dangerouslySetInnerHTML={html} />;
    }
    // The search box stays in the bar on narrow screens too, so the mobile menu leaves it out.
    case 'search':
      return mobile || inDropdown ? null : <SearchBar config={config} />;
    // Only one locale can be built, so there is nothing to switch to.
    case 'localeDropdown':
      return null;
    default: {
      const Custom = CUSTOM[item.type as CustomNavbarItemType];
      if (!Custom) throw new Error(`No NavbarItem component found for type "${item.type}".`);
      return <Custom {...props} />;
    }
  }
}

/**
 * Rethrows an item's render error with the item's configuration in the message, so the crash
 * screen says which entry of `navbar.items` to fix. (On the server nothing is caught: the
 * build fails instead.)
 */
class ItemBoundary extends Component<{ item: ItemConfig; children: ReactNode }, { failed: boolean; error: unknown }> {
  state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  render() {
    if (this.state.failed) {
      throw new Error(`A theme navbar item failed to render.\nPlease double-check the following navbar item (navbar.items in site.config.ts):\n${JSON.stringify(this.props.item, null, 2)}`, {
        cause: this.state.error,
      });
    }
    return this.props.children;
  }
}

/** A top-level navbar item of any type, behind its own error boundary. */
export function NavbarItem(props: ItemProps) {
  return (
    <ItemBoundary item={props.item}>
      <Item {...props} />
    </ItemBoundary>
  );
}
