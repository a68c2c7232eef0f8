import { useEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from '../../runtime/location.ts';

/** Focus an element that is not focusable by itself, until focus moves on. */
function focusOnce(el: HTMLElement) {
  el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  // Removing the tabindex at once would blur it again.
  el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
}

/** Moves keyboard focus past the navbar; without JavaScript the href jumps there instead. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  event.preventDefault();
  focusOnce(main);
}

/**
 * The first Tab stop of every page. After a client navigation focus returns here, as after a
 * full page load, so the next Tab offers the skip link again instead of the old page's link.
 */
export function SkipToContent() {
  const { route, hash } = useLocation();
  const region = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash && region.current) focusOnce(region.current);
  }, [route, hash]);
  return (
    <div role="region" aria-label="Skip to main content" ref={region}>
      <a className="skip-to-content" href="#main-content" onClick={focusMain}>
        Skip to main content
      </a>
    </div>
  );
}
