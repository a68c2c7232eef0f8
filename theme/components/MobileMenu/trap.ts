import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** What Tab can reach inside `container`, in order: not inert, not hidden, not tabindex=-1. */
function tabbables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.checkVisibility({ visibilityProperty: true }),
  );
}

/**
 * Everything beside the path from `container` up to <body> turns inert (except what matches
 * `keep`), so
 * neither Tab nor a screen reader's cursor reaches the page behind; returns the undo.
 */
function inertOutside(container: HTMLElement, keep: string): () => void {
  const made: Element[] = [];
  for (let node: HTMLElement | null = container; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || sibling.matches(keep) || sibling.hasAttribute('inert')) continue;
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => made.forEach((el) => el.removeAttribute('inert'));
}

/**
 * While `active`, focus stays inside the dialog: Tab from its last control goes to the first,
 * Shift+Tab from the first to the last, and the rest of the page is inert. A layout effect, so
 * the page is usable again in the same commit that closes the dialog (focus can go back at once).
 */
export function useFocusTrap(dialog: RefObject<HTMLElement | null>, active: boolean, keep: string): void {
  useLayoutEffect(() => {
    const container = dialog.current;
    if (!active || !container) return;
    const undo = inertOutside(container, keep);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = tabbables(container);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      const inside = current instanceof HTMLElement && container.contains(current);
      if (event.shiftKey && (!inside || current === first)) last.focus();
      else if (!event.shiftKey && (!inside || current === last)) first.focus();
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      undo();
    };
  }, [dialog, active, keep]);
}
