import { useHref } from '../../runtime/base.ts';
import { latestOf, useVersions } from './context.ts';

/**
 * Above an older version's page: says the docs are of an unmaintained release and links to the
 * same page in the latest version (or its main doc). Nothing for the latest or `banner: "none"`.
 */
export function VersionBanner() {
  const { versions, page, product } = useVersions();
  const href = useHref();
  const own = page && versions.find((v) => v.name === page.name);
  const latest = latestOf(versions);
  if (!own || own === latest || (own.banner ?? 'unmaintained') === 'none') return null;
  return (
    <div className="version-banner" role="note" aria-label="Version notice">
      This is documentation for {product} <strong>{own.label}</strong>, which is no longer actively maintained. For up-to-date documentation, see the{' '}
      <a href={href(page.links[latest.name])}>latest version</a> ({latest.label}).
    </div>
  );
}
