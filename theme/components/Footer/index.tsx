import { useHref, useHtmlWithBase } from '../../runtime/base.ts';
import type { ThemeConfig } from '../../types.ts';
import { LogoImages } from '../Logo/index.tsx';
import { NavLink } from '../NavbarItem/link.tsx';

type FooterEntry = ThemeConfig['footer']['links'][number];
type FooterLink = { label: string; to?: string; href?: string };

function Link({ link }: { link: FooterLink }) {
  return <NavLink href={link.href ?? link.to ?? '#'} label={link.label} className="footer__link" bare />;
}

/** Columns of links (or a flat list), the logo, then the copyright line; light or dark style. */
export function Footer({ config }: { config: ThemeConfig }) {
  const { links, copyright, style, logo } = config.footer;
  const href = useHref();
  const copyrightHtml = useHtmlWithBase(copyright ?? '');
  const columns = links.filter((l): l is Extract<FooterEntry, { title: string }> => 'title' in l);
  const flat = links.filter((l): l is FooterLink => !('title' in l));
  return (
    <footer className={`footer footer--${style}`}>
      {columns.length > 0 && (
        <div className="footer__columns">
          {columns.map((c) => (
            <div key={c.title} className="footer__column">
              <p className="footer__title">{c.title}</p>
              <ul>
                {c.items.map((l) => (
                  <li key={l.label}>
                    <Link link={l} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
      {flat.length > 0 && (
        <p className="footer__flat">
          {flat.map((l) => (
            <Link key={l.label} link={l} />
          ))}
        </p>
      )}
      {logo && (
        <div className="footer__logo">
          <a href={logo.href && href(logo.href)}>
            <LogoImages logo={logo} />
          </a>
        </div>
      )}
      {copyright && <p className="footer__copyright" dangerouslySetInnerHTML={{ __html: copyrightHtml }} />}
    </footer>
  );
}
