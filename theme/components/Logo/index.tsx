import { useHref } from '../../runtime/base.ts';
import type { ThemeConfig } from '../../types.ts';

type LogoConfig = NonNullable<ThemeConfig['navbar']['logo']>;

/**
 * Light and dark images are both in the markup and the stylesheet shows the one matching
 * `data-theme`, so the right one is there at first paint. `compact` adds the small mark that
 * replaces them on narrow screens. Lazy loading leaves the hidden ones unfetched; the configured
 * width keeps the bar from shifting when the visible one arrives.
 */
export function LogoImages({ logo, compact = false }: { logo: LogoConfig; compact?: boolean }) {
  const mobile = compact && logo.srcMobile;
  const src = useHref();
  return (
    <>
      <img loading="lazy" className={`logo logo--light${mobile ? ' logo--wide' : ''}`} src={src(logo.src)} alt={logo.alt} width={logo.width} height={logo.height} />
      <img loading="lazy" className={`logo logo--dark${mobile ? ' logo--wide' : ''}`} src={src(logo.srcDark ?? logo.src)} alt={logo.alt} width={logo.width} height={logo.height} />
      {mobile && <img loading="lazy" className="logo logo--mobile" src={src(mobile)} alt={logo.alt} width={logo.widthMobile} height={logo.height} />}
    </>
  );
}

/** The brand link to the home page: logo and/or site title. */
export function Brand({ navbar, compact }: { navbar: ThemeConfig['navbar']; compact?: boolean }) {
  const { logo, title } = navbar;
  const href = useHref();
  return (
    <a className="navbar__brand" href={href(logo?.href ?? '/')}>
      {logo && <LogoImages logo={logo} compact={compact} />}
      {title && <b className="navbar__title">{title}</b>}
    </a>
  );
}
