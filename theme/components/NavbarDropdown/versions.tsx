import { useIsBrowser } from '../../runtime/hooks.ts';
import { useLocation } from '../../runtime/location.ts';
import { writeStorage } from '../../runtime/storage.ts';
import type { ThemeConfig } from '../../types.ts';
import { NavLink } from '../NavbarItem/link.tsx';
import { NavbarDropdown } from './index.tsx';

type Version = ThemeConfig['docs']['versions'][number];

/** The same page in a version when the reader is in that version's docs, else its main page. */
export function versionHref(version: Version, route: string): string {
  const root = `${version.path.replace(/\/$/, '')}/`;
  return route.startsWith(root) || route === root.slice(0, -1) ? route : root;
}

/**
 * The docs versions; picking one remembers it under `storageKey` (the config's
 * `storage.preferredVersion`). Labelled `Versions` in the mobile menu.
 */
export function VersionsDropdown({ versions, storageKey, route, position, mobile }: { versions: Version[]; storageKey: string; route: string; position: 'left' | 'right'; mobile?: boolean }) {
  const { search, hash } = useLocation();
  // Query and hash are only known in the browser; adding them after hydration keeps the markup equal.
  const keep = useIsBrowser() ? `${search}${hash}` : '';
  const current = versions.find((v) => versionHref(v, route) === route) ?? versions[0];
  return (
    <NavbarDropdown label={mobile ? 'Versions' : current.label} position={position} mobile={mobile} active={false} className="navbar__versions">
      {versions.map((v) => (
        <NavLink
          key={v.name}
          href={`${versionHref(v, route)}${keep}`}
          label={v.label}
          inDropdown={!mobile}
          mobile={mobile}
          current={v === current ? 'true' : undefined}
          onClick={() => writeStorage(storageKey, v.name)}
        />
      ))}
    </NavbarDropdown>
  );
}
