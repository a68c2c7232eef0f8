import type { MouseEvent } from 'react';

/** Moves keyboard focus past the navbar; without JavaScript the href jumps there instead. */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.querySelector<HTMLElement>('main');
  if (!main) return;
  event.preventDefault();
  main.setAttribute('tabindex', '-1');
  main.focus();
  // Removing the tabindex at once would blur it again; once focus leaves, main is plain again.
  main.addEventListener('blur', () => main.removeAttribute('tabindex'), { once: true });
}

export function SkipToContent() {
  return (
    <div role="region" aria-label="Skip to main content">
      <a className="skip-to-content" href="#main-content" onClick={focusMain}>
        Skip to main content
      </a>
    </div>
  );
}
