import { useEffect, useState, useSyncExternalStore } from 'react';

const never = () => () => {};

/** False on the server and during hydration, true once the page is interactive. */
export function useIsBrowser(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** Where the mobile menu takes over, matching the stylesheet's `max-width: 996px`. */
export const DESKTOP_MIN_WIDTH = 997;

export type WindowSize = 'ssr' | 'mobile' | 'desktop';

function measure(): WindowSize {
  return window.innerWidth >= DESKTOP_MIN_WIDTH ? 'desktop' : 'mobile';
}

/** `ssr` until mounted (so hydration matches the server), then follows the viewport. */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const update = () => setSize(measure());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
