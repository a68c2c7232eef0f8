import { useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';

/** The first render's closed state, as a class: a strict Content-Security-Policy drops inline `style` attributes. */
export const CLOSED_CLASS = 'collapsible--closed';

const CLOSED: CSSProperties = { display: 'none', overflow: 'hidden', height: '0px' };
const OPEN: CSSProperties = { display: 'block', overflow: 'visible', height: 'auto' };

/** Longer content takes longer to open, but sub-linearly, so big lists don't crawl. */
export function collapseDuration(height: number): number {
  const c = height / 36;
  return Math.round((4 + 15 * c ** 0.25 + c / 5) * 10);
}

function apply(el: HTMLElement, style: CSSProperties) {
  Object.assign(el.style, style);
}

/**
 * Animated height for a collapsible list. The first render gives a closed list `CLOSED_CLASS`
 * (so the server HTML is already right and nothing moves on load); later changes animate from
 * the measured height through the element's CSSOM style, which overrides the class and which
 * a strict policy allows, 1 ms under reduced motion so `transitionend` still settles the state.
 */
export function useCollapsible<T extends HTMLElement>(open: boolean): { ref: RefObject<T | null>; className: string } {
  const ref = useRef<T | null>(null);
  const [className] = useState(() => (open ? '' : CLOSED_CLASS));
  const first = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (first.current || !el) {
      first.current = false;
      return;
    }
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const frames: number[] = [];
    const onEnd = (event: TransitionEvent) => {
      if (event.target !== el || event.propertyName !== 'height') return;
      el.style.removeProperty('will-change');
      el.style.removeProperty('transition');
      apply(el, open ? OPEN : CLOSED);
    };
    el.addEventListener('transitionend', onEnd);
    const animate = () => {
      const height = el.scrollHeight;
      el.style.willChange = 'height';
      el.style.transition = `height ${reduced ? 1 : collapseDuration(height)}ms ease-in-out`;
      return height;
    };
    if (open) {
      apply(el, { display: 'block', overflow: 'hidden', height: '0px' });
      frames.push(requestAnimationFrame(() => (el.style.height = `${animate()}px`)));
    } else {
      frames.push(
        requestAnimationFrame(() => {
          el.style.height = `${animate()}px`;
          el.style.overflow = 'hidden';
          frames.push(requestAnimationFrame(() => (el.style.height = '0px')));
        }),
      );
    }
    return () => {
      frames.forEach(cancelAnimationFrame);
      el.removeEventListener('transitionend', onEnd);
    };
  }, [open]);
  return { ref, className };
}
