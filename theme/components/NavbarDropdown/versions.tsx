import { useIsBrowser } from '../../runtime/hooks.ts';
import { useLocation } from '../../runtime/location.ts';
import { writeStorage } from '../../runtime/storage.ts';
import type { ThemeConfig } from '../../types.ts';
import { NavLink } from '../NavbarItem/link.tsx';
import { latestOf, useActiveVersion, useVersions } from '../Versions/context.ts';
import { NavbarDropdown } from './index.tsx';

type Version = ThemeConfig['docs']['versions'][number];

/** A version's main page (its route base), for pages outside the docs. */
export function versionHref(version: Version): string {
  return `${version.path.replace(/\/$/, '')}/`;
}

/**
 * The docs versions: each entry opens the same page in that version, or the version's main doc
 * when the page is not there (outside the docs: its main doc). Picking one remembers it under
 * the config's `storage.preferredVersion`; the navbar's docs links follow it. Labelled
 * `Versions` in the mobile menu; nothing with one version.
 */
export function VersionsDropdown({ position, mobile }: { position: 'left' | 'right'; mobile?: boolean }) {
  const { versions, page, storageKey } = useVersions();
  const { search, hash } = useLocation();
  const active = useActiveVersion();
  // Query and hash are only known in the browser; adding them after hydration keeps the markup equal.
  const keep = useIsBrowser() ? `${search}${hash}` : '';
  if (versions.length < 2) return null;
  const current = versions.find((v) => v.name === active) ?? latestOf(versions);
  return (
    <NavbarDropdown label={mobile ? 'Versions' : current.label} position={position} mobile={mobile} active={false} className="navbar__versions">
      {versions.map((v) => {
        const same = page?.links[v.name];
        return (
          <NavLink
            key={v.name}
            href={same ? `${same}${page?.name === v.name ? keep : ''}` : versionHref(v)}
            label={v.label}
            inDropdown={!mobile}
            mobile={mobile}
            current={v === current ? 'true' : undefined}
            onClick={() => writeStorage(storageKey, v.name)}
          />
        );
      })}
    </NavbarDropdown>
  );
}
