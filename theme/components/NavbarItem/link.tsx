import type { MouseEventHandler, ReactNode } from 'react';
import { isExternal } from '../../../common/navigation.ts';
import { useHref } from '../../runtime/base.ts';

export interface LinkProps {
  href: string;
  label: ReactNode;
  mobile?: boolean;
  inDropdown?: boolean;
  /** `page` on the page itself, `true` anywhere else in its section. */
  current?: 'page' | 'true';
  className?: string;
  ariaLabel?: string;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
  /** Only `className`: for links outside the navbar. */
  bare?: boolean;
}

/** One link, shaped for the bar, a dropdown menu or the mobile menu. External ones open a new tab. */
export function NavLink({ href, label, mobile, inDropdown, current, className, ariaLabel, onClick, bare }: LinkProps) {
  const withBase = useHref();
  const base = bare ? '' : mobile ? 'menu__link' : inDropdown ? 'dropdown__link' : 'navbar__item navbar__link';
  const link = (
    <a
      className={[base, className].filter(Boolean).join(' ')}
      href={withBase(href)}
      {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...(current ? { 'aria-current': current } : {})}
      aria-label={ariaLabel}
      onClick={onClick}
    >
      {label}
    </a>
  );
  return mobile || inDropdown ? <li className={mobile ? 'menu__list-item' : undefined}>{link}</li> : link;
}

